// Politeness per host: how many requests at once, how far apart they start, and how that changes with
// the server's answers. The rule is asymmetric on purpose: 429/503 (with Retry-After), timeouts and
// rising response times slow the crawl down at once; only a run of normal, fast answers speeds it back
// up, never below the configured floor, and an error never makes it faster.

export interface PolitenessOptions {
  /** Requests in flight per host. Default 2. */
  maxConcurrent: number
  /** Minimum time between two request starts on a host, ms. Default 500 (0 once --concurrency is asked for). */
  minIntervalMs: number
}

export const politeDefaults: PolitenessOptions = { maxConcurrent: 2, minIntervalMs: 500 }

/** The slowest the crawl gets (a Retry-After larger than this still pauses that long once). */
export const MAX_INTERVAL_MS = 30_000
/** The slowest rising latency alone makes the crawl. */
export const MAX_LATENCY_INTERVAL_MS = 5000

export interface PaceState {
  /** Current spacing between request starts, ms. */
  intervalMs: number
  /** The floor the spacing returns to: the configured interval, or robots.txt's Crawl-delay if larger. */
  floorMs: number
  /** Exponentially weighted response time, ms; null before the first answer. */
  latencyMs: number | null
  /** The lowest weighted response time seen (the server's "normal"), ms. */
  baselineMs: number | null
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
  const floorMs = Math.max(options.minIntervalMs, (crawlDelaySeconds ?? 0) * 1000)
  return { intervalMs: floorMs, floorMs, latencyMs: null, baselineMs: null }
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
  const next = { ...state, latencyMs, baselineMs }
  const overloaded = outcome.status === 429 || outcome.status === 503
  if (overloaded) {
    const doubled = Math.max(state.intervalMs * 2, 1000)
    next.intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(doubled, outcome.retryAfterMs ?? 0))
    return next
  }
  if (outcome.status === null) {
    // A timeout or reset: the server may be struggling.
    next.intervalMs = Math.min(MAX_INTERVAL_MS, Math.max(state.intervalMs * 1.5, 250))
    return next
  }
  if (outcome.status >= 500) return next // other errors: never faster, not slower either
  if (isSlow(next)) {
    // Space requests at least one response time apart (about one at a time). Proportional, not
    // multiplicative: on a busy machine a few slow answers must not ratchet the crawl down to a halt.
    next.intervalMs = Math.min(MAX_LATENCY_INTERVAL_MS, Math.max(state.intervalMs, latencyMs))
    return next
  }
  // A normal answer: drift back towards the floor.
  const eased = state.intervalMs * 0.8
  next.intervalMs = eased - state.floorMs < 1 ? state.floorMs : eased
  return next
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

  private readonly options: PolitenessOptions
  private readonly clock: Clock

  constructor(options: PolitenessOptions, crawlDelaySeconds?: number, clock: Clock = realClock) {
    this.options = options
    this.clock = clock
    this.pace = initialPace(options, crawlDelaySeconds)
  }

  async acquire(signal?: AbortSignal): Promise<void> {
    for (;;) {
      signal?.throwIfAborted()
      if (this.inFlight < this.options.maxConcurrent) {
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
    this.pace = nextPace(this.pace, outcome)
    // A Retry-After pauses the host at least that long, whatever the spacing becomes.
    const pauseUntil = this.clock.now() + Math.max(this.pace.intervalMs, outcome.retryAfterMs ?? 0)
    if (outcome.status === 429 || outcome.status === 503)
      this.nextStart = Math.max(this.nextStart, pauseUntil)
    this.waiters.shift()?.()
  }
}
