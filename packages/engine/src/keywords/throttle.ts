// The one throttle of the engine's outbound API calls: at most `concurrency` requests in flight, starts
// spaced by `minIntervalMs`, and one shared pause when the provider says "too many requests" (every queued
// request waits, instead of each one hammering the endpoint into a longer ban).
//
// By default the gap is kept after the last start: polite for a keyless public endpoint, where falling
// behind costs nothing. With `catchUp` (a paid API with a published rate limit: DataForSEO's answers, issue
// 43) starts follow a schedule instead, start n being due at t0 + n × interval, so a timer that fires late
// (a busy event loop) is made up at the next starts rather than lost for good. The make-up is capped at
// `catchUp.ms` of starts at once, and the interval is shaded by the same share of the provider's window
// (a minute by default), so that no rolling window ever holds more starts than the limit allows.

export interface ThrottleOptions {
  concurrency: number
  minIntervalMs: number
  /** Starts on a schedule, making up a late timer with at most `ms` of starts at once (see above). */
  catchUp?: { ms: number; windowMs?: number }
  /** The time and timers (tests pass a manual clock); default the real ones. */
  clock?: { now(): number; setTimeout(fn: () => void, ms: number): unknown }
}

const realClock = { now: () => Date.now(), setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms) }

export class Throttle {
  private active = 0
  private lastStart = Number.NEGATIVE_INFINITY
  private nextDue = Number.NEGATIVE_INFINITY
  private pausedUntil = Number.NEGATIVE_INFINITY
  private readonly queue: (() => void)[] = []
  private timer: unknown = null
  private readonly options: ThrottleOptions
  private readonly clock: NonNullable<ThrottleOptions['clock']>
  /** The spacing of scheduled starts (catch-up), shaded so a window plus one make-up fits the limit. */
  private readonly interval: number

  constructor(options: ThrottleOptions) {
    this.options = options
    this.clock = options.clock ?? realClock
    const windowMs = options.catchUp?.windowMs ?? 60_000
    this.interval = options.catchUp
      ? (options.minIntervalMs * (windowMs + options.catchUp.ms)) / windowMs
      : options.minIntervalMs
  }

  /** Holds every start until `ms` from now (a 429's Retry-After). */
  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, this.clock.now() + ms)
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await new Promise<void>((resolve) => {
      this.queue.push(resolve)
      this.pump()
    })
    try {
      return await task()
    } finally {
      this.active -= 1
      this.pump()
    }
  }

  private pump(): void {
    if (this.timer !== null) return
    while (this.queue.length > 0 && this.active < this.options.concurrency) {
      const now = this.clock.now()
      const catchUp = this.options.catchUp
      const due = catchUp
        ? Math.max(this.nextDue, now - catchUp.ms, this.pausedUntil)
        : Math.max(this.pausedUntil, this.lastStart + this.options.minIntervalMs)
      if (due > now) {
        this.timer = this.clock.setTimeout(() => {
          this.timer = null
          this.pump()
        }, due - now)
        return
      }
      this.nextDue = due + this.interval
      this.lastStart = now
      this.active += 1
      this.queue.shift()!()
    }
  }
}
