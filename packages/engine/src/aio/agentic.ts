// Lighthouse's agentic-browsing audits (how well an AI agent driving a browser can use the page), folded
// in when a Lighthouse run produced them.
import type { Localized } from '../types.ts'

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
