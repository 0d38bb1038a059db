/**
 * The dashboard's recommendations, built from an audit: Farol's on-page findings and AIO findings that
 * failed or warned, and Lighthouse's opportunities, sorted by impact (spec §3 "Recommendation").
 */
import type { AuditResult, Evidence, Finding, SeoResult } from '@farol/engine'
import { opportunityIn } from './localized.ts'

export type Impact = 'high' | 'medium' | 'low'
/** The tab a recommendation belongs to on the dashboard (all / seo / aio). */
type RecommendationGroup = 'seo' | 'aio'
/** 'site': a site-wide issue of the user's latest crawl of the site (features/site-audit). */
export type RecommendationType = Finding['category'] | 'performance' | 'site'

export interface Recommendation {
  id: string
  title: string
  description: string
  group: RecommendationGroup
  type: RecommendationType
  impact: Impact
  /** 'info': a fact worth knowing with nothing to fix (robots.txt blocks GPTBot, no llms.txt). */
  verdict: 'fail' | 'warn' | 'opportunity' | 'info'
  evidence: Evidence[]
  strength?: Finding['strength']
  /** Lighthouse's estimated savings, e.g. "Est savings of 1.2 s". */
  displayValue?: string
  /** A site-wide issue: how many URLs it affects, a few of them, and where the crawl shows them all. */
  /** A site-wide finding: of the crawl (default) or of the access logs' AI crawlers (/suite/bots). */
  site?: { count: number; examples: string[]; href: string; source?: 'crawl' | 'bots' }
}

const impactRank: Record<Impact, number> = { high: 0, medium: 1, low: 2 }
const verdictRank: Record<Recommendation['verdict'], number> = { fail: 0, warn: 1, opportunity: 2, info: 3 }

function fromFinding(finding: Finding, group: RecommendationGroup, lang: 'pt' | 'en'): Recommendation | null {
  if (finding.verdict !== 'fail' && finding.verdict !== 'warn' && finding.verdict !== 'info') return null
  return {
    id: `${group}:${finding.id}`,
    title: finding.title[lang],
    description: finding.description[lang],
    group,
    type: finding.category,
    impact: finding.impact,
    verdict: finding.verdict,
    evidence: finding.evidence,
    ...(finding.strength ? { strength: finding.strength } : {}),
  }
}

function fromLighthouse(seo: SeoResult | null | undefined, lang: 'pt' | 'en'): Recommendation[] {
  return (seo?.recommendations ?? []).map((r) => {
    const { title, description, displayValue } = opportunityIn(r, lang)
    return {
      id: `lighthouse:${r.id}`,
      title,
      description,
      group: 'seo' as const,
      type: 'performance' as const,
      impact: r.impact,
      verdict: 'opportunity' as const,
      evidence: [],
      ...(displayValue ? { displayValue } : {}),
    }
  })
}

/**
 * Sorted by impact (high first), then failures before warnings before opportunities; information-only
 * items come after everything there is to do.
 */
export function sortRecommendations(list: Recommendation[]): Recommendation[] {
  const infoLast = (r: Recommendation) => (r.verdict === 'info' ? 1 : 0)
  return [...list].sort(
    (a, b) =>
      infoLast(a) - infoLast(b) ||
      impactRank[a.impact] - impactRank[b.impact] ||
      verdictRank[a.verdict] - verdictRank[b.verdict],
  )
}

/**
 * Every recommendation of an analysis. `results` are the audits to draw from (the on-page/AIO task and
 * the Lighthouse task); findings with the same id are counted once.
 */
export function buildRecommendations(
  results: (AuditResult | null | undefined)[],
  lang: 'pt' | 'en',
): Recommendation[] {
  const seen = new Set<string>()
  const out: Recommendation[] = []
  const add = (rec: Recommendation | null) => {
    if (!rec || seen.has(rec.id)) return
    seen.add(rec.id)
    out.push(rec)
  }
  for (const result of results) {
    if (!result) continue
    for (const f of result.onPage?.findings ?? []) add(fromFinding(f, 'seo', lang))
    for (const f of result.aio?.findings ?? []) add(fromFinding(f, 'aio', lang))
    for (const r of fromLighthouse(result.lighthouse?.desktop, lang)) add(r)
  }
  return sortRecommendations(out)
}

export type RecommendationTab = 'all' | RecommendationGroup

/** Spec §9: recommendation lists show 3 items. */
const RECOMMENDATIONS_SHOWN = 3

export function selectRecommendations(
  list: Recommendation[],
  tab: RecommendationTab,
  limit: number = RECOMMENDATIONS_SHOWN,
): Recommendation[] {
  // The dashboard's short lists are things to do; information-only items are on /suite/recommendations.
  const actionable = list.filter((r) => r.verdict !== 'info')
  const filtered = tab === 'all' ? actionable : actionable.filter((r) => r.group === tab)
  return sortRecommendations(filtered).slice(0, limit)
}

/** The priority card: the high-impact items first, then the rest, at most `limit`. */
export function priorityRecommendations(list: Recommendation[], limit: number = RECOMMENDATIONS_SHOWN) {
  const actionable = list.filter((r) => r.verdict !== 'info')
  const high = actionable.filter((r) => r.impact === 'high' && r.verdict !== 'opportunity')
  const rest = actionable.filter((r) => !high.includes(r))
  return sortRecommendations(high).concat(sortRecommendations(rest)).slice(0, limit)
}

/**
 * The priority card's summary: how many recommendations of each impact. It lists none of them: the
 * personalised card beside it shows the top three already (the same three twice was issue 12's defect).
 */
export function countByImpact(list: Recommendation[]): Record<Impact, number> {
  const counts: Record<Impact, number> = { high: 0, medium: 0, low: 0 }
  for (const item of list) counts[item.impact] += 1
  return counts
}

export interface RecommendationFilter {
  type: RecommendationType | 'all'
  impact: Impact | 'all'
}

export function filterRecommendations(
  list: Recommendation[],
  filter: RecommendationFilter,
): Recommendation[] {
  return list.filter(
    (r) =>
      (filter.type === 'all' || r.type === filter.type) &&
      (filter.impact === 'all' || r.impact === filter.impact),
  )
}
