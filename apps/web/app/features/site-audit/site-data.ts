// Pure helpers of /suite/site: issues by severity, filters, the CSV, the link-score table, how progress reads.
import type { IssueDetail, PaceReason, PageSummary, Severity } from '@farol/engine/crawl/index.ts'

type Localized = { pt: string; en: string }

export interface SiteIssueView {
  type: string
  severity: Severity
  /** The first URLs (a server crawl stores its first rows; the rest are paged from its tables). */
  urls: string[]
  /** All the URLs affected; absent in crawls stored before issue #28 (then `urls` is the whole list). */
  count?: number
  details?: Record<string, IssueDetail>
  title: Localized
  description: Localized
}

interface SiteCrawlProgress {
  pages: number
  queued: number
  rate: number
  etaSeconds: number | null
  maxPages: number
  /** The site's pace now and why (engine crawl/politeness.ts). */
  pace?: { limit: number; ceiling: number; intervalMs: number; reason: PaceReason }
}

/** The i18n key (site:pace.*) and values that say why the crawl goes at its pace. */
export function paceReason(reason: PaceReason): { key: string; values: Record<string, number> } {
  switch (reason.code) {
    case 'at-ceiling':
      return {
        key: reason.owner ? 'pace.atOwnerCeiling' : 'pace.atCeiling',
        values: { ceiling: reason.ceiling },
      }
    case 'latency':
    case 'slow':
      return { key: `pace.${reason.code}`, values: { latency: reason.latencyMs, normal: reason.normalMs } }
    case 'overloaded':
    case 'server-error':
      return {
        key: `pace.${reason.code === 'overloaded' ? 'overloaded' : 'serverError'}`,
        values: { status: reason.status },
      }
    case 'retry-after':
      return { key: 'pace.retryAfter', values: { seconds: reason.seconds } }
    case 'crawl-delay':
      return { key: 'pace.crawlDelay', values: { seconds: reason.seconds } }
    case 'speeding-up':
      return { key: 'pace.speedingUp', values: {} }
    default:
      return { key: `pace.${reason.code}`, values: {} }
  }
}

/** A near-duplicate's other URLs with their similarity in percent, when the issue carries them. */
export function withSimilarity(detail: IssueDetail | undefined): string[] | undefined {
  if (!detail?.duplicates) return undefined
  const similarities = detail.similarities
  if (!similarities) return detail.duplicates
  return detail.duplicates.map((url, i) =>
    similarities[i] === undefined ? url : `${url} (${Math.round(similarities[i]! * 100)}%)`,
  )
}

/** The site_crawl task's results (apps/server/src/features/site-audit/capability.ts): partial while it runs. */
export interface SiteCrawlResult {
  url: string
  partial: boolean
  progress: SiteCrawlProgress
  stats?: { pages: number; seconds: number; urlsPerSecond: number }
  issues?: SiteIssueView[]
  pages?: PageSummary[]
  stoppedBy?: 'done' | 'max-pages' | 'max-seconds' | 'aborted'
  /** One page per URL template for Lighthouse (through the single-page analysis). */
  sample?: { template: string; url: string; pages: number }[]
  /** The crawl's tables' key (the task id): paging and the CSV export read them on the server. */
  crawlId?: string
  /** Compared with the user's previous crawl of the same start URL (null: the first crawl). */
  comparison?: {
    previousAt: string
    newIssues: number
    fixedIssues: number
    pagesAdded: number
    pagesGone: number
    statusChangeCount: number
  } | null
  /** The requester's verification token was found on the site. */
  ownerVerified?: boolean
  /** Rendered crawls (issue 30): whether pages were rendered in Chromium and why. */
  render?: { mode: 'on' | 'auto'; rendered: boolean; reason: string; text: Localized }
  /** The previous crawl read pages another way (rendered or raw HTML), so it was not compared. */
  comparisonRefused?: {
    reason: 'render-mode'
    previousAt: string
    previous: 'rendered' | 'raw'
    current: 'rendered' | 'raw'
  }
  /** A raw crawl whose start page is a JavaScript app's empty shell: the site needs rendering. */
  needsRendering?: { words: number; mode: 'on' | 'off' | 'auto'; reason: string | null }
}

export type { PageSummary, Severity }

export const severities: Severity[] = ['error', 'warning', 'notice']

export interface IssueFilter {
  severity: Severity | 'all'
  /** Case-insensitive text matched against the URLs, their sources and the issue's name. */
  text: string
}

/** The issues the filter keeps, each with only the URLs that match the text (when the name does not). */
export function filterIssues(
  issues: readonly SiteIssueView[],
  filter: IssueFilter,
  lang: 'pt' | 'en',
): SiteIssueView[] {
  const needle = filter.text.trim().toLowerCase()
  const out: SiteIssueView[] = []
  for (const issue of issues) {
    if (filter.severity !== 'all' && issue.severity !== filter.severity) continue
    if (!needle || issue.title[lang].toLowerCase().includes(needle) || issue.type.includes(needle)) {
      out.push(issue)
      continue
    }
    const urls = issue.urls.filter((url) => {
      const d = issue.details?.[url]
      return [url, ...(d?.sources ?? []), ...(d?.targets ?? [])].some((u) => u.toLowerCase().includes(needle))
    })
    if (urls.length > 0) out.push({ ...issue, urls })
  }
  return out
}

export function bySeverity(
  issues: readonly SiteIssueView[],
): { severity: Severity; issues: SiteIssueView[] }[] {
  return severities
    .map((severity) => ({ severity, issues: issues.filter((i) => i.severity === severity) }))
    .filter((group) => group.issues.length > 0)
}

function csvCell(value: string): string {
  return /[",\n;]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** One row per affected URL: type, severity, issue name, URL, and what explains it. */
export function issuesCsv(issues: readonly SiteIssueView[], lang: 'pt' | 'en'): string {
  const header =
    lang === 'pt' ? 'tipo,gravidade,problema,url,origens,destinos' : 'type,severity,issue,url,sources,targets'
  const rows = [header]
  for (const issue of issues) {
    for (const url of issue.urls) {
      const d = issue.details?.[url]
      const targets = d?.targets ?? d?.chain ?? d?.duplicates ?? (d?.target ? [d.target] : [])
      rows.push(
        [issue.type, issue.severity, issue.title[lang], url, (d?.sources ?? []).join(' '), targets.join(' ')]
          .map(csvCell)
          .join(','),
      )
    }
  }
  return `${rows.join('\n')}\n`
}

/** Pages with a link score, best first. */
export function linkScoreTable(pages: readonly PageSummary[], limit = 25): PageSummary[] {
  return pages
    .filter((p) => p.linkScore !== null)
    .sort((a, b) => b.linkScore! - a.linkScore! || b.inlinks - a.inlinks || a.url.localeCompare(b.url))
    .slice(0, limit)
}

/** "1 min 05 s" / "42 s"; null (rate unknown yet) reads "—". */
export function formatEta(seconds: number | null): string {
  if (seconds === null) return '—'
  const m = Math.floor(seconds / 60)
  const s = seconds % 60
  return m > 0 ? `${m} min ${String(s).padStart(2, '0')} s` : `${s} s`
}

/** The single-page analysis (Lighthouse included) of one sampled page. */
export function analysisLink(url: string): string {
  return `/suite/seo?${new URLSearchParams({ url })}`
}

export function csvFileName(url: string): string {
  let host = 'site'
  try {
    host = new URL(url).hostname.replace(/[^a-z0-9.-]/gi, '_')
  } catch {
    // Not a URL: keep the generic name.
  }
  return `farol-site-${host}.csv`
}
