// The site audit page's calls: start a site_crawl task, read a signed-in user's latest one. Following a
// task (server-sent events, polling as the fallback) is the analysis client's subscribeTask.
import { apiError } from '../../lib/api-error.ts'
import type { SiteCrawlResult } from './site-data.ts'
import type { SiteAuditSummary } from './site-recommendations.ts'

export interface SiteTaskStatus {
  taskId: string
  status: 'pending' | 'running' | 'success' | 'failed'
  results: SiteCrawlResult | null
  message: string | null
  errorCode: string | null
  progress: { stage: string; percent: number }
  task?: { input: { url: string; maxPages: number; render?: 'auto' | 'on' | 'off' } | null }
}

export async function startSiteCrawl(request: {
  url: string
  maxPages: number
  /** Near-duplicate similarity, 0.5-1. */
  nearDuplicate: number
  /** Render pages in Chromium: always, never, or when the start page needs it (issue 30). */
  render: 'auto' | 'on' | 'off'
  uiLang: 'pt' | 'en'
}): Promise<string> {
  const response = await fetch('/api/seo-task-manager/create', {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'application/json',
      'Accept-Language': request.uiLang,
    },
    body: JSON.stringify({
      task_name: 'site_crawl',
      requested_data: {
        url: request.url,
        maxPages: request.maxPages,
        nearDuplicate: request.nearDuplicate,
        render: request.render,
      },
      lang: request.uiLang,
    }),
  })
  if (!response.ok) throw await apiError(response)
  return ((await response.json()) as { taskId: string }).taskId
}

/** The user's last crawl (any browser), of `url` exactly when given, or null when there is none. */
export async function latestSiteCrawl(
  uiLang: 'pt' | 'en',
  url: string | null = null,
): Promise<SiteTaskStatus | null> {
  // none=empty: no crawl yet is an ordinary answer (null), not a 404 in the console.
  const query = new URLSearchParams({
    kind: 'site_crawl',
    lang: uiLang,
    none: 'empty',
    ...(url ? { url } : {}),
  })
  const response = await fetch(`/api/seo-task-manager/latest?${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (response.status === 404 || response.status === 401) return null
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as SiteTaskStatus
}

/**
 * The user's latest finished crawl of `url`'s host, summarised for the dashboard's recommendations; null
 * when there is none.
 */
export async function siteAuditSummary(url: string, uiLang: 'pt' | 'en'): Promise<SiteAuditSummary | null> {
  const response = await fetch(`/api/site-audit/summary?${new URLSearchParams({ url, lang: uiLang })}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw await apiError(response)
  return ((await response.json()) as { siteAudit: SiteAuditSummary | null }).siteAudit
}

/** One page of a crawl's issue rows of `type`, from its tables (server-side paging). */
export async function crawlIssueRows(
  crawlId: string,
  type: string,
  offset: number,
  limit = 100,
): Promise<{ total: number; rows: { url: string; detail: Record<string, unknown> | null }[] }> {
  const query = new URLSearchParams({ type, offset: String(offset), limit: String(limit) })
  const response = await fetch(`/api/site-audit/crawls/${encodeURIComponent(crawlId)}/issues?${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw await apiError(response)
  return await response.json()
}

/** The whole crawl's issues as CSV in the page's language, streamed by the server from the crawl's tables. */
export function crawlCsvHref(crawlId: string, lang: 'pt' | 'en'): string {
  return `/api/site-audit/crawls/${encodeURIComponent(crawlId)}/export.csv?lang=${lang}`
}

/** The signed-in user's token to publish on their own site for a faster crawl; null when signed out. */
export async function ownerVerification(): Promise<{
  token: string
  meta: string
  path: string
  /** Requests in flight the crawl may reach on a verified site. */
  ownerMax: number
} | null> {
  const response = await fetch('/api/site-audit/verification', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (response.status === 401) return null
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as { token: string; meta: string; path: string; ownerMax: number }
}
