// DataForSEO Labs (Google database): related keywords ("searches related to", depth-first), keyword
// suggestions (phrases containing the seed) and keyword overview (figures of given keywords), each with
// search volume, CPC, difficulty and intent. Live endpoints, HTTP Basic auth, a JSON array of one task
// in, and the documented envelope out: `{ status_code: 20000, tasks: [{ status_code, result: [...] }] }`;
// any other status code is an error even under HTTP 200.
import { EngineError } from '../errors.ts'
import type { KeywordProvider } from './provider.ts'
import type { KeywordCountry, KeywordIdea, Market } from './types.ts'

export const defaultDataForSeoUrl = 'https://api.dataforseo.com'

/** DataForSEO location codes (Google Ads geotargets): Portugal, Brazil, United States. */
export const locationCodes: Record<KeywordCountry, number> = { PT: 2620, BR: 2076, US: 2840 }

export interface DataForSeoOptions {
  login: string
  password: string
  /** DATAFORSEO_URL; default the public API. */
  baseUrl?: string
  timeoutMs?: number
  /** Keywords asked per call (related and suggestions). */
  limit?: number
  fetch?: typeof fetch
}

interface KeywordData {
  keyword?: unknown
  keyword_info?: { search_volume?: unknown; cpc?: unknown } | null
  keyword_properties?: { keyword_difficulty?: unknown } | null
  search_intent_info?: { main_intent?: unknown } | null
}

const numberOrNull = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)

/** One DataForSEO keyword record as an idea; figures absent from the record stay null. */
export function ideaFromKeywordData(data: KeywordData): KeywordIdea | null {
  if (typeof data.keyword !== 'string' || !data.keyword.trim()) return null
  const intent = data.search_intent_info?.main_intent
  return {
    keyword: data.keyword,
    source: 'dataforseo',
    volume: numberOrNull(data.keyword_info?.search_volume),
    cpc: numberOrNull(data.keyword_info?.cpc),
    difficulty: numberOrNull(data.keyword_properties?.keyword_difficulty),
    intent: typeof intent === 'string' ? intent : null,
  }
}

/** The first task's first result, or a typed error for every failure the envelope can carry. */
export function taskResult(json: unknown): { items?: unknown[] } | null {
  const envelope = json as { status_code?: unknown; status_message?: unknown; tasks?: unknown } | null
  if (!envelope || typeof envelope !== 'object') {
    throw new EngineError('KEYWORDS_PROVIDER_ERROR', 'dataforseo: not a JSON object')
  }
  if (envelope.status_code !== 20000) throw envelopeError(envelope.status_code, envelope.status_message)
  const task = Array.isArray(envelope.tasks)
    ? (envelope.tasks[0] as { status_code?: unknown; status_message?: unknown; result?: unknown })
    : undefined
  if (!task) throw new EngineError('KEYWORDS_PROVIDER_ERROR', 'dataforseo: no task in the answer')
  // 40102 "No Search Results": a real answer with nothing in it.
  if (task.status_code === 40102) return null
  if (task.status_code !== 20000) throw envelopeError(task.status_code, task.status_message)
  const result = Array.isArray(task.result) ? task.result[0] : null
  return (result as { items?: unknown[] } | null) ?? null
}

function envelopeError(code: unknown, message: unknown): EngineError {
  // 401xx: authentication (wrong login or password, not verified); 402xx: payment or limits.
  const auth = typeof code === 'number' && code >= 40100 && code < 40200
  return new EngineError(
    auth ? 'KEYWORDS_PROVIDER_AUTH' : 'KEYWORDS_PROVIDER_ERROR',
    `dataforseo: ${String(code)} ${String(message ?? '')}`.trim(),
  )
}

export class DataForSeoProvider implements KeywordProvider {
  readonly id = 'dataforseo' as const
  requests = 0
  private readonly authorization: string
  private readonly baseUrl: string
  private readonly timeoutMs: number
  private readonly limit: number
  private readonly fetchImpl: typeof fetch

  constructor(options: DataForSeoOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`
    this.baseUrl = (options.baseUrl || defaultDataForSeoUrl).replace(/\/+$/, '')
    this.timeoutMs = options.timeoutMs ?? 30_000
    this.limit = options.limit ?? 100
    this.fetchImpl = options.fetch ?? fetch
  }

  private target(market: Market) {
    return { location_code: locationCodes[market.country], language_code: market.lang }
  }

  /** Related keywords (depth 1) and suggestions containing the seed, with their figures. */
  async ideas(seed: string, market: Market, signal?: AbortSignal): Promise<KeywordIdea[]> {
    const [related, suggestions] = await Promise.all([
      this.post(
        'related_keywords',
        { keyword: seed, ...this.target(market), depth: 1, limit: this.limit, include_seed_keyword: false },
        signal,
      ),
      this.post('keyword_suggestions', { keyword: seed, ...this.target(market), limit: this.limit }, signal),
    ])
    const out: KeywordIdea[] = []
    for (const item of related?.items ?? []) {
      const idea = ideaFromKeywordData((item as { keyword_data?: KeywordData }).keyword_data ?? {})
      if (idea) out.push(idea)
    }
    for (const item of suggestions?.items ?? []) {
      const idea = ideaFromKeywordData(item as KeywordData)
      if (idea) out.push(idea)
    }
    return out
  }

  /** Figures of given keywords (at most 700 per call, as the endpoint allows). */
  async measure(keywords: string[], market: Market, signal?: AbortSignal): Promise<KeywordIdea[]> {
    const out: KeywordIdea[] = []
    for (let i = 0; i < keywords.length; i += 700) {
      const result = await this.post(
        'keyword_overview',
        { keywords: keywords.slice(i, i + 700), ...this.target(market) },
        signal,
      )
      for (const item of result?.items ?? []) {
        const idea = ideaFromKeywordData(item as KeywordData)
        if (idea) out.push(idea)
      }
    }
    return out
  }

  private async post(fn: string, task: Record<string, unknown>, signal?: AbortSignal) {
    this.requests += 1
    const timeout = AbortSignal.timeout(this.timeoutMs)
    let response: Response
    try {
      response = await this.fetchImpl(`${this.baseUrl}/v3/dataforseo_labs/google/${fn}/live`, {
        method: 'POST',
        headers: { Authorization: this.authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify([task]),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw new EngineError('KEYWORDS_PROVIDER_ERROR', `dataforseo: ${(error as Error).message}`)
    }
    const text = await response.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      json = null
    }
    if (response.status === 401 || response.status === 403) {
      const message = (json as { status_message?: string } | null)?.status_message ?? ''
      throw new EngineError('KEYWORDS_PROVIDER_AUTH', `dataforseo: HTTP ${response.status} ${message}`.trim())
    }
    if (response.status === 429) throw new EngineError('KEYWORDS_RATE_LIMITED', 'dataforseo: HTTP 429')
    if (!response.ok || json === null) {
      throw new EngineError('KEYWORDS_PROVIDER_ERROR', `dataforseo: HTTP ${response.status}`)
    }
    return taskResult(json)
  }
}
