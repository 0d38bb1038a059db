// A loopback stand-in for the Chrome UX Report API (developer.chrome.com/docs/crux/api, /history-api):
//   POST /v1/records:queryRecord?key=KEY         {"url"|"origin", "formFactor", "metrics"}
//   POST /v1/records:queryHistoryRecord?key=KEY  {..., "collectionPeriodCount"}
// It answers the documented shapes: `record.metrics.<name>.histogram` (three bins, start/end/density) and
// `percentiles.p75` (CLS as strings), `record.collectionPeriod` {firstDate, lastDate} as {year, month, day};
// the history's `histogramTimeseries`/`percentilesTimeseries.p75s`/`collectionPeriods`. Errors as Google
// sends them: 400 INVALID_ARGUMENT "API key not valid", 404 NOT_FOUND "chrome ux report data not found",
// 429 RESOURCE_EXHAUSTED (the next `rateLimitNext` requests), all `application/json; charset=UTF-8`.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

type Metric = 'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb'

const NAMES: Record<Metric, string> = {
  lcp: 'largest_contentful_paint',
  inp: 'interaction_to_next_paint',
  cls: 'cumulative_layout_shift',
  fcp: 'first_contentful_paint',
  ttfb: 'experimental_time_to_first_byte',
}
// The bins' edges CrUX uses (Google's good / needs-improvement thresholds).
const EDGES: Record<Metric, [number, number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  fcp: [1800, 3000],
  ttfb: [800, 1800],
}

export interface FakeCruxRecord {
  /** p75 per metric (ms; CLS unitless); a metric left out is absent from the answer (too few samples). */
  p75: Partial<Record<Metric, number>>
  /** Share of loads per bin [good, needs improvement, poor]; default 0.8/0.15/0.05. */
  densities?: Partial<Record<Metric, [number, number, number]>>
  /** Weekly p75s, oldest first (null: too few samples that week); default: `p75` for 25 weeks. */
  history?: Partial<Record<Metric, (number | null)[]>>
  /** Last day of the latest 28-day window; default 2026-11-22. */
  lastDate?: string
}

export interface FakeCrux {
  origin: string
  apiKey: string
  /** Keyed by fakeCruxKey(formFactor, {url} | {origin}). */
  records: Map<string, FakeCruxRecord>
  requests: { method: string; key: string | null; body: Record<string, unknown> }[]
  /** The next N queries answer 429 (then normal service resumes). */
  rateLimitNext: number
  close(): Promise<void>
}

export function fakeCruxKey(formFactor: 'PHONE' | 'DESKTOP', id: { url: string } | { origin: string }) {
  return 'url' in id ? `${formFactor} url ${id.url}` : `${formFactor} origin ${id.origin}`
}

/** The environment that points Farol at a fake listening on `origin`. */
export function fakeCruxEnv(origin: string, apiKey = 'fake-crux-key'): Record<string, string> {
  return { CRUX_API_KEY: apiKey, FAROL_CRUX_URL: origin }
}

function googleError(code: number, message: string, status: string, reason?: string) {
  return {
    error: {
      code,
      message,
      status,
      ...(reason
        ? {
            details: [
              {
                '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
                reason,
                domain: 'googleapis.com',
                metadata: { service: 'chromeuxreport.googleapis.com' },
              },
            ],
          }
        : {}),
    },
  }
}

