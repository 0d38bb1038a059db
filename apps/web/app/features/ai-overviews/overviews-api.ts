// The page's calls to /api/ai-overviews (server features/ai-overviews/routes.ts). Errors come back as the
// server's translated ApiError.
import type { Proportion } from '@farol/engine/visibility/metrics.ts'
import { apiError } from '../../lib/api-error.ts'

export type Surface = 'ai_overview' | 'ai_mode'
export type Device = 'desktop' | 'mobile'

export interface OverviewsStatus {
  configured: boolean
  locations: { name: string; locationCode: number; languageCode: string }[]
  prices: Record<Surface, number>
  ratePerMinute: number
  maxKeywords: number
}

export interface RunBody {
  site: string
  keywords: string[]
  competitors: string[]
  locations: { locationCode: number; languageCode: string }[]
  devices: Device[]
  surfaces: Surface[]
}

export interface Estimate {
  calls: number
  cost: number
  cached: number
  seconds: number
  bySurface: Record<Surface, { calls: number; cost: number }>
}

interface TextRun {
  text: string
  mark: 'site' | 'competitor' | null
  of: string | null
}

export interface AnswerRow {
  surface: Surface
  keyword: string
  locationCode: number
  languageCode: string
  device: Device
  day: string
  shown: boolean
  asynchronous: boolean
  cited: boolean
  site: { position: number; url: string; sections: number[] }[]
  competitors: string[]
  others: { domain: string; position: number }[]
  references: { position: number; url: string; title: string | null; mark: 'site' | 'competitor' | null }[]
  text: TextRun[]
}

export interface SurfaceSummary {
  surface: Surface
  asked: number
  shown: Proportion
  site: Proportion
  domains: { domain: string; competitor: boolean; share: Proportion }[]
  gaps: { keyword: string; competitors: string[] }[]
}

export interface RunView {
  run: {
    id: string
    taskId: string | null
    status: 'confirmed' | 'running' | 'success' | 'failed'
    day: string
    request: RunBody
    estimate: Estimate
    spent: number
    calls: number
    errorCode: string | null
  }
  report: {
    site: string
    competitors: string[]
    summaries: SurfaceSummary[]
    rows: AnswerRow[]
    missing: number
  }
}

export interface RunListItem {
  id: string
  taskId: string | null
  site: string
  status: RunView['run']['status']
  keywords: number
  spent: number
  createdAt: string
}

async function call<T>(path: string, lang: 'pt' | 'en', init: RequestInit = {}): Promise<T> {
  const response = await fetch(`/api/ai-overviews${path}${path.includes('?') ? '&' : '?'}lang=${lang}`, {
    credentials: 'same-origin',
    ...init,
    headers: { Accept: 'application/json', 'Accept-Language': lang, 'Content-Type': 'application/json' },
  })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as T
}

export const overviewsStatus = (lang: 'pt' | 'en') => call<OverviewsStatus>('/status', lang)

export const estimateRun = (body: RunBody, lang: 'pt' | 'en') =>
  call<{ configured: boolean; request: RunBody; estimate: Estimate }>('/estimate', lang, {
    method: 'POST',
    body: JSON.stringify(body),
  })

export const startRun = (body: RunBody, expectedCost: number, lang: 'pt' | 'en') =>
  call<{ runId: string; taskId: string }>('/runs', lang, {
    method: 'POST',
    body: JSON.stringify({ ...body, confirm: true, expectedCost }),
  })

export const runView = (id: string, lang: 'pt' | 'en') => call<RunView>(`/runs/${id}`, lang)
export const runList = (lang: 'pt' | 'en') => call<{ runs: RunListItem[] }>('/runs', lang)

/** Pure: the lines of a textarea as keywords or domains (one a line, or separated by commas). */
export function listOf(text: string): string[] {
  return text
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean)
}

