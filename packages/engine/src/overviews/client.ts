// DataForSEO's two live endpoints for Google's AI answers, one keyword per call (the live endpoints take
// one task per POST): Google Organic (`/v3/serp/google/organic/live/advanced`, with
// `load_async_ai_overview` so an overview Google loads after the page is read too) and Google AI Mode
// (`/v3/serp/google/ai_mode/live/advanced`). HTTP Basic auth, a JSON array of one task in, the envelope
// `{ status_code, cost, tasks: [{ status_code, cost, result: [{ items }] }] }` out; DataForSEO answers
// HTTP 200 for most failures and puts the reason in the status codes, so both levels are read.
// Calls are paced under the account's rate limit (2,000 a minute by default, keywords/throttle.ts) and a "too many requests"
// (40202, or HTTP 429) pauses every queued call once, then retries, instead of each call hammering on.

import { Throttle } from '../keywords/throttle.ts'
import { codeForStatus, OverviewsError } from './errors.ts'
import { answerFromResult } from './parse.ts'
import type { Answer, SerpTarget, Surface } from './types.ts'

export const defaultDataForSeoUrl = 'https://api.dataforseo.com'

/**
 * USD per live call, from DataForSEO's pricing pages (Google Organic live: $0.002 per SERP of 10 results;
 * Google AI Mode live: $0.004 per page), read 2026-11. Only the estimate uses them: a run records the
 * `cost` DataForSEO reports for each call.
 */
export const livePrices: Record<Surface, number> = { ai_overview: 0.002, ai_mode: 0.004 }

/** DataForSEO's general rate limit (help centre, "Rate Limits and Request Limits"): calls per minute. */
export const documentedRatePerMinute = 2000

/** Google Ads location codes of the default places: Portugal and Brazil, asked in Portuguese. */
export const defaultTargets: { name: 'PT' | 'BR'; locationCode: number; languageCode: string }[] = [
  { name: 'PT', locationCode: 2620, languageCode: 'pt' },
  { name: 'BR', locationCode: 2076, languageCode: 'pt' },
]

export const endpointOf: Record<Surface, string> = {
  ai_overview: '/v3/serp/google/organic/live/advanced',
  ai_mode: '/v3/serp/google/ai_mode/live/advanced',
}

export interface AnswersClientOptions {
  login: string
  password: string
  /** DATAFORSEO_URL; default the public API. */
  baseUrl?: string
  fetch?: typeof fetch
  timeoutMs?: number
  /** Calls a minute the account may make (DataForSEO's default unless the account was raised). */
  ratePerMinute?: number
  /** Calls in flight at once. */
  concurrency?: number
  /** Tries after the first when DataForSEO says "too many requests" or fails with a 5xx. */
  retries?: number
  /** Pause before a retry when the answer names none (Retry-After), ms. */
  retryDelayMs?: number
}

/** The task a surface's endpoint takes for one keyword. */
export function taskFor(surface: Surface, keyword: string, target: SerpTarget): Record<string, unknown> {
  const base = {
    keyword,
    location_code: target.locationCode,
    language_code: target.languageCode,
    device: target.device,
  }
  // depth 10: one SERP, the price the estimate shows; the overview sits at the top of the page anyway.
  return surface === 'ai_overview' ? { ...base, depth: 10, load_async_ai_overview: true } : base
}

export class DataForSeoAnswers {
  /** Calls made (retries included): what the bench and the run's record count. */
  calls = 0
  private readonly authorization: string
  private readonly baseUrl: string
  private readonly fetchImpl: typeof fetch
  private readonly timeoutMs: number
  private readonly retries: number
  private readonly retryDelayMs: number
  private readonly throttle: Throttle