function date(iso: string) {
  const [year, month, day] = iso.split('-').map(Number)
  return { year, month, day }
}
function addDays(iso: string, days: number): string {
  return new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
/** CLS is a string with two decimals; the times are integers (ms). */
function value(metric: Metric, v: number): number | string {
  return metric === 'cls' ? v.toFixed(2) : Math.round(v)
}
function bins(metric: Metric) {
  const [a, b] = EDGES[metric]
  return [
    { start: value(metric, 0), end: value(metric, a) },
    { start: value(metric, a), end: value(metric, b) },
    { start: value(metric, b) },
  ]
}

export async function startFakeCrux(options: { apiKey?: string; port?: number } = {}): Promise<FakeCrux> {
  const apiKey = options.apiKey ?? 'fake-crux-key'
  const state: Pick<FakeCrux, 'records' | 'requests' | 'rateLimitNext'> = {
    records: new Map(),
    requests: [],
    rateLimitNext: 0,
  }
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) =>
      res
        .writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', Vary: 'Origin' })
        .end(JSON.stringify(body, null, 2))
    const url = new URL(req.url ?? '/', 'http://fake')
    const method = /^\/v1\/records:(queryRecord|queryHistoryRecord)$/.exec(url.pathname)?.[1]
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    if (!method || req.method !== 'POST') {
      send(404, googleError(404, 'Requested entity was not found.', 'NOT_FOUND'))
      return
    }
    let body: Record<string, unknown>
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
    } catch {
      send(400, googleError(400, 'Invalid JSON payload received.', 'INVALID_ARGUMENT'))
      return
    }
    const key = url.searchParams.get('key')
    state.requests.push({ method, key, body })
    if (key !== apiKey) {
      send(
        400,
        googleError(
          400,
          'API key not valid. Please pass a valid API key.',
          'INVALID_ARGUMENT',
          'API_KEY_INVALID',
        ),
      )
      return
    }
    if (state.rateLimitNext > 0) {
      state.rateLimitNext--
      send(
        429,
        googleError(
          429,
          "Quota exceeded for quota metric 'Queries' and limit 'Queries per minute' of service 'chromeuxreport.googleapis.com' for consumer 'project_number:000000000000'.",
          'RESOURCE_EXHAUSTED',
          'RATE_LIMIT_EXCEEDED',
        ),
      )
      return
    }
    const formFactor = body.formFactor === 'DESKTOP' ? 'DESKTOP' : 'PHONE'
    const id = typeof body.url === 'string' ? { url: body.url } : { origin: String(body.origin ?? '') }
    const record = state.records.get(fakeCruxKey(formFactor, id))
    if (!record) {
      send(404, googleError(404, 'chrome ux report data not found', 'NOT_FOUND'))
      return
    }
    const lastDate = record.lastDate ?? '2026-11-22'
    const wanted = Array.isArray(body.metrics) ? (body.metrics as string[]) : Object.values(NAMES)
    const metrics = (Object.keys(NAMES) as Metric[]).filter(
      (m) => record.p75[m] !== undefined && wanted.includes(NAMES[m]),
    )
    const recordKey = { formFactor, ...id }
    if (method === 'queryRecord') {
      send(200, {
        record: {
          key: recordKey,
          metrics: Object.fromEntries(
            metrics.map((m) => {
              const d = record.densities?.[m] ?? [0.8, 0.15, 0.05]
              return [
                NAMES[m],
                {
                  histogram: bins(m).map((bin, i) => ({ ...bin, density: d[i] })),
                  percentiles: { p75: value(m, record.p75[m]!) },
                },
              ]
            }),
          ),
          collectionPeriod: { firstDate: date(addDays(lastDate, -27)), lastDate: date(lastDate) },
        },
      })
      return
    }
    const count = Math.min(Number(body.collectionPeriodCount ?? 25) || 25, 40)
    const periods = Array.from({ length: count }, (_, i) => {
      const last = addDays(lastDate, -7 * (count - 1 - i))
      return { firstDate: date(addDays(last, -27)), lastDate: date(last) }
    })
    send(200, {
      record: {
        key: recordKey,
        metrics: Object.fromEntries(
          metrics.map((m) => {
            const series =
              record.history?.[m]?.slice(-count) ?? Array.from({ length: count }, () => record.p75[m]!)
            const padded = [...Array.from({ length: count - series.length }, () => null), ...series]
            const d = record.densities?.[m] ?? [0.8, 0.15, 0.05]
            return [
              NAMES[m],
              {
                histogramTimeseries: bins(m).map((bin, i) => ({
                  ...bin,
                  densities: padded.map((p) => (p === null ? 'NaN' : d[i])),
                })),
                percentilesTimeseries: { p75s: padded.map((p) => (p === null ? null : value(m, p))) },
              },
            ]
          }),
        ),
        collectionPeriods: periods,
      },
    })
  })
  await new Promise<void>((r) => server.listen(options.port ?? 0, '127.0.0.1', () => r()))
  const fake: FakeCrux = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey,
    get records() {
      return state.records
    },
    get requests() {
      return state.requests
    },
    get rateLimitNext() {
      return state.rateLimitNext
    },
    set rateLimitNext(n: number) {
      state.rateLimitNext = n
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
  return fake
}