export interface KeywordSources {
  sites: { siteId: string; url: string; keywords: number }[]
  research: { taskId: string; seed: string; createdAt: string }[]
  /** Whether this installation offers Google sign-in (Search Console's queries). */
  searchConsole: boolean
}
export type KeywordSource = 'typed' | 'site' | 'research' | 'search-console'

export const keywordSources = (lang: 'pt' | 'en') => call<KeywordSources>('/keyword-sources', lang)

export const keywordsFrom = (source: Exclude<KeywordSource, 'typed'>, id: string, lang: 'pt' | 'en') =>
  call<{ site: string | null; keywords: string[] }>(
    `/keywords?source=${source}&${source === 'research' ? 'taskId' : 'siteId'}=${encodeURIComponent(id)}`,
    lang,
  )

interface CitationChangeView {
  kind: 'lost' | 'gained'
  surface: Surface
  keyword: string
  text: string
  urls: string[]
}

export interface TrackedSiteView {
  siteId: string
  url: string
  frequency: 'daily' | 'weekly' | 'monthly'
  keywords: number
  tracking: { maxCost: number; since: string; surfaces: Surface[]; devices: Device[] } | null
  checks: {
    runId: string
    status: RunView['run']['status']
    errorCode: string | null
    day: string
    spent: number
    createdAt: string
    baseline: boolean | null
    changes: CitationChangeView[]
  }[]
}

export type TrackingSettings = Pick<RunBody, 'competitors' | 'locations' | 'devices' | 'surfaces'>

export const trackingList = (lang: 'pt' | 'en') =>
  call<{ configured: boolean; sites: TrackedSiteView[] }>('/tracking', lang)

export const estimateTracking = (siteId: string, settings: TrackingSettings, lang: 'pt' | 'en') =>
  call<{ estimate: Estimate }>(`/tracking/${siteId}/estimate`, lang, {
    method: 'POST',
    body: JSON.stringify(settings),
  })

export const startTracking = (
  siteId: string,
  settings: TrackingSettings,
  expectedCost: number,
  lang: 'pt' | 'en',
) =>
  call<{ maxCost: number }>(`/tracking/${siteId}`, lang, {
    method: 'PUT',
    body: JSON.stringify({ ...settings, confirm: true, expectedCost }),
  })

export async function stopTracking(siteId: string, lang: 'pt' | 'en'): Promise<void> {
  const response = await fetch(`/api/ai-overviews/tracking/${siteId}?lang=${lang}`, {
    method: 'DELETE',
    credentials: 'same-origin',
    headers: { Accept: 'application/json', 'Accept-Language': lang },
  })
  if (!response.ok) throw await apiError(response)
}

interface JoinedPage {
  url: string
  cited: number
  expected: number
  keywords: string[]
  crawl: { status: number | null; indexable: boolean; canonical: string | null; words: number } | null
  googlebot: { last: string; hits: number; lastStatus: number } | null
}
export interface RunPages {
  crawl: { id: string; finishedAt: string | null } | null
  logs: { analysedAt: string } | null
  pages: JoinedPage[]
}

export const runPages = (id: string, lang: 'pt' | 'en') => call<RunPages>(`/runs/${id}/pages`, lang)

/** One answer of a keyword's history, read for a site (server features/ai-overviews/history.ts). */
export interface HistoryEntry {
  day: string
  surface: Surface
  locationCode: number
  languageCode: string
  device: Device
  shown: boolean
  cited: boolean
  positions: number[]
  citations: { position: number; url: string }[]
  competitors: string[]
  others: string[]
  change: 'gained' | 'lost' | null
}
export interface KeywordHistory {
  keyword: string
  site: string
  competitors: string[]
  history: HistoryEntry[]
}

export const keywordHistory = (site: string, keyword: string, competitors: string[], lang: 'pt' | 'en') =>
  call<KeywordHistory>(
    `/history?${new URLSearchParams({ site, keyword, ...(competitors.length ? { competitors: competitors.join(',') } : {}) })}`,
    lang,
  )
