// A crawl reduced to what the dashboard's recommendations and the PDF report show: one entry per issue
// type with its count and a few example URLs. A stored crawl carries every page's facts (a 500-page crawl
// is megabytes); the summary is a few kilobytes, so it can travel with every dashboard and report load.
import type { Localized } from '../types.ts'
import { siteCheckById } from './checks/index.ts'
import type { Severity, SiteIssue } from './types.ts'

/** How many URLs each issue type names as examples (the rest are on /suite/site and in its CSV). */
export const SUMMARY_EXAMPLES = 3

export interface SiteAuditIssue {
  /** The check's stable id (`broken-link`, `duplicate-title`, …). */
  type: string
  severity: Severity
  /** URLs affected (for broken-link: the broken targets). */
  count: number
  examples: string[]
  title: Localized
  description: Localized
}

/** The latest finished crawl of a site, as the dashboard and the report read it. */
export interface SiteAuditSummary {
  /** The crawl's start URL (the site_crawl task's address). */
  url: string
  /** When the crawl finished (ISO 8601). */
  crawledAt: string
  /** Pages crawled. */
  pages: number
  issues: SiteAuditIssue[]
  /** Compared with the user's previous crawl of the same start URL (issue #28); absent for a first crawl. */
  comparison?: { previousAt: string; newIssues: number; fixedIssues: number }
}

const severityRank: Record<Severity, number> = { error: 0, warning: 1, notice: 2 }

/**
 * Errors first, then warnings, then notices; within a severity the types affecting most URLs first.
 * Title and advice come from the check itself (one source of the strings); a type no check knows any
 * more keeps what the stored issue carried, else its id.
 */
export function summarizeSiteIssues(
  issues: readonly (SiteIssue & { title?: Localized; description?: Localized; count?: number })[],
  examples: number = SUMMARY_EXAMPLES,
): SiteAuditIssue[] {
  return issues
    .filter((issue) => (issue.count ?? issue.urls.length) > 0)
    .map((issue) => {
      const check = siteCheckById.get(issue.type)
      return {
        type: issue.type,
        severity: issue.severity,
        // A server crawl's stored issue holds its first URLs and the whole count (issue #28).
        count: issue.count ?? issue.urls.length,
        examples: issue.urls.slice(0, examples),
        title: check?.title ?? issue.title ?? { pt: issue.type, en: issue.type },
        description: check?.description ?? issue.description ?? { pt: '', en: '' },
      }
    })
    .sort(
      (a, b) =>
        severityRank[a.severity] - severityRank[b.severity] ||
        b.count - a.count ||
        a.type.localeCompare(b.type),
    )
}
