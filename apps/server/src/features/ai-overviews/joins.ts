// Each of the site's URLs an answer of a run cites, or was expected to cite, beside what Farol knows of it
// (issue 43 item 4): its facts in the workspace's latest crawl of the site (status, indexable, canonical,
// words) and when Googlebot last fetched it (the latest analysis of the site's logs), where those exist.
// "Expected but not cited": a page of the site that another answer for the same keyword cites (another
// surface, place or device) while this one, shown, does not.
import type { CrawledPage } from '../site-audit/public.ts'
import type { RunReport } from './report.ts'

export interface PageUse {
  url: string
  /** Answers citing it. */
  cited: number
  /** Shown answers for a keyword it is cited for elsewhere, that do not cite the site. */
  expected: number
  keywords: string[]
}

/** Pure: the site's URLs the run's answers cite or were expected to cite, most cited first. */
export function pagesOfReport(report: Pick<RunReport, 'rows'>): PageUse[] {
  const pages = new Map<string, PageUse>()
  const page = (url: string) => {
    const p = pages.get(url) ?? { url, cited: 0, expected: 0, keywords: [] }
    pages.set(url, p)
    return p
  }
  const byKeyword = new Map<string, Set<string>>()
  for (const row of report.rows)
    for (const s of row.site) {
      const p = page(s.url)
      p.cited += 1
      if (!p.keywords.includes(row.keyword)) p.keywords.push(row.keyword)
      byKeyword.set(row.keyword, (byKeyword.get(row.keyword) ?? new Set()).add(s.url))
    }
  for (const row of report.rows) {
    if (!row.shown || row.cited) continue
    for (const url of byKeyword.get(row.keyword) ?? []) page(url).expected += 1
  }
  return [...pages.values()].sort(
    (a, b) => b.cited - a.cited || b.expected - a.expected || a.url.localeCompare(b.url),
  )
}

/** Pure: a URL's path as bot-log analyses keep pages (`/a/b`, no query). */
export function pathOf(url: string): string | null {
  try {
    return new URL(url).pathname
  } catch {
    return null
  }
}

export interface JoinedPage extends PageUse {
  crawl: CrawledPage | null
  googlebot: { last: string; hits: number; lastStatus: number } | null
}
