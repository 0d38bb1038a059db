// A crawl's issues and pages, a page at a time, filtered, so an agent never has to take a whole crawl in
// one answer. The per-type summary comes from the stored result (site-audit/read.ts); the URLs beyond its
// top rows and the pages are paged from the crawl's tables (site-audit/store.ts, issue #28). Results stored
// before the page store (no crawlId) still hold every URL and page and are paged in memory.
import { comparisonRefusal } from '@farol/engine/crawl/compare.ts'
import type { z } from 'zod'
import { readCrawl, type StoredCrawl } from '../../features/site-audit/read.ts'
import { readingOf } from '../../features/site-audit/render-truth.ts'
import { compareCrawls, listIssues, listPages, previousCrawl } from '../../features/site-audit/store.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError, type Lang } from '../../platform/errors.ts'
import type { WorkspaceAccess } from '../../tenancy/access.ts'
import type {
  comparisonQuery,
  crawlComparison,
  crawlIssues,
  crawlPages,
  issuesQuery,
  pagesQuery,
} from './schemas.ts'

const severityOrder = { error: 0, warning: 1, notice: 2 } as const

function header(crawl: StoredCrawl) {
  return {
    id: crawl.id,
    url: crawl.url,
    status: crawl.status as 'pending' | 'running' | 'success' | 'failed',
    finishedAt: crawl.finishedAt?.toISOString() ?? null,
  }
}

export async function pageOfIssues(
  db: Db,
  crawl: StoredCrawl,
  query: z.output<typeof issuesQuery>,
  lang: Lang,
): Promise<z.infer<typeof crawlIssues>> {
  const countOf = (i: { count?: number; urls: string[] }) => i.count ?? i.urls.length
  const all = (crawl.result?.issues ?? [])
    .filter(
      (i) => (!query.type || i.type === query.type) && (!query.severity || i.severity === query.severity),
    )
    .sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity] || countOf(b) - countOf(a))
  const start = (query.page - 1) * query.pageSize
  const crawlId = crawl.result?.crawlId
  return {
    crawl: header(crawl),
    page: query.page,
    pageSize: query.pageSize,
    total: all.length,
    issues: await Promise.all(
      all.slice(start, start + query.pageSize).map(async (i) => ({
        type: i.type,
        severity: i.severity,
        title: i.title?.[lang] ?? i.type,
        description: i.description?.[lang] ?? '',
        count: countOf(i),
        urls:
          // The result keeps only the first URLs of a type; more are read from the crawl's issue table.
          crawlId && query.urlsPerIssue > i.urls.length && countOf(i) > i.urls.length
            ? await issueUrls(db, crawlId, i.type, query.urlsPerIssue)
            : i.urls.slice(0, query.urlsPerIssue),
      })),
    ),
  }
}

async function issueUrls(db: Db, crawlId: string, type: string, wanted: number): Promise<string[]> {
  const urls: string[] = []
  while (urls.length < wanted) {
    const { rows } = await listIssues(db, crawlId, { type, offset: urls.length, limit: wanted - urls.length })
    if (rows.length === 0) break
    urls.push(...rows.map((r) => r.url))
  }
  return urls
}

export async function pageOfPages(
  db: Db,
  crawl: StoredCrawl,
  query: z.output<typeof pagesQuery>,
): Promise<z.infer<typeof crawlPages>> {
  const start = (query.page - 1) * query.pageSize
  const crawlId = crawl.result?.crawlId
  const { total, pages } = crawlId
    ? await listPages(db, crawlId, { sort: 'linkScore', offset: start, limit: query.pageSize }).then((r) => ({
        total: r.total,
        pages: r.rows,
      }))
    : {
        total: crawl.result?.pages.length ?? 0,
        pages: (crawl.result?.pages ?? []).slice(start, start + query.pageSize),
      }
  // Spread: a PageRow interface has no index signature; the documented schema keeps extra columns.
  return {
    crawl: header(crawl),
    page: query.page,
    pageSize: query.pageSize,
    total,
    pages: pages.map((p) => ({ ...p })),
  }
}

/**
 * What changed between two of the user's crawls, from the page store: the crawl and `previous` (by default
 * the user's previous finished crawl of the same address). A crawl still running, or stored before the page
 * store, cannot be compared (409).
 */
export async function comparisonOf(
  db: Db,
  access: WorkspaceAccess,
  crawl: StoredCrawl,
  query: z.output<typeof comparisonQuery>,
): Promise<z.infer<typeof crawlComparison>> {
  const comparable = (c: StoredCrawl) => c.status === 'success' && Boolean(c.result?.crawlId) && c.finishedAt
  if (!comparable(crawl)) throw new AppError('CRAWL_NOT_COMPARABLE')
  let previous: StoredCrawl | null = null
  if (query.previous) {
    previous = await readCrawl(db, access, query.previous)
    if (!previous) throw new AppError('CRAWL_NOT_FOUND')
  } else {
    const before = await previousCrawl(db, crawl.result!.crawlId!)
    previous = before ? await readCrawl(db, access, before.id) : null
  }
  if (!previous) return { crawl: header(crawl), previous: null, comparison: null }
  if (!comparable(previous) || previous.id === crawl.id) throw new AppError('CRAWL_NOT_COMPARABLE')
  // Rendered against raw HTML: "N fixed, M gone" would describe the render setting, not the site (issue 41).
  if (comparisonRefusal(readingOf(previous.result?.render), readingOf(crawl.result?.render)))
    throw new AppError('CRAWL_RENDER_MODES_DIFFER')
  const comparison = await compareCrawls(db, crawl.result!.crawlId!, {
    id: previous.result!.crawlId!,
    finishedAt: previous.finishedAt!.toISOString(),
  })
  const { previousId: _id, previousAt: _at, ...changes } = comparison
  return { crawl: header(crawl), previous: header(previous), comparison: changes }
}
