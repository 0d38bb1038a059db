// The crawl's result as the CLI prints it (--json) and the server stores it: stats, issues, pages with
// their link score. Links themselves stay out (a 5,000-page site has ~100,000): pages carry their counts.
import { buildIndex, linkScores, type SiteCheckOptions, siteIssues } from './checks/index.ts'
import type { CrawlRun } from './crawler.ts'
import type { CrawlPage, CrawlStats, SiteIssue } from './types.ts'

/** Signatures and sketches stay out too: up to 6 KB a page, read only by the near-duplicate check. */
export type PageSummary = Omit<CrawlPage, 'links' | 'minhash' | 'sketch'> & {
  /** Internal links here, those to a URL that redirects here included (SiteIndex.linked). */
  inlinks: number
  /** Internal links on this page. */
  outlinks: number
  /** 0-100, null for pages that did not answer 200. */
  linkScore: number | null
}

export interface CrawlReport {
  stats: CrawlStats
  /** `severity` is dropped from the JSON's issues by the CLI (the issue's shape); the server keeps it. */
  issues: SiteIssue[]
  pages: PageSummary[]
}

export function buildCrawlReport(
  run: Pick<CrawlRun, 'tables' | 'stats'>,
  options: SiteCheckOptions = {},
): CrawlReport {
  const index = buildIndex(run.tables, options)
  const scores = linkScores(index)
  const pages = run.tables.pages.map(({ links, minhash, sketch, ...page }) => ({
    ...page,
    inlinks: index.linked.get(page.url)?.length ?? 0,
    outlinks: links.filter((l) => l.internal).length,
    linkScore: scores.get(page.url) ?? null,
  }))
  // Breadth-first order reads best: the start first, deep pages last, sitemap-only pages at the end.
  pages.sort(
    (a, b) =>
      (a.depth ?? Number.MAX_SAFE_INTEGER) - (b.depth ?? Number.MAX_SAFE_INTEGER) ||
      a.url.localeCompare(b.url),
  )
  return { stats: run.stats, issues: siteIssues(run.tables, options), pages }
}
