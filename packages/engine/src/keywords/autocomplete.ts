// Google's search autocomplete (the "suggest" endpoint, no key): what people type after a query, in the
// market's language (hl) and country (gl). The answer is JSON `[query, [suggestion, ...], ...]` whose
// charset is whatever the Content-Type says: Google answers ISO-8859-1 for some hl values, so the bytes
// are decoded by that header, never assumed UTF-8. Requests are throttled, answers cached 24 h, and a 429
// pauses every request (Retry-After, else an exponential wait) before a bounded number of retries.
import { setTimeout as delay } from 'node:timers/promises'
import { EngineError } from '../errors.ts'
import { decodeBody, parseContentType } from '../fetch/decode.ts'
import { DAY_MS, MemoryKeywordCache } from './cache.ts'
import { type KeywordProvider, unmeasured } from './provider.ts'
import { Throttle } from './throttle.ts'
import type { KeywordCache, KeywordIdea, Market } from './types.ts'

const maxWaitMs = 30_000

const sleep = (ms: number, signal?: AbortSignal) => delay(ms, undefined, signal ? { signal } : undefined)

export const defaultAutocompleteUrl = 'https://suggestqueries.google.com/complete/search'

export interface AutocompleteOptions {
  /** FAROL_AUTOCOMPLETE_URL; default Google's public endpoint. */
  baseUrl?: string
  cache?: KeywordCache
  /** Requests in flight at once (default 4) and the gap between starts (default 60 ms). */
  concurrency?: number
  minIntervalMs?: number
  /** Retries after a 429 (default 3); the first wait is `backoffMs` (default 1 s), doubling. */
  maxRetries?: number
  backoffMs?: number
  /** Per request (default 10 s). */
  timeoutMs?: number
  /** After giving up on 429s, how long every query fails at once without asking (default 60 s). */
  cooldownMs?: number
  fetch?: typeof fetch
}

/** hl and gl of a market: pt-PT/pt, pt-BR/br, en/us. */
export function autocompleteLocale(market: Market): { hl: string; gl: string } {
  return {
    hl: market.lang === 'pt' ? `pt-${market.country}` : 'en',
    gl: market.country.toLowerCase(),
  }
}

export function autocompleteUrl(baseUrl: string, query: string, market: Market): string {
  const url = new URL(baseUrl)
  const { hl, gl } = autocompleteLocale(market)
  // client=firefox answers plain JSON (not JSONP); ie says how the query is encoded (UTF-8, as sent).
  url.searchParams.set('client', 'firefox')
  url.searchParams.set('ie', 'utf-8')
  url.searchParams.set('hl', hl)
  url.searchParams.set('gl', gl)
  url.searchParams.set('q', query)
  return url.toString()
}

/** The suggestions of one answer, decoded by its declared charset. Throws on anything but the JSON shape. */
export function parseAutocompleteBody(bytes: Uint8Array, contentType: string | null): string[] {
  const { text } = decodeBody(bytes, parseContentType(contentType)?.charset ?? null, false)
  const json: unknown = JSON.parse(text)
  if (!Array.isArray(json) || !Array.isArray(json[1])) {
    throw new EngineError('KEYWORDS_PROVIDER_ERROR', 'autocomplete: unexpected answer shape')
  }
  return json[1].filter((s): s is string => typeof s === 'string')
}

