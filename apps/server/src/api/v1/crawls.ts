// A crawl's issues and pages, a page at a time, filtered: pure functions over the stored result
// (site-audit/read.ts), so an agent never has to take a whole crawl in one answer.
import type { z } from 'zod'
import type { Lang } from '../../errors.ts'
import type { StoredCrawl } from '../../site-audit/read.ts'
import type { crawlIssues, crawlPages, issuesQuery, pagesQuery } from './schemas.ts'

const severityOrder = { error: 0, warning: 1, notice: 2 } as const

function header(crawl: StoredCrawl) {
  return {
    id: crawl.id,
    url: crawl.url,
    status: crawl.status as 'pending' | 'running' | 'success' | 'failed',
    finishedAt: crawl.finishedAt?.toISOString() ?? null,
  }
}

export function pageOfIssues(
  crawl: StoredCrawl,
  query: z.output<typeof issuesQuery>,
  lang: Lang,
): z.infer<typeof crawlIssues> {
  const all = (crawl.result?.issues ?? [])
    .filter(
      (i) => (!query.type || i.type === query.type) && (!query.severity || i.severity === query.severity),
    )
    .sort((a, b) => severityOrder[a.severity] - severityOrder[b.severity] || b.urls.length - a.urls.length)
  const start = (query.page - 1) * query.pageSize
  return {
    crawl: header(crawl),
    page: query.page,
    pageSize: query.pageSize,
    total: all.length,
    issues: all.slice(start, start + query.pageSize).map((i) => ({
      type: i.type,
      severity: i.severity,
      title: i.title?.[lang] ?? i.type,
      description: i.description?.[lang] ?? '',
      count: i.urls.length,
      urls: i.urls.slice(0, query.urlsPerIssue),
    })),
  }
}

export function pageOfPages(
  crawl: StoredCrawl,
  query: z.output<typeof pagesQuery>,
): z.infer<typeof crawlPages> {
  const all = crawl.result?.pages ?? []
  const start = (query.page - 1) * query.pageSize
  return {
    crawl: header(crawl),
    page: query.page,
    pageSize: query.pageSize,
    total: all.length,
    pages: all.slice(start, start + query.pageSize),
  }
}
