// Where a site ranks for a keyword on Google, from DataForSEO's SERP API (live, advanced): POST a JSON
// array of one task `{ keyword, location_code, language_code, depth }` with HTTP Basic auth; the answer
// is the documented envelope whose result[0].items are the page's elements, organic ones carrying
// `rank_group` (position among organic results), `domain` and `url`. The site's position is the first
// organic item on its host (with or without www); none in the depth asked → not ranked (null).
import { EngineError } from '../../errors.ts'
import { defaultDataForSeoUrl, locationCodes, taskResult } from '../dataforseo.ts'
import type { Market } from '../types.ts'

export interface SerpPosition {
  keyword: string
  /** Organic position (1 = first result), or null when the site is not in the results asked for. */
  position: number | null
  /** The site's page that ranks. */
  url: string | null
}

export interface SerpOptions {
  login: string
  password: string
  baseUrl?: string
  /** How many results to look through (DataForSEO bills per 10 beyond the first 10). */
  depth?: number
  timeoutMs?: number
  fetch?: typeof fetch
}

interface SerpItem {
  type?: unknown
  rank_group?: unknown
  domain?: unknown
  url?: unknown
}

const bareHost = (host: string) => host.toLowerCase().replace(/^www\./, '')

/** The site's first organic result among the SERP's items (pure: the rule the tests pin down). */
export function positionInSerp(
  items: unknown[],
  siteUrl: string,
): { position: number; url: string | null } | null {
  const host = bareHost(new URL(siteUrl).hostname)
  for (const raw of items) {
    const item = raw as SerpItem
    if (item.type !== 'organic' || typeof item.rank_group !== 'number') continue
    const domain = typeof item.domain === 'string' ? bareHost(item.domain) : ''
    if (domain === host)
      return { position: item.rank_group, url: typeof item.url === 'string' ? item.url : null }
  }
  return null
}

export async function serpPositions(
  siteUrl: string,
  keywords: string[],
  market: Market,
  options: SerpOptions,
  signal?: AbortSignal,
): Promise<SerpPosition[]> {
  const base = (options.baseUrl || defaultDataForSeoUrl).replace(/\/+$/, '')
  const authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`
  const fetchImpl = options.fetch ?? fetch
  const out: SerpPosition[] = []
  // One keyword per task: the live endpoint takes one task per call.
  for (const keyword of keywords) {
    const timeout = AbortSignal.timeout(options.timeoutMs ?? 60_000)
    let response: Response
    try {
      response = await fetchImpl(`${base}/v3/serp/google/organic/live/advanced`, {
        method: 'POST',
        headers: { Authorization: authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify([
          {
            keyword,
            location_code: locationCodes[market.country],
            language_code: market.lang,
            depth: options.depth ?? 100,
          },
        ]),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw new EngineError('KEYWORDS_PROVIDER_ERROR', `dataforseo serp: ${(error as Error).message}`)
    }
    let json: unknown = null
    try {
      json = JSON.parse(await response.text())
    } catch {}
    if (response.status === 401 || response.status === 403)
      throw new EngineError('KEYWORDS_PROVIDER_AUTH', `dataforseo serp: HTTP ${response.status}`)
    if (response.status === 429) throw new EngineError('KEYWORDS_RATE_LIMITED', 'dataforseo serp: HTTP 429')
    if (!response.ok || json === null)
      throw new EngineError('KEYWORDS_PROVIDER_ERROR', `dataforseo serp: HTTP ${response.status}`)
    const result = taskResult(json)
    const found = positionInSerp(result?.items ?? [], siteUrl)
    out.push({ keyword, position: found?.position ?? null, url: found?.url ?? null })
  }
  return out
}
