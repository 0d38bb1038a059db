// A crawl compared with the previous crawl of the same site (issue #28): per issue type, the URLs new in
// this crawl, fixed since the previous and still present; pages added and gone; pages whose status changed.
// Pure: the CLI compares two --json reports with it; the server runs the same rules as queries over the
// crawls' tables (apps/server/src/features/site-audit/store.ts).

export interface ComparableCrawl {
  issues: readonly { type: string; urls: readonly string[] }[]
  pages: readonly { url: string; status: number | null }[]
}

export interface IssueTypeChange {
  type: string
  new: number
  fixed: number
  still: number
}

export interface CrawlComparisonCounts {
  /** Issue types present in either crawl, by id. */
  issues: IssueTypeChange[]
  newIssues: number
  fixedIssues: number
  pagesAdded: number
  pagesGone: number
  /** The first few URLs in both crawls whose status changed (with the total). */
  statusChanges: { url: string; before: number | null; after: number | null }[]
  statusChangeCount: number
}

/** How many status changes are listed (all are counted). */
export const STATUS_CHANGES_LISTED = 20

export function compareCrawls(previous: ComparableCrawl, current: ComparableCrawl): CrawlComparisonCounts {
  const byType = (crawl: ComparableCrawl) => {
    const map = new Map<string, Set<string>>()
    for (const issue of crawl.issues) map.set(issue.type, new Set(issue.urls))
    return map
  }
  const before = byType(previous)
  const after = byType(current)
  const types = [...new Set([...before.keys(), ...after.keys()])].sort()
  const issues = types
    .map((type) => {
      const a = after.get(type) ?? new Set<string>()
      const b = before.get(type) ?? new Set<string>()
      let still = 0
      for (const url of a) if (b.has(url)) still++
      return { type, new: a.size - still, fixed: b.size - still, still }
    })
    .filter((c) => c.new + c.fixed + c.still > 0)
  const oldPages = new Map(previous.pages.map((p) => [p.url, p.status]))
  const newPages = new Map(current.pages.map((p) => [p.url, p.status]))
  let pagesAdded = 0
  const changes: CrawlComparisonCounts['statusChanges'] = []
  for (const [url, status] of newPages) {
    if (!oldPages.has(url)) pagesAdded++
    else if (oldPages.get(url) !== status) changes.push({ url, before: oldPages.get(url)!, after: status })
  }
  let pagesGone = 0
  for (const url of oldPages.keys()) if (!newPages.has(url)) pagesGone++
  changes.sort((x, y) => (x.url < y.url ? -1 : x.url > y.url ? 1 : 0))
  return {
    issues,
    newIssues: issues.reduce((s, i) => s + i.new, 0),
    fixedIssues: issues.reduce((s, i) => s + i.fixed, 0),
    pagesAdded,
    pagesGone,
    statusChanges: changes.slice(0, STATUS_CHANGES_LISTED),
    statusChangeCount: changes.length,
  }
}

/** How a crawl read its pages: the HTML after JavaScript ran, or the HTML as served. */
export type CrawlReading = 'rendered' | 'raw'

/**
 * Why two crawls are not compared (null: they may be). A rendered page and its raw HTML differ in links,
 * text and titles, so after only the render setting changed a comparison reported "27 fixed, 8 gone" for
 * a site that had not changed (issue 41): it measured the setting, not the site.
 */
export function comparisonRefusal(
  previous: CrawlReading,
  current: CrawlReading,
): { reason: 'render-mode'; previous: CrawlReading; current: CrawlReading } | null {
  return previous === current ? null : { reason: 'render-mode', previous, current }
}
