// The site crawl's issues as dashboard recommendations (issue 18): one item per issue type, with how many
// URLs it affects, a few examples and a link to the crawl on /suite/site. Severity comes from the crawl's
// own checks: an error is high impact, a warning medium, a notice low.
import type { SiteAuditSummary } from '@farol/engine/crawl/summary.ts'
import { type Impact, type Recommendation, sortRecommendations } from '../analysis/recommendations.ts'

export type { SiteAuditSummary }

const impactOf: Record<SiteAuditSummary['issues'][number]['severity'], Impact> = {
  error: 'high',
  warning: 'medium',
  notice: 'low',
}

/** /suite/site opened on the crawl of `url` (or with `url` in its form when there is none yet). */
export function siteAuditHref(url: string): string {
  return `/suite/site?${new URLSearchParams({ url })}`
}

export function siteAuditRecommendations(
  summary: SiteAuditSummary | null,
  lang: 'pt' | 'en',
): Recommendation[] {
  if (!summary) return []
  const href = siteAuditHref(summary.url)
  return summary.issues.map((issue) => ({
    id: `site:${issue.type}`,
    title: issue.title[lang],
    description: issue.description[lang],
    group: 'seo' as const,
    type: 'site' as const,
    impact: impactOf[issue.severity],
    // Notices are still things to fix (a dead end, a page too deep), just of low impact: not 'info'.
    verdict: issue.severity === 'error' ? ('fail' as const) : ('warn' as const),
    evidence: [],
    site: { count: issue.count, examples: issue.examples, href },
  }))
}

/** The analysis's recommendations with the crawl's, in the one order every list uses. */
export function withSiteAudit(
  list: Recommendation[],
  summary: SiteAuditSummary | null,
  lang: 'pt' | 'en',
): Recommendation[] {
  if (!summary) return list
  return sortRecommendations([...list, ...siteAuditRecommendations(summary, lang)])
}
