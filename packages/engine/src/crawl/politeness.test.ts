import { describe, expect, it } from 'vitest'
import { type Clock, HostGate, initialPace, nextPace, type PaceState, parseRetryAfter } from './politeness.ts'

const polite = { maxConcurrent: 2, minIntervalMs: 500 }

describe('initialPace', () => {
  it('starts at the configured spacing, or at Crawl-delay when larger', () => {
    expect(initialPace(polite).intervalMs).toBe(500)
    expect(initialPace(polite, 3).intervalMs).toBe(3000)
    expect(initialPace({ maxConcurrent: 8, minIntervalMs: 0 }, 0.2).floorMs).toBe(200)
  })
})

describe('parseRetryAfter', () => {
  it.each([
    ['120', 120_000],
    [' 5 ', 5000],
    ['Wed, 21 Oct 2015 07:28:10 GMT', 10_000],
    ['soon', null],
    [undefined, null],
  ])('%s -> %s', (value, expected) => {
    expect(parseRetryAfter(value, Date.parse('Wed, 21 Oct 2015 07:28:00 GMT'))).toBe(expected)
  })
})

describe('nextPace', () => {
  const start = initialPace(polite)
  const after = (state: PaceState, ...outcomes: Parameters<typeof nextPace>[1][]) =>
    outcomes.reduce(nextPace, state)

  it('slows down on 429 and 503, at least to Retry-After', () => {
    expect(after(start, { status: 429, ms: 10 }).intervalMs).toBe(1000)
    expect(after(start, { status: 503, ms: 10, retryAfterMs: 7000 }).intervalMs).toBe(7000)
    expect(after(start, { status: 429, ms: 10 }, { status: 429, ms: 10 }).intervalMs).toBe(2000)
  })
  it('slows down on timeouts, and never speeds up on errors', () => {
    const slowed = after(start, { status: 429, ms: 10 })
    expect(after(slowed, { status: null, ms: 10 }).intervalMs).toBe(1500)
    expect(after(slowed, { status: 500, ms: 10 }).intervalMs).toBe(1000)
    expect(after(slowed, { status: 502, ms: 10 }, { status: 504, ms: 10 }).intervalMs).toBe(1000)
  })
  it('slows down when response times rise well above the normal', () => {
    const warm = after(start, { status: 200, ms: 50 }, { status: 200, ms: 50 })
    const loaded = after(warm, ...Array.from({ length: 6 }, () => ({ status: 200, ms: 900 })))
    expect(loaded.intervalMs).toBeGreaterThan(500)
  })
  it('ignores jitter of a few ms on a fast server', () => {
    const fast = { ...initialPace({ maxConcurrent: 8, minIntervalMs: 0 }) }
    const jittery = after(fast, { status: 200, ms: 1 }, { status: 200, ms: 20 }, { status: 200, ms: 30 })
    expect(jittery.intervalMs).toBe(0)
  })
  it('drifts back to the floor after normal answers, never below it', () => {
    let state = after(start, { status: 429, ms: 10 })
    for (let i = 0; i < 40; i++) state = nextPace(state, { status: 200, ms: 10 })
    expect(state.intervalMs).toBe(500)
  })
})

/** A virtual clock: sleeps are timers on a virtual timeline, fired in order by `drive` (no real waiting). */
function fakeClock() {
  let now = 0
  const timers: { at: number; resolve: () => void }[] = []
  const clock: Clock = {
    now: () => now,
    sleep: (ms) => new Promise<void>((resolve) => timers.push({ at: now + ms, resolve })),
  }
  /** Runs `work` while firing timers earliest first whenever every task is waiting on one. */
  const drive = async <T>(work: Promise<T>): Promise<T> => {
    let done = false
    const result = work.finally(() => {
      done = true
    })
    while (!done) {
      await new Promise((r) => setImmediate(r))
      timers.sort((a, b) => a.at - b.at)
      const timer = timers.shift()
      if (!timer) continue
      now = Math.max(now, timer.at)
      timer.resolve()
    }
    return result
  }
  return { clock, drive, now: () => now }
}

describe('HostGate', () => {
  it('spaces request starts by the interval and keeps at most maxConcurrent in flight', async () => {
    const { clock, drive } = fakeClock()
    const gate = new HostGate(polite, undefined, clock)
    const times: number[] = []
    let inFlight = 0
    let peak = 0
    await drive(
      Promise.all(
        Array.from({ length: 5 }, async () => {
          await gate.acquire()
          times.push(clock.now())
          peak = Math.max(peak, ++inFlight)
          await clock.sleep(10)
          inFlight--
          gate.release({ status: 200, ms: 10 })
        }),
      ),
    )
    expect(peak).toBeLessThanOrEqual(2)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(500)
  })
  it('pauses the host for Retry-After after a 429', async () => {
    const { clock, drive } = fakeClock()
    const gate = new HostGate(polite, undefined, clock)
    await drive(gate.acquire())
    gate.release({ status: 429, ms: 5, retryAfterMs: 20_000 })
    const before = clock.now()
    await drive(gate.acquire())
    expect(clock.now() - before).toBeGreaterThanOrEqual(20_000)
  })
})
