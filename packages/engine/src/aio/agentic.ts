// Lighthouse's agentic-browsing audits (how well an AI agent driving a browser can use the page), folded
// in when a Lighthouse run produced them. The verdict is Lighthouse's: it passes an audit at a score of
// 0.9 or more (its report's pass threshold) and fails it below; not applicable stays not applicable.
// Lighthouse's llms-txt audit is not repeated here: Farol judges llms.txt itself (llms-txt.ts), and its
// finding carries Lighthouse's verdict as evidence, so the two never stand side by side disagreeing.
import type { Finding, Localized, Verdict } from '../types.ts'
import type { BuiltFinding } from './finding.ts'
import { STRENGTH } from './strength.ts'

export interface AgenticAudit {
  id: string
  /** 0-1, or null when the audit was not applicable. */
  score: number | null
  /**
   * Lighthouse's title (its pass or failure wording): in both languages from a Lighthouse run
   * (lighthouse/localize.ts), or one string in the language Lighthouse ran in.
   */
  title: Localized | string
}

export interface LighthouseInput {
  agenticAudits?: AgenticAudit[]
}

export interface AgenticSignals {
  audits: AgenticAudit[]
  /** Mean of the scored audits, 0-1; null when none was scored. */
  averageScore: number | null
}

export function measureAgentic(lighthouse: LighthouseInput | undefined): AgenticSignals {
  const audits = lighthouse?.agenticAudits ?? []
  const scored = audits
    .map((a) => a.score)
    .filter((s): s is number => typeof s === 'number' && Number.isFinite(s))
  return {
    audits,
    averageScore: scored.length
      ? Math.round((scored.reduce((a, b) => a + b, 0) / scored.length) * 100) / 100
      : null,
  }
}

/**
 * Farol's names for the audits of Lighthouse 13's agentic-browsing category, in both languages. Lighthouse
 * titles an audit in the language it ran in, and differently when it passes and when it fails; results are
 * read in either language, so the findings name the audit with these. An audit Lighthouse adds later keeps
 * its Lighthouse title until it is named here (test/bilingual.test.ts fails until then).
 */
export const AGENTIC_AUDIT_NAMES: Record<string, Localized> = {
  'agent-accessibility-tree': {
    pt: 'Árvore de acessibilidade bem formada',
    en: 'Well-formed accessibility tree',
  },
  'webmcp-form-coverage': { pt: 'Cobertura dos formulários por WebMCP', en: 'WebMCP form coverage' },
  'webmcp-registered-tools': { pt: 'Ferramentas WebMCP registadas', en: 'Registered WebMCP tools' },
  'webmcp-schema-validity': { pt: 'Esquemas WebMCP válidos', en: 'Valid WebMCP schemas' },
  'cumulative-layout-shift': {
    pt: 'Estabilidade do esquema (Cumulative Layout Shift)',
    en: 'Layout stability (Cumulative Layout Shift)',
  },
  'llms-txt': { pt: 'llms.txt conforme as recomendações', en: 'llms.txt following the recommendations' },
  'ard-schema': { pt: 'Esquema de ai-catalog.json válido', en: 'Valid ai-catalog.json schema' },
}

export function agenticAuditName(audit: AgenticAudit): Localized {
  const { title } = audit
  return AGENTIC_AUDIT_NAMES[audit.id] ?? (typeof title === 'string' ? { pt: title, en: title } : title)
}

/** Lighthouse's pass threshold (report renderer's PASS_THRESHOLD). */
export const LIGHTHOUSE_PASS = 0.9

export function agenticVerdict(score: number | null): Verdict {
  return score === null ? 'na' : score >= LIGHTHOUSE_PASS ? 'pass' : 'fail'
}

export function agenticFindings(a: AgenticSignals): BuiltFinding[] {
  return a.audits
    .filter((audit) => audit.id !== 'llms-txt')
    .map((audit) => {
      const verdict = agenticVerdict(audit.score)
      const score = audit.score === null ? null : Math.round(audit.score * 100)
      const name = agenticAuditName(audit)
      const finding: Finding = {
        id: `aio-agentic-${audit.id}`,
        category: 'technical',
        verdict,
        score,
        impact: 'low',
        title: { pt: `Lighthouse (agentes): ${name.pt}`, en: `Lighthouse (agents): ${name.en}` },
        description: {
          pt: `A auditoria "${name.pt}" do Lighthouse, sobre agentes de IA que usam a página, ${score === null ? 'não se aplica a esta página' : `tem ${score}/100`}.`,
          en: `Lighthouse's "${name.en}" audit, about AI agents using the page, ${score === null ? 'does not apply to this page' : `scores ${score}/100`}.`,
        },
        evidence: [
          {
            signal: { pt: `pontuação Lighthouse (${audit.id})`, en: `Lighthouse score (${audit.id})` },
            value: audit.score,
            target: { pt: '≥ 0,9', en: '≥ 0.9' },
            where: { pt: 'relatório do Lighthouse', en: 'the Lighthouse report' },
          },
        ],
        strength: { level: STRENGTH.agentic.level, note: STRENGTH.agentic.note },
        measuredOn: 'rendered',
      }
      if (verdict !== 'fail') return { finding }
      return {
        finding,
        recommendation: {
          title: { pt: `Corrija "${name.pt}" (Lighthouse)`, en: `Fix "${name.en}" (Lighthouse)` },
          explanation: {
            pt: `Veja os elementos indicados pela auditoria "${name.pt}" no relatório do Lighthouse e corrija-os para que agentes de IA consigam usar a página.`,
            en: `Check the elements listed by the "${name.en}" audit in the Lighthouse report and fix them so AI agents can use the page.`,
          },
        },
      }
    })
}
