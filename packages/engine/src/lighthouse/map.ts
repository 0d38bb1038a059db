// Maps a Lighthouse result (LHR) to the spec's SEO result (§3 "SEO result", §9 "Audit mapping").
// Pure: no I/O, so it is tested on a saved LHR.
import type { Localized } from '../types.ts'
import type {
  AgenticAudit,
  AuditTexts,
  LighthouseResult,
  LighthouseTexts,
  SeoRecommendation,
  SeoResult,
} from './types.ts'

type Audit = LighthouseResult['audits'][string]

/**
 * The audit's texts in both languages from `texts` (localize.ts); without them, the run's own texts
 * stand for both languages, which only a caller with no Lighthouse localisation at hand should accept.
 */
function textsOf(audit: Audit, texts: LighthouseTexts | undefined): AuditTexts {
  const found = texts?.[audit.id]
  if (found) return found
  const same = (text: string): Localized => ({ pt: text, en: text })
  return {
    title: same(audit.title),
    description: same(audit.description),
    ...(audit.displayValue ? { displayValue: same(audit.displayValue) } : {}),
  }
}

/** What Lighthouse does not put in its result but the raw HTML has (title and description texts). */
export interface PageMeta {
  title: string
  description: string
}

// Score display modes that carry no verdict: the audit did not apply, needs a human, or errored.
const unscored = new Set(['notApplicable', 'manual', 'informative', 'error'])

function numeric(audit: Audit | undefined): number | null {
  const v = audit?.numericValue
  return typeof v === 'number' && Number.isFinite(v) ? v : null
}

/** Milliseconds → seconds, to the millisecond (spec §9: fcp, lcp, speed index, tti ÷ 1000). */
function seconds(audit: Audit | undefined): number | null {
  const ms = numeric(audit)
  return ms === null ? null : Math.round(ms) / 1000
}

function passes(audit: Audit | undefined): boolean {
  return audit?.score === 1
}

function categoryScore(lhr: LighthouseResult, id: string): number | null {
  const score = lhr.categories[id]?.score
  return typeof score === 'number' ? Math.round(score * 100) : null
}

export function impactOf(score: number): SeoRecommendation['impact'] {
  return score < 0.5 ? 'high' : score < 0.9 ? 'medium' : 'low'
}

/**
 * Lighthouse 13 replaced most of the old "opportunity" audits with performance insights (`*-insight`,
 * scored 0 or 1); a few opportunities remain (unused-javascript, unminified-css, …). Both are what the
 * spec calls opportunity audits. Only scored ones below 1 count (spec §9).
 */
function isOpportunity(audit: Audit): boolean {
  return audit.details?.type === 'opportunity' || audit.id.endsWith('-insight')
}

function categoryOf(lhr: LighthouseResult): (auditId: string) => string {
  const byAudit = new Map<string, string>()
  for (const [categoryId, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) if (!byAudit.has(ref.id)) byAudit.set(ref.id, categoryId)
  }
  return (auditId) => byAudit.get(auditId) ?? 'performance'
}

function recommendations(lhr: LighthouseResult, texts: LighthouseTexts | undefined): SeoRecommendation[] {
  const category = categoryOf(lhr)
  const out: SeoRecommendation[] = []
  for (const audit of Object.values(lhr.audits)) {
    if (!isOpportunity(audit)) continue
    if (typeof audit.score !== 'number' || audit.score >= 1 || unscored.has(audit.scoreDisplayMode)) continue
    const { title, description, displayValue } = textsOf(audit, texts)
    out.push({
      id: audit.id,
      title,
      description,
      impact: impactOf(audit.score),
      category: category(audit.id),
      score: audit.score,
      ...(displayValue && (displayValue.pt || displayValue.en) ? { displayValue } : {}),
    })
  }
  // Worst first, then by id so the order is stable between runs.
  return out.sort((a, b) => (a.score ?? 0) - (b.score ?? 0) || a.id.localeCompare(b.id))
}

function agenticAudits(lhr: LighthouseResult, texts: LighthouseTexts | undefined): AgenticAudit[] {
  const category = lhr.categories['agentic-browsing']
  if (!category) return []
  return category.auditRefs.flatMap((ref) => {
    const audit = lhr.audits[ref.id]
    if (!audit) return []
    const score =
      typeof audit.score === 'number' && !unscored.has(audit.scoreDisplayMode) ? audit.score : null
    return [{ id: audit.id, score, title: textsOf(audit, texts).title }]
  })
}

/**
 * Heading flags from the heading-order audit (spec §9): passing sets hasH1 and headingsOrder and clears
 * multipleH1; failing does the opposite. Lighthouse marks the audit not applicable when the page has no
 * headings at all: then there is no h1 and no order to speak of, so every flag is false.
 */
function headings(audit: Audit | undefined): SeoResult['headingsStructure'] {
  if (!audit || audit.score === null || unscored.has(audit.scoreDisplayMode)) {
    return { hasH1: false, multipleH1: false, headingsOrder: false }
  }
  const ok = audit.score === 1
  return { hasH1: ok, multipleH1: !ok, headingsOrder: ok }
}

/**
 * `meta` gives the title and description texts, which an LHR does not contain; without it the texts are
 * empty and only the audits' verdicts are known. `texts` are the audits' texts in both languages
 * (lighthouseTexts, run where Lighthouse is loaded); without them the LHR's own language stands for both.
 */
export function mapLighthouseResult(
  lhr: LighthouseResult,
  meta?: PageMeta,
  texts?: LighthouseTexts,
): SeoResult {
  const a = lhr.audits
  const https = passes(a['is-on-https'])
  const title = meta?.title ?? ''
  const description = meta?.description ?? ''
  return {
    performanceScore: categoryScore(lhr, 'performance'),
    fcp: seconds(a['first-contentful-paint']),
    lcp: seconds(a['largest-contentful-paint']),
    speedIndex: seconds(a['speed-index']),
    tti: seconds(a.interactive),
    tbt: numeric(a['total-blocking-time']),
    cls: numeric(a['cumulative-layout-shift']),
    fid: numeric(a['max-potential-fid']),
    // Lighthouse 13 dropped the `viewport` audit; its successor is the viewport insight.
    mobileFriendly: passes(a.viewport ?? a['viewport-insight']),
    // Spec §9: mixedContent is the negation of the https audit (is-on-https also fails on mixed content).
    security: { https, mixedContent: !https },
    headingsStructure: headings(a['heading-order']),
    metaTags: {
      title,
      description,
      titleLength: [...title].length,
      descriptionLength: [...description].length,
    },
    recommendations: recommendations(lhr, texts),
    categories: {
      performance: categoryScore(lhr, 'performance'),
      seo: categoryScore(lhr, 'seo'),
      accessibility: categoryScore(lhr, 'accessibility'),
      bestPractices: categoryScore(lhr, 'best-practices'),
      agenticBrowsing: categoryScore(lhr, 'agentic-browsing'),
    },
    agenticAudits: agenticAudits(lhr, texts),
  }
}
