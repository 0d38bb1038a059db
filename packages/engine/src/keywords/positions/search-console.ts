// Positions from Google Search Console: `POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query`
// with the user's OAuth access token (scope webmasters.readonly), dimensions query and page over a date
// range; each row is `{ keys: [query, page], clicks, impressions, ctr, position }` (position averaged
// over impressions). A property is either a URL prefix ("https://exemplo.pt/") or a domain
// ("sc-domain:exemplo.pt"). Errors come as `{ error: { code, message, status } }`.
import { EngineError } from '../../errors.ts'

export const defaultSearchConsoleUrl = 'https://www.googleapis.com'

export interface GscRow {
  query: string
  page: string
  clicks: number
  impressions: number
  ctr: number
  position: number
}

export interface KeywordStanding {
  keyword: string
  /** Impression-weighted average position over the keyword's pages, or null when it had no impressions. */
  position: number | null
  clicks: number
  impressions: number
  ctr: number | null
  /** The page with most impressions for it. */
  page: string | null
}

export interface GscOptions {
  accessToken: string
  /** FAROL_GSC_URL; default Google's API host. */
  baseUrl?: string
  timeoutMs?: number
  fetch?: typeof fetch
}

/** Rows of a searchAnalytics.query answer; malformed rows are skipped. */
export function rowsOf(json: unknown): GscRow[] {
  const rows = (json as { rows?: unknown } | null)?.rows
  if (!Array.isArray(rows)) return [] // no data in the range: Google leaves `rows` out
  const out: GscRow[] = []
  for (const r of rows as Record<string, unknown>[]) {
    const keys = r.keys
    if (!Array.isArray(keys) || typeof keys[0] !== 'string') continue
    out.push({
      query: keys[0],
      page: typeof keys[1] === 'string' ? keys[1] : '',
      clicks: Number(r.clicks) || 0,
      impressions: Number(r.impressions) || 0,
      ctr: Number(r.ctr) || 0,
      position: Number(r.position) || 0,
    })
  }
  return out
}

/** Each tracked keyword's standing from query×page rows (pure). Matching is case-insensitive. */
export function standings(rows: GscRow[], keywords: string[]): KeywordStanding[] {
  return keywords.map((keyword) => {
    const mine = rows.filter((r) => r.query.toLowerCase() === keyword.toLowerCase())
    const impressions = mine.reduce((s, r) => s + r.impressions, 0)
    const clicks = mine.reduce((s, r) => s + r.clicks, 0)
    if (impressions === 0) return { keyword, position: null, clicks, impressions, ctr: null, page: null }
    const position = mine.reduce((s, r) => s + r.position * r.impressions, 0) / impressions
    const top = [...mine].sort((a, b) => b.impressions - a.impressions)[0]!
    return {
      keyword,
      position: Math.round(position * 10) / 10,
      clicks,
      impressions,
      ctr: clicks / impressions,
      page: top.page,
    }
  })
}

export async function searchAnalytics(
  property: string,
  range: { startDate: string; endDate: string },
  options: GscOptions,
  signal?: AbortSignal,
): Promise<GscRow[]> {
  const base = (options.baseUrl || defaultSearchConsoleUrl).replace(/\/+$/, '')
  const timeout = AbortSignal.timeout(options.timeoutMs ?? 30_000)
  let response: Response
  try {
    response = await (options.fetch ?? fetch)(
      `${base}/webmasters/v3/sites/${encodeURIComponent(property)}/searchAnalytics/query`,
      {
        method: 'POST',
        headers: { Authorization: `Bearer ${options.accessToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          ...range,
          dimensions: ['query', 'page'],
          rowLimit: 25000,
          dataState: 'final',
        }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      },
    )
  } catch (error) {
    if (signal?.aborted) throw signal.reason
    throw new EngineError('KEYWORDS_PROVIDER_ERROR', `search console: ${(error as Error).message}`)
  }
  let json: unknown = null
  try {
    json = JSON.parse(await response.text())
  } catch {}
  const message = (json as { error?: { message?: string } } | null)?.error?.message ?? ''
  if (response.status === 401 || response.status === 403)
    throw new EngineError(
      'KEYWORDS_PROVIDER_AUTH',
      `search console: HTTP ${response.status} ${message}`.trim(),
    )
  if (response.status === 429) throw new EngineError('KEYWORDS_RATE_LIMITED', 'search console: HTTP 429')
  if (!response.ok || json === null)
    throw new EngineError(
      'KEYWORDS_PROVIDER_ERROR',
      `search console: HTTP ${response.status} ${message}`.trim(),
    )
  return rowsOf(json)
}
