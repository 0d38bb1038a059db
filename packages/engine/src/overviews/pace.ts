// Starts calls at an account's rate limit, as a schedule rather than a gap: start n is due at
// t0 + n × interval, so a timer that fires late (a busy event loop) is made up at the next starts instead
// of being lost for good, as a minimum gap between starts would lose it. The make-up is capped at
// `burstMs` of calls, and the rate is shaded by the same share, so that no rolling minute ever holds more
// starts than the limit. A "too many requests" pauses every start until the pause ends.
// (keywords/throttle.ts keeps a polite gap for a keyless endpoint, where falling behind costs nothing.)

export interface PaceOptions {
  ratePerMinute: number
  concurrency: number
  /** How far behind schedule the starts may catch up at once, ms. */
  burstMs?: number
}

export class Pace {
  private readonly interval: number
  private readonly burstMs: number
  private readonly concurrency: number
  private nextDue = 0
  private pausedUntil = 0
  private active = 0
  private readonly queue: (() => void)[] = []
  private timer: ReturnType<typeof setTimeout> | null = null

  constructor(options: PaceOptions) {
    this.burstMs = options.burstMs ?? 1000
    // Shaded so that a full minute plus one burst still fits in the limit.
    this.interval = (60_000 + this.burstMs) / options.ratePerMinute
    this.concurrency = options.concurrency
  }

  pause(ms: number): void {
    this.pausedUntil = Math.max(this.pausedUntil, Date.now() + ms)
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
    if (this.timer) return
    while (this.queue.length > 0 && this.active < this.concurrency) {
      const now = Date.now()
      const due = Math.max(this.nextDue, now - this.burstMs, this.pausedUntil)
      if (due > now) {
        this.timer = setTimeout(() => {
          this.timer = null
          this.pump()
        }, due - now)
        return
      }
      this.nextDue = due + this.interval
      this.active += 1
      this.queue.shift()!()
    }
  }
}
