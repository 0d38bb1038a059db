// The site-wide checks, in report order, and the function that runs them all over a crawl's tables.
import type { CrawlTables, SiteIssue } from '../types.ts'
import {
  canonicalChain,
  canonicalInvalid,
  canonicalToError,
  canonicalToNoindex,
  canonicalToRedirect,
} from './canonicals.ts'
import { duplicateContent, duplicateDescription, duplicateTitle, nearDuplicate } from './duplicates.ts'
import { hreflangMissingReturn, hreflangToError, hreflangToNonCanonical } from './hreflang.ts'
import { linkScores } from './link-score.ts'
import {
  blockedByRobots,
  brokenLink,
  deadEnd,
  deepPage,
  internalRedirect,
  nofollowInternal,
} from './links.ts'
import { onPageChecks } from './on-page.ts'
import { redirectChain, redirectLoop } from './redirects.ts'
import { renderedChecks } from './rendered.ts'
import { buildIndex, type SiteCheck, type SiteCheckOptions } from './site-index.ts'
import {
  blockedInSitemap,
  errorInSitemap,
  noindexInSitemap,
  nonCanonicalInSitemap,
  orphanInSitemap,
} from './sitemap.ts'

export { linkScores, pageRank } from './link-score.ts'
export {
  DEFAULT_NEAR_DUPLICATE_THRESHOLD,
  isNearDuplicateThreshold,
  NearDuplicateFinder,
  type NearDuplicateOptions,
  type NearDuplicatePair,
  nearDuplicatePairs,
} from './near-duplicates.ts'
export { isHtmlPage, onPageChecks, type PageProblem, pageProblems, problemsOf } from './on-page.ts'
export { buildIndex, type SiteCheck, type SiteCheckOptions, type SiteIndex } from './site-index.ts'

export const siteChecks: readonly SiteCheck[] = [
  duplicateTitle,
  duplicateDescription,
  duplicateContent,
  nearDuplicate,
  brokenLink,
  redirectChain,
  redirectLoop,
  internalRedirect,
  canonicalInvalid,
  canonicalToError,
  canonicalToRedirect,
  canonicalToNoindex,
  canonicalChain,
  hreflangMissingReturn,
  hreflangToError,
  hreflangToNonCanonical,
  orphanInSitemap,
  noindexInSitemap,
  blockedInSitemap,
  nonCanonicalInSitemap,
  errorInSitemap,
  deepPage,
  blockedByRobots,
  nofollowInternal,
  deadEnd,
  ...onPageChecks,
  ...renderedChecks,
]

export const siteCheckById = new Map(siteChecks.map((c) => [c.id, c]))

/** Every check over the tables; only the types that found something, URLs sorted for stable output. */
export function siteIssues(tables: CrawlTables, options: SiteCheckOptions = {}): SiteIssue[] {
  const index = buildIndex(tables, options)
  const issues: SiteIssue[] = []
  for (const check of siteChecks) {
    const result = check.run(index)
    if (result.urls.length === 0) continue
    issues.push({
      type: check.id,
      severity: check.severity,
      urls: [...result.urls].sort(),
      ...(result.details ? { details: result.details } : {}),
    })
  }
  return issues
}

/** Link score (0-100) by URL for the tables' fetched pages. */
export function siteLinkScores(tables: CrawlTables): Map<string, number> {
  return linkScores(buildIndex(tables))
}
