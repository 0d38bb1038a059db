// Concurrency, retries and the daily budget: the three things that keep a run polite to providers and
// inside the operator's bill. Small and explicit so tests can drive them without a network.

/** A counting semaphore: at most `size` holders at once, served first come first served. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []
  readonly size: number
  constructor(size: number) {
    this.size = size
  }
  async acquire(signal?: AbortSignal): Promise<void> {
    if (this.active < this.size) {
      this.active++
      return
    }
    await new Promise<void>((resolve, reject) => {
      const grant = () => {
        signal?.removeEventListener('abort', onAbort)
        this.active++
        resolve()
      }
      const onAbort = () => {
        const i = this.waiting.indexOf(grant)
        if (i >= 0) this.waiting.splice(i, 1)
        reject(signal?.reason)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting.push(grant)
    })
  }
  release(): void {
    this.active--
    this.waiting.shift()?.()
  }
  async run<T>(fn: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal)
    try {
      return await fn()
    } finally {
      this.release()
    }
  }
}

/** Whether a failed call may succeed if repeated: rate limits, server errors, timeouts, dropped sockets. */
export function retryableStatus(status: number | undefined): boolean {
  if (status === undefined) return true // network error before any answer
  return status === 408 || status === 409 || status === 429 || status >= 500
}

/**
 * Milliseconds to wait before attempt `attempt` (1 = first retry). A `Retry-After` header (seconds or an
 * HTTP date) or `retry-after-ms` wins when present and reasonable (up to `maxMs`); otherwise exponential
 * backoff from `baseMs` with full jitter (`random` in [0,1)) so parallel callers do not retry in step.
 */
export function retryDelayMs(
  attempt: number,
  headers: Record<string, string> | undefined,
  opts: { baseMs?: number; maxMs?: number; now?: number; random?: number } = {},
): number {
  const baseMs = opts.baseMs ?? 500
  const maxMs = opts.maxMs ?? 60_000
  const h = lowerKeys(headers)
  const ms = h['retry-after-ms']
  if (ms !== undefined && Number.isFinite(Number(ms)) && Number(ms) >= 0) return Math.min(Number(ms), maxMs)
  const ra = h['retry-after']
  if (ra !== undefined) {
    const seconds = Number(ra)
    if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, maxMs)
    const date = Date.parse(ra)
    if (Number.isFinite(date)) return Math.min(Math.max(0, date - (opts.now ?? Date.now())), maxMs)
  }
  const ceiling = Math.min(baseMs * 2 ** (attempt - 1), maxMs)
  return Math.round(ceiling / 2 + (ceiling / 2) * (opts.random ?? Math.random()))
}

function lowerKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [k, v] of Object.entries(headers ?? {})) out[k.toLowerCase()] = v
  return out
}

/**
 * The install's daily call allowance (FAROL_LLM_DAILY_CALLS). `take` reserves one call and answers false
 * when the day's allowance is spent. The server passes a database-backed one so several workers share
 * it; this in-memory one serves the CLI, tests and the bench.
 */
export interface CallBudget {
  take(): Promise<boolean>
}

export function memoryBudget(
  limit: number,
  now: () => Date = () => new Date(),
): CallBudget & { used(): number } {
  let day = ''
  let used = 0
  return {
    async take() {
      const today = now().toISOString().slice(0, 10)
      if (today !== day) {
        day = today
        used = 0
      }
      if (limit > 0 && used >= limit) return false
      used++
      return true
    },
    used: () => used,
  }
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(t)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
