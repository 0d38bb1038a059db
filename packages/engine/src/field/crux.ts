// The Chrome UX Report API (developer.chrome.com/docs/crux/api and /docs/crux/history-api):
//   POST {base}/v1/records:queryRecord?key=KEY         {"url"|"origin", "formFactor", "metrics"}
//   POST {base}/v1/records:queryHistoryRecord?key=KEY  {..., "collectionPeriodCount": 25}
// A record holds per metric a three-bin histogram [{start, end, density}] and percentiles {p75}; the
// history holds histogramTimeseries [{start, end, densities[]}], percentilesTimeseries {p75s[]} and
// collectionPeriods[]. CLS values come as strings ("0.05"). 404 {"error": {"message": "chrome ux report data
// not found"}} means too few visits; 400 INVALID_ARGUMENT is a bad key or request; 429 is the quota
// (150 queries a minute per project), retried after a pause.
import { EngineError } from '../errors.ts'
import type { CollectionPeriod, FieldMetricId, FormFactor } from './types.ts'

export const CRUX_DEFAULT_URL = 'https://chromeuxreport.googleapis.com'

/** The API's metric names for Farol's five metrics. */
export const CRUX_METRICS: Record<FieldMetricId, string> = {
  lcp: 'largest_contentful_paint',
  inp: 'interaction_to_next_paint',
  cls: 'cumulative_layout_shift',
  fcp: 'first_contentful_paint',
  ttfb: 'experimental_time_to_first_byte',
}

export type CruxIdentifier = { url: string } | { origin: string }

interface CruxDate {
  year: number
  month: number
  day: number
}
type CruxNumber = number | string | null | undefined

interface CruxRecordMetric {
  histogram?: { start: CruxNumber; end?: CruxNumber; density?: CruxNumber }[]
  percentiles?: { p75?: CruxNumber }
}
interface CruxHistoryMetric {
  histogramTimeseries?: { start: CruxNumber; end?: CruxNumber; densities?: CruxNumber[] }[]
  percentilesTimeseries?: { p75s?: CruxNumber[] }
}

/** queryRecord's answer, as the API sends it. */
export interface CruxRecordResponse {
  record: {
    key: { formFactor?: string; url?: string; origin?: string }
    metrics: Record<string, CruxRecordMetric>
    collectionPeriod: { firstDate: CruxDate; lastDate: CruxDate }
  }
  urlNormalizationDetails?: { originalUrl: string; normalizedUrl: string }
}

/** queryHistoryRecord's answer, as the API sends it. */
export interface CruxHistoryResponse {
  record: {
    key: { formFactor?: string; url?: string; origin?: string }
    metrics: Record<string, CruxHistoryMetric>
    collectionPeriods: { firstDate: CruxDate; lastDate: CruxDate }[]
  }
}

export interface CruxClientOptions {
  apiKey: string
  /** Default Google's; a loopback fake in tests. */
  baseUrl?: string
  /** Waits for a slot of the install's query budget before each request (the server's limiter). */
  acquire?: () => Promise<void>
  /** Pauses before each retry of a 429 (default 1 s then 4 s); Retry-After wins when Google sends one. */
  retryDelaysMs?: readonly number[]
  fetch?: typeof fetch
  signal?: AbortSignal
}

export interface CruxClient {
  /** The record, or null when CrUX has no data for this identifier and form factor (404). */
  queryRecord(id: CruxIdentifier, formFactor: FormFactor): Promise<CruxRecordResponse | null>
  queryHistoryRecord(
    id: CruxIdentifier,
    formFactor: FormFactor,
    periods?: number,
  ): Promise<CruxHistoryResponse | null>
}

export function createCruxClient(options: CruxClientOptions): CruxClient {
  const base = (options.baseUrl ?? CRUX_DEFAULT_URL).replace(/\/+$/, '')
  const doFetch = options.fetch ?? fetch
  const delays = options.retryDelaysMs ?? [1000, 4000]

  async function call<T>(method: string, body: Record<string, unknown>): Promise<T | null> {
    const url = `${base}/v1/records:${method}?key=${encodeURIComponent(options.apiKey)}`
    for (let attempt = 0; ; attempt++) {
      await options.acquire?.()
      let response: Response
      try {
        response = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify(body),
          ...(options.signal ? { signal: options.signal } : {}),
        })
      } catch (error) {
        throw new EngineError('CRUX_ERROR', `network: ${(error as Error).message}`)
      }
      if (response.ok) return (await response.json()) as T
      const text = await response.text()
      if (response.status === 404) return null
      if (response.status === 429 && attempt < delays.length) {
        await pause(retryAfterMs(response.headers.get('retry-after')) ?? delays[attempt]!, options.signal)
        continue
      }
      const detail = `${response.status} ${errorMessageOf(text)}`
      if (response.status === 429) throw new EngineError('CRUX_RATE_LIMITED', detail)
      if (response.status === 400 && /api key/i.test(text)) throw new EngineError('CRUX_KEY_INVALID', detail)
      if (response.status === 403) throw new EngineError('CRUX_KEY_INVALID', detail)
      throw new EngineError('CRUX_ERROR', detail)
    }
  }

  const metrics = Object.values(CRUX_METRICS)
  return {
    queryRecord: (id, formFactor) => call('queryRecord', { ...id, formFactor, metrics }),
    queryHistoryRecord: (id, formFactor, periods = 25) =>
      call('queryHistoryRecord', { ...id, formFactor, metrics, collectionPeriodCount: periods }),
  }
}

function errorMessageOf(text: string): string {
  try {
    return (JSON.parse(text) as { error?: { message?: string } }).error?.message ?? text.slice(0, 200)
  } catch {
    return text.slice(0, 200)
  }
}

function retryAfterMs(header: string | null): number | null {
  if (!header) return null
  const seconds = Number(header)
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(seconds, 60) * 1000 : null
}

function pause(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(resolve, ms)
    signal?.addEventListener('abort', () => {
      clearTimeout(timer)
      reject(signal.reason)
    })
  })
}

/** A CrUX number (CLS comes as a string; "NaN" or null where a week had too few samples). */
export function cruxNumber(value: CruxNumber): number | null {
  if (value === null || value === undefined) return null
  const n = typeof value === 'number' ? value : Number(value)
  return Number.isFinite(n) ? n : null
}

export function cruxDate(d: CruxDate): string {
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
}

export function cruxPeriod(p: { firstDate: CruxDate; lastDate: CruxDate }): CollectionPeriod {
  return { firstDate: cruxDate(p.firstDate), lastDate: cruxDate(p.lastDate) }
}