/** Seconds or an HTTP date, as Retry-After allows; null when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (!header) return null
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const date = Date.parse(header)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

export class AutocompleteProvider implements KeywordProvider {
  readonly id = 'autocomplete' as const
  requests = 0
  private readonly baseUrl: string
  private readonly cache: KeywordCache
  private readonly throttle: Throttle
  private readonly maxRetries: number
  private readonly backoffMs: number
  private readonly timeoutMs: number
  private readonly fetchImpl: typeof fetch
  private readonly cooldownMs: number
  private blockedUntil = 0

  constructor(options: AutocompleteOptions = {}) {
    this.baseUrl = options.baseUrl || defaultAutocompleteUrl
    this.cache = options.cache ?? new MemoryKeywordCache()
    this.throttle = new Throttle({
      concurrency: options.concurrency ?? 4,
      minIntervalMs: options.minIntervalMs ?? 60,
    })
    this.maxRetries = options.maxRetries ?? 3
    this.backoffMs = options.backoffMs ?? 1000
    this.timeoutMs = options.timeoutMs ?? 10_000
    this.fetchImpl = options.fetch ?? fetch
    this.cooldownMs = options.cooldownMs ?? 60_000
  }

  async ideas(query: string, market: Market, signal?: AbortSignal): Promise<KeywordIdea[]> {
    const suggestions = await this.suggestions(query, market, signal)
    return suggestions.map((s) => unmeasured(s, 'autocomplete'))
  }

  /**
   * A view for one research run: the same throttle, cache and cool-down (shared by every run of the
   * process, so concurrent tasks keep one polite pace), with its own request count.
   */
  forRun(): KeywordProvider {
    let requests = 0
    const count = () => {
      requests += 1
    }
    return {
      id: 'autocomplete',
      get requests() {
        return requests
      },
      ideas: async (query, market, signal) =>
        (await this.suggestions(query, market, signal, count)).map((s) => unmeasured(s, 'autocomplete')),
    }
  }

  async suggestions(
    query: string,
    market: Market,
    signal?: AbortSignal,
    onRequest?: () => void,
  ): Promise<string[]> {
    const url = autocompleteUrl(this.baseUrl, query, market)
    const key = `autocomplete:${url}`
    const cached = await this.cache.get(key)
    if (Array.isArray(cached)) return cached as string[]
    const suggestions = await this.fetchWithBackoff(url, signal, onRequest)
    await this.cache.set(key, suggestions, DAY_MS)
    return suggestions
  }

  /**
   * One query, its retries included, holds one throttle slot: after a 429 it waits in place and every
   * other query waits too (the shared pause), so a rate-limited run sends a few requests, not forty.
   */
  private fetchWithBackoff(url: string, signal?: AbortSignal, onRequest?: () => void): Promise<string[]> {
    return this.throttle.run(async () => {
      for (let attempt = 0; ; attempt++) {
        signal?.throwIfAborted()
        if (Date.now() < this.blockedUntil)
          throw new EngineError('KEYWORDS_RATE_LIMITED', 'autocomplete: cooling down')
        onRequest?.()
        const response = await this.send(url, signal)
        if (response.status === 429 || response.status === 503) {
          await response.body?.cancel()
          const wait = retryAfterMs(response.headers.get('retry-after')) ?? this.backoffMs * 2 ** attempt
          // Out of retries, or a ban of minutes not worth a task's wait: report it and let the other
          // sources answer; queries still queued fail at once during the cool-down.
          if (attempt >= this.maxRetries || wait > maxWaitMs) {
            this.blockedUntil = Date.now() + Math.max(wait, this.cooldownMs)
            throw new EngineError(
              'KEYWORDS_RATE_LIMITED',
              `autocomplete: ${response.status} after ${attempt} retries`,
            )
          }
          this.throttle.pause(wait)
          await sleep(wait, signal)
          continue
        }
        if (!response.ok) {
          await response.body?.cancel()
          throw new EngineError('KEYWORDS_PROVIDER_ERROR', `autocomplete: HTTP ${response.status}`)
        }
        const bytes = new Uint8Array(await response.arrayBuffer())
        try {
          return parseAutocompleteBody(bytes, response.headers.get('content-type'))
        } catch (error) {
          throw new EngineError('KEYWORDS_PROVIDER_ERROR', `autocomplete: ${(error as Error).message}`)
        }
      }
    })
  }

  private async send(url: string, signal?: AbortSignal): Promise<Response> {
    this.requests += 1
    const timeout = AbortSignal.timeout(this.timeoutMs)
    try {
      return await this.fetchImpl(url, {
        headers: { Accept: 'application/json, text/javascript, */*;q=0.1' },
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      })
    } catch (error) {
      if (signal?.aborted) throw signal.reason
      throw new EngineError('KEYWORDS_PROVIDER_ERROR', `autocomplete: ${(error as Error).message}`)
    }
  }
}
