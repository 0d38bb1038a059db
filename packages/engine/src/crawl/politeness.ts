// Politeness per host: how many requests at once, how far apart they start, and how that changes with
// the server's answers. The rule is asymmetric on purpose: 429/503 (with Retry-After), timeouts and
// rising response times slow the crawl down at once; only a run of normal, fast answers speeds it back
// up, never below the configured floor, and an error never makes it faster.
// Adaptive (issue 28, decision 020), when a ceiling above the start is given: from the polite start
// (2 in flight, 500 ms apart) the host gets one more request in flight per window of good answers
// (additive increase, the spacing shrinking in step: 500 ms x 2 / in-flight), while the response time
// stays within 1.5x its early median and nothing goes wrong; the first sign of strain halves the requests
// in flight (multiplicative decrease, once per window, as TCP's AIMD). robots.txt's Crawl-delay stays a
// floor the spacing never goes under.

export interface PolitenessOptions {
  /** Requests in flight per host (at the start, when adaptive). Default 2. */
  maxConcurrent: number
  /** Minimum time between two request starts on a host, ms. Default 500 (0 once --concurrency is asked for). */
  minIntervalMs: number
  /** Requests in flight the adaptive speed-up may reach; absent or not above maxConcurrent: a fixed pace. */
  ceiling?: number
}

/** The adaptive ceiling for any site: the owner-verified one comes from the server's configuration. */
export const ADAPTIVE_CEILING = 8
/** Answers whose median is the server's early "normal" response time. */
export const EARLY_ANSWERS = 8
/** Good answers before one more request in flight, at least (a window is otherwise the limit itself). */
export const MIN_WINDOW = 4
/** Strain: the weighted response time above 1.5x the early median, and at least this much above it (a
 *  few ms of jitter on a fast server, or this process's own event-loop delay, is not the server's strain). */
export const STRAIN_MARGIN_MS = 100

/**
 * Why the pace is what it is, for the page to say in the reader's language: a code and its figures.
 * start: the polite start; learning: measuring the early response times; speeding-up: answers fast and
 * fine; at-ceiling: as fast as allowed; latency / slow: response times up (strain or 3x the normal);
 * overloaded: the server answered 429/503; retry-after: it asked for a pause; timeout: a request failed
 * or timed out; server-error: 5xx, held; crawl-delay: robots.txt sets the floor; fixed: a pace set by hand.
 */
export type PaceReason =
  | { code: 'start' | 'learning' | 'speeding-up' | 'timeout' | 'fixed' }
  | { code: 'at-ceiling'; ceiling: number; owner: boolean }
  | { code: 'latency' | 'slow'; latencyMs: number; normalMs: number }
  | { code: 'overloaded' | 'server-error'; status: number }
  | { code: 'retry-after'; seconds: number }
  | { code: 'crawl-delay'; seconds: number }

export const politeDefaults: PolitenessOptions = { maxConcurrent: 2, minIntervalMs: 500 }

/** The slowest the crawl gets (a Retry-After larger than this still pauses that long once). */
export const MAX_INTERVAL_MS = 30_000
/** The slowest rising latency alone makes the crawl. */
export const MAX_LATENCY_INTERVAL_MS = 5000

export interface PaceState {
  /** Current spacing between request starts, ms. */
  intervalMs: number
  /** The floor the spacing returns to: the configured interval (scaled down as requests in flight go up),
   *  or robots.txt's Crawl-delay if larger. */
  floorMs: number
  /** Exponentially weighted response time, ms; null before the first answer. */
  latencyMs: number | null
  /** The lowest weighted response time seen (the server's "normal"), ms. */
  baselineMs: number | null
  /** Requests allowed in flight now. */
  limit: number
  /** The start and the most the adaptive speed-up may reach (equal: a fixed pace). */
  start: number
  ceiling: number
  /** The configured spacing at the start, and robots.txt's Crawl-delay, ms. */
  baseIntervalMs: number
  crawlDelayMs: number
  /** The first good answers' response times, until EARLY_ANSWERS of them give the early median. */
  early: number[]
  earlyMedianMs: number | null
  /** Answers since the limit last changed (a window is `limit` answers). */
  sinceChange: number
  /** A ceiling above ADAPTIVE_CEILING was granted (the site's owner verified it). */
  owner: boolean
  reason: PaceReason
}