  constructor(options: AnswersClientOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.login}:${options.password}`).toString('base64')}`
    this.baseUrl = (options.baseUrl || defaultDataForSeoUrl).replace(/\/+$/, '')
    this.fetchImpl = options.fetch ?? fetch
    this.timeoutMs = options.timeoutMs ?? 120_000
    this.retries = options.retries ?? 3
    this.retryDelayMs = options.retryDelayMs ?? 5_000
    // On a schedule, a late timer made up with at most 1 s of calls at once (keywords/throttle.ts).
    this.throttle = new Throttle({
      concurrency: options.concurrency ?? 30,
      minIntervalMs: 60_000 / (options.ratePerMinute ?? documentedRatePerMinute),
      catchUp: { ms: 1000 },
    })
  }

  /** Google's answer on one surface for one keyword, place, language and device. */
  async answer(surface: Surface, keyword: string, target: SerpTarget, signal?: AbortSignal): Promise<Answer> {
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.throttle.run(() => this.call(surface, keyword, target, signal))
      } catch (error) {
        const again = error instanceof Retry && attempt < this.retries
        if (!again) throw error instanceof Retry ? error.cause : error
        this.throttle.pause(error.afterMs ?? this.retryDelayMs)
      }
    }
  }

  private async call(surface: Surface, keyword: string, target: SerpTarget, signal?: AbortSignal) {
    this.calls += 1
    const timeout = AbortSignal.timeout(this.timeoutMs)
    let response: Response
    try {
      response = await this.fetchImpl(`${this.baseUrl}${endpointOf[surface]}`, {
        method: 'POST',
        headers: { Authorization: this.authorization, 'Content-Type': 'application/json' },
        body: JSON.stringify([taskFor(surface, keyword, target)]),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw new OverviewsError('OVERVIEWS_PROVIDER_ERROR', `dataforseo: ${(error as Error).message}`)
    }
    let json: Envelope | null = null
    try {
      json = JSON.parse(await response.text()) as Envelope
    } catch {}
    const retryAfter = Number(response.headers.get('retry-after'))
    const afterMs = Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : null
    if (response.status === 401 || response.status === 403)
      throw fail('OVERVIEWS_PROVIDER_AUTH', response.status, json)
    if (response.status === 402) throw fail('OVERVIEWS_PAYMENT_REQUIRED', response.status, json)
    if (response.status === 429) throw new Retry(fail('OVERVIEWS_RATE_LIMITED', 429, json), afterMs)
    if (response.status >= 500)
      throw new Retry(fail('OVERVIEWS_PROVIDER_ERROR', response.status, json), afterMs)
    if (!response.ok || !json || typeof json !== 'object')
      throw fail('OVERVIEWS_PROVIDER_ERROR', response.status, json)
    return readEnvelope(surface, keyword, json, afterMs)
  }
}

interface Envelope {
  status_code?: unknown
  status_message?: unknown
  cost?: unknown
  tasks?: {
    status_code?: unknown
    status_message?: unknown
    cost?: unknown
    result?: { items?: unknown; datetime?: unknown }[] | null
  }[]
}

class Retry extends Error {
  override readonly cause: OverviewsError
  readonly afterMs: number | null
  constructor(cause: OverviewsError, afterMs: number | null) {
    super(cause.message)
    this.cause = cause
    this.afterMs = afterMs
  }
}

function fail(code: OverviewsError['code'], http: number, json: Envelope | null): OverviewsError {
  const status = typeof json?.status_code === 'number' ? json.status_code : null
  const message = typeof json?.status_message === 'string' ? json.status_message : ''
  return new OverviewsError(code, `dataforseo: HTTP ${http} ${status ?? ''} ${message}`.trim(), status)
}

/** Pure apart from throwing: the answer in an envelope, or the typed failure its status codes say. */
export function readEnvelope(
  surface: Surface,
  keyword: string,
  json: Envelope,
  afterMs: number | null = null,
) {
  const statusError = (status: unknown, message: unknown) => {
    const code = typeof status === 'number' ? codeForStatus(status) : 'OVERVIEWS_PROVIDER_ERROR'
    const error = new OverviewsError(
      code,
      `dataforseo: ${String(status)} ${String(message ?? '')}`.trim(),
      typeof status === 'number' ? status : null,
    )
    return code === 'OVERVIEWS_RATE_LIMITED' || (typeof status === 'number' && status >= 50000)
      ? new Retry(error, afterMs)
      : error
  }
  if (json.status_code !== 20000) throw statusError(json.status_code, json.status_message)
  const task = Array.isArray(json.tasks) ? json.tasks[0] : undefined
  if (!task) throw new OverviewsError('OVERVIEWS_PROVIDER_ERROR', 'dataforseo: no task in the answer')
  const cost = typeof task.cost === 'number' ? task.cost : typeof json.cost === 'number' ? json.cost : 0
  // 40102 "No Search Results.": Google answered with nothing, so no AI answer either (and nothing charged).
  if (task.status_code === 40102) return answerFromResult(surface, keyword, null, cost)
  if (task.status_code !== 20000) throw statusError(task.status_code, task.status_message)
  const result = Array.isArray(task.result) ? (task.result[0] ?? null) : null
  return answerFromResult(surface, keyword, result, cost)
}
