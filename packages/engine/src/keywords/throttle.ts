// A polite pace for a keyless public endpoint: at most `concurrency` requests in flight, starts spaced by
// `minIntervalMs`, and one shared pause when the provider says "too many requests" (every queued request
// waits, instead of each one hammering the endpoint into a longer ban).

export interface ThrottleOptions {
  concurrency: number
  minIntervalMs: number
}

export class Throttle {
  private active = 0
  private lastStart = 0
  private pausedUntil = 0
  private readonly queue: (() => void)[] = []
  private timer: ReturnType<typeof setTimeout> | null = null
  private readonly options: ThrottleOptions

  constructor(options: ThrottleOptions) {
    this.options = options
  }

  /** Holds every start until `ms` from now (a 429's Retry-After). */
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
    while (this.queue.length > 0 && this.active < this.options.concurrency) {
      const wait = Math.max(this.pausedUntil, this.lastStart + this.options.minIntervalMs) - Date.now()
      if (wait > 0) {
        this.timer = setTimeout(() => {
          this.timer = null
          this.pump()
        }, wait)
        return
      }
      this.active += 1
      this.lastStart = Date.now()
      this.queue.shift()!()
    }
  }
}