export interface Outcome {
  /** HTTP status, or null for a network failure (timeout, reset). */
  status: number | null
  /** Time to the response headers, ms. */
  ms: number
  /** Retry-After in ms, when the server sent one. */
  retryAfterMs?: number | null
}

export function initialPace(options: PolitenessOptions, crawlDelaySeconds?: number): PaceState {
  const crawlDelayMs = (crawlDelaySeconds ?? 0) * 1000
  const floorMs = Math.max(options.minIntervalMs, crawlDelayMs)
  const start = Math.max(1, options.maxConcurrent)
  const ceiling = Math.max(start, options.ceiling ?? start)
  return {
    intervalMs: floorMs,
    floorMs,
    latencyMs: null,
    baselineMs: null,
    limit: start,
    start,
    ceiling,
    baseIntervalMs: options.minIntervalMs,
    crawlDelayMs,
    early: [],
    earlyMedianMs: null,
    sinceChange: 0,
    owner: ceiling > ADAPTIVE_CEILING,
    reason:
      crawlDelayMs > options.minIntervalMs
        ? { code: 'crawl-delay', seconds: crawlDelaySeconds! }
        : { code: ceiling > start ? 'start' : 'fixed' },
  }
}

const isAdaptive = (state: PaceState) => state.ceiling > state.start

/** The spacing floor for a number of requests in flight: the configured spacing shrinks in step with
 *  the requests allowed (the same start rate per request), never under Crawl-delay. */
function floorFor(state: PaceState, limit: number): number {
  return Math.max(state.crawlDelayMs, (state.baseIntervalMs * state.start) / limit)
}

/** A new limit, the floor that goes with it, and the window restarted. */
function withLimit(state: PaceState, limit: number): PaceState {
  if (limit === state.limit) return state
  return { ...state, limit, floorMs: floorFor(state, limit), sinceChange: 0 }
}

/** Multiplicative decrease, once per window: answers to requests sent before a decrease say nothing
 *  about the new rate. */
function decreased(state: PaceState, lowest: number): PaceState {
  if (!isAdaptive(state) || state.sinceChange < state.limit) return state
  return withLimit(state, Math.max(lowest, Math.floor(state.limit / 2)))
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Retry-After as ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3); null when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/** Rising latency: the weighted response time is three times the server's normal and at least 250 ms
 *  above it. The absolute margin matters: response times include this process's own event-loop delay,
 *  and a busy crawler on a busy machine must not read its own lag as the server's distress. */
function isSlow(state: PaceState): boolean {
  if (state.latencyMs === null || state.baselineMs === null) return false
  return state.latencyMs > 3 * state.baselineMs && state.latencyMs > state.baselineMs + 250
}

/** The next pace after one answer. Pure: the gate below applies it. */
export function nextPace(state: PaceState, outcome: Outcome): PaceState {
  const latencyMs = state.latencyMs === null ? outcome.ms : 0.8 * state.latencyMs + 0.2 * outcome.ms
  const baselineMs = state.baselineMs === null ? latencyMs : Math.min(state.baselineMs, latencyMs)
  let next: PaceState = { ...state, latencyMs, baselineMs, sinceChange: state.sinceChange + 1 }
  const overloaded = outcome.status === 429 || outcome.status === 503
  if (overloaded) {
    next = decreased(next, 1)
    const doubled = Math.max(state.intervalMs * 2, 1000)
    next.intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(doubled, outcome.retryAfterMs ?? 0))
    next.reason = outcome.retryAfterMs
      ? { code: 'retry-after', seconds: Math.round(outcome.retryAfterMs / 1000) }
      : { code: 'overloaded', status: outcome.status! }
    return next
  }
  if (outcome.status === null) {
    // A timeout or reset: the server may be struggling.
    next = decreased(next, 1)
    next.intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(state.intervalMs * 1.5, 250))
    next.reason = { code: 'timeout' }
    return next
  }
  if (outcome.status >= 500) {
    // Other errors: never faster, not slower either (and the window of good answers starts again).
    return { ...next, sinceChange: 0, reason: { code: 'server-error', status: outcome.status } }
  }
  if (isSlow(next)) {
    // Space requests at least one response time apart (about one at a time). Proportional, not
    // multiplicative: on a busy machine a few slow answers must not ratchet the crawl down to a halt.
    next = decreased(next, 1)
    next.intervalMs = Math.min(MAX_LATENCY_INTERVAL_MS, Math.max(state.intervalMs, latencyMs))
    next.reason = { code: 'slow', latencyMs: Math.round(latencyMs), normalMs: Math.round(baselineMs) }
    return next
  }
  if (isAdaptive(next)) next = adapted(next, outcome.ms)
  // A normal answer: drift back towards the floor.
  const eased = next.intervalMs * 0.8
  next.intervalMs = eased - next.floorMs < 1 ? next.floorMs : Math.max(eased, next.floorMs)
  return next
}

