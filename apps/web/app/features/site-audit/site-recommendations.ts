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

/**
 * Site-wide findings (a crawl's issues, a log analysis's findings) as recommendations: one per type, with
 * how many URLs it affects, a few examples and a link to the page that lists them all.
 */
export function findingRecommendations(
  issues: readonly SiteAuditSummary['issues'][number][],
  href: string,
  idPrefix: 'site' | 'bots',
  lang: 'pt' | 'en',
): Recommendation[] {
  return issues.map((issue) => ({
    id: `${idPrefix}:${issue.type}`,
    title: issue.title[lang],
    description: issue.description[lang],
    group: 'seo' as const,
    type: 'site' as const,
    impact: impactOf[issue.severity],
    // Notices are still things to fix (a dead end, a page too deep), just of low impact: not 'info'.
    verdict: issue.severity === 'error' ? ('fail' as const) : ('warn' as const),
    evidence: [],
    site: {
      count: issue.count,
      examples: issue.examples,
      href,
      source: idPrefix === 'bots' ? 'bots' : 'crawl',
    },
  }))
}

export function siteAuditRecommendations(
  summary: SiteAuditSummary | null,
  lang: 'pt' | 'en',
): Recommendation[] {
  if (!summary) return []
  return findingRecommendations(summary.issues, siteAuditHref(summary.url), 'site', lang)
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