/** The adaptive step after a normal answer: learn the early median, then speed up or back off. */
function adapted(state: PaceState, ms: number): PaceState {
  if (state.earlyMedianMs === null) {
    const early = [...state.early, ms]
    const learnt = early.length >= EARLY_ANSWERS
    return {
      ...state,
      early: learnt ? [] : early,
      earlyMedianMs: learnt ? median(early) : null,
      reason: { code: 'learning' },
    }
  }
  const normalMs = state.earlyMedianMs
  const latencyMs = state.latencyMs!
  if (latencyMs > Math.max(1.5 * normalMs, normalMs + STRAIN_MARGIN_MS)) {
    return {
      ...decreased(state, state.start),
      reason: { code: 'latency', latencyMs: Math.round(latencyMs), normalMs: Math.round(normalMs) },
    }
  }
  // Faster only once the spacing is back at its floor (a past slow-down fully undone) and a whole
  // window of answers (at least MIN_WINDOW) came back fine at the current limit.
  if (
    state.limit < state.ceiling &&
    state.intervalMs <= state.floorMs &&
    state.sinceChange >= Math.max(state.limit, MIN_WINDOW)
  )
    return { ...withLimit(state, state.limit + 1), reason: { code: 'speeding-up' } }
  if (state.limit >= state.ceiling)
    return { ...state, reason: { code: 'at-ceiling', ceiling: state.ceiling, owner: state.owner } }
  return state.intervalMs > state.floorMs ? state : { ...state, reason: { code: 'speeding-up' } }
}

export interface Clock {
  now(): number
  sleep(ms: number, signal?: AbortSignal): Promise<void>
}

export const realClock: Clock = {
  now: () => performance.now(),
  sleep: (ms, signal) =>
    new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason)
      const timer = setTimeout(() => {
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      const onAbort = () => {
        clearTimeout(timer)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
    }),
}

/** One host's gate: acquire before a request, release with its outcome after. */
export class HostGate {
  pace: PaceState
  private inFlight = 0
  private nextStart = 0
  private waiters: (() => void)[] = []

  private readonly clock: Clock
  /** Called with each new pace (the crawl's progress shows it; tests read the decisions). */
  onPace: ((pace: PaceState, outcome: Outcome) => void) | undefined

  constructor(options: PolitenessOptions, crawlDelaySeconds?: number, clock: Clock = realClock) {
    this.clock = clock
    this.pace = initialPace(options, crawlDelaySeconds)
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted()
      if (this.inFlight < this.pace.limit) {
        const wait = this.nextStart - this.clock.now()
        if (wait <= 0) {
          this.inFlight++
          this.nextStart = this.clock.now() + this.pace.intervalMs
          return
        }
        await this.clock.sleep(wait, signal)
        continue
      }
      await new Promise<void>((resolve) => this.waiters.push(resolve))
    }
  }

  release(outcome: Outcome): void {
    this.inFlight--
    const before = this.pace.limit
    this.pace = nextPace(this.pace, outcome)
    this.onPace?.(this.pace, outcome)
    // A Retry-After pauses the host at least that long, whatever the spacing becomes.
    const pauseUntil = this.clock.now() + Math.max(this.pace.intervalMs, outcome.retryAfterMs ?? 0)
    if (outcome.status === 429 || outcome.status === 503)
      this.nextStart = Math.max(this.nextStart, pauseUntil)
    // One slot freed, and one more for each request the limit just grew by.
    for (let i = 0; i <= Math.max(0, this.pace.limit - before); i++) this.waiters.shift()?.()
  }

  /** Requests in flight now. */
  get active(): number {
    return this.inFlight
  }
}
