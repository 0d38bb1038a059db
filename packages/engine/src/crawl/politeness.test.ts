import { describe, expect, it } from 'vitest'
import {
  type Clock,
  EARLY_ANSWERS,
  HostGate,
  initialPace,
  nextPace,
  type Outcome,
  type PaceState,
  parseRetryAfter,
} from './politeness.ts'

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

describe('adaptive pace (AIMD)', () => {
  const adaptive = { maxConcurrent: 2, minIntervalMs: 500, ceiling: 8 }
  const ok = (ms = 40): Outcome => ({ status: 200, ms })
  const feed = (state: PaceState, outcomes: Outcome[]) => {
    const limits: number[] = []
    for (const outcome of outcomes) {
      state = nextPace(state, outcome)
      limits.push(state.limit)
    }
    return { state, limits }
  }
  const good = (n: number, ms = 40) => Array.from({ length: n }, () => ok(ms))

  it('starts polite, learns the early median, then adds one request per window up to the ceiling', () => {
    const start = initialPace(adaptive)
    expect(start).toMatchObject({ limit: 2, intervalMs: 500, reason: { code: 'start' } })
    const learning = feed(start, good(EARLY_ANSWERS - 1))
    expect(learning.state.limit).toBe(2)
    expect(learning.state.reason.code).toBe('learning')
    const { state, limits } = feed(start, good(200))
    expect(state.earlyMedianMs).toBe(40)
    expect(Math.max(...limits)).toBe(8)
    expect(state).toMatchObject({ limit: 8, reason: { code: 'at-ceiling', ceiling: 8, owner: false } })
    // Additive: never more than one step at a time.
    for (let i = 1; i < limits.length; i++) expect(limits[i]! - limits[i - 1]!).toBeLessThanOrEqual(1)
    // The spacing shrinks in step: 500 ms x 2 / 8.
    expect(state.intervalMs).toBe(125)
  })
  it('halves on strain (latency over 1.5x the early median), once per window, not under the start', () => {
    const fast = feed(initialPace(adaptive), good(200)).state
    // 300 ms answers against a 40 ms normal: strain (the weighted time over 1.5x and 100 ms above) from
    // the third, before the 3x-and-250-ms slow rule; then 200 ms ones: strain only.
    const strained = feed(fast, good(4, 300))
    expect(strained.limits).toEqual([8, 8, 4, 4])
    expect(strained.state.reason).toMatchObject({ code: 'latency', normalMs: 40 })
    const more = feed(strained.state, good(40, 200))
    expect(more.state.limit).toBe(2)
    expect(Math.min(...more.limits)).toBe(2)
  })
  it('halves on 429/503 down to one, with the slow-down rules as before', () => {
    const fast = feed(initialPace(adaptive), good(200)).state
    const hit = nextPace(fast, { status: 503, ms: 10, retryAfterMs: 5000 })
    expect(hit).toMatchObject({ limit: 4, intervalMs: 5000, reason: { code: 'retry-after', seconds: 5 } })
    // The next answers of the same window do not halve again; a later window does.
    expect(nextPace(hit, { status: 429, ms: 10 }).limit).toBe(4)
    const later = feed(
      hit,
      Array.from({ length: 12 }, () => ({ status: 429, ms: 10 })),
    ).state
    expect(later.limit).toBe(1)
    expect(later.reason).toEqual({ code: 'overloaded', status: 429 })
  })
  it('does not speed up on errors, nor before a slow-down is undone', () => {
    const learnt = feed(initialPace(adaptive), good(EARLY_ANSWERS)).state
    const errors = feed(
      learnt,
      Array.from({ length: 30 }, () => ({ status: 500, ms: 40 })),
    )
    expect(errors.state.limit).toBe(2)
    expect(errors.state.reason).toEqual({ code: 'server-error', status: 500 })
    const slowed = nextPace(learnt, { status: 429, ms: 10 })
    expect(slowed.limit).toBe(1)
    expect(feed(slowed, good(3)).limits).toEqual([1, 1, 1])
  })
  it('keeps Crawl-delay as the floor whatever the requests in flight', () => {
    const { state } = feed(initialPace(adaptive, 2), good(200))
    expect(state.intervalMs).toBe(2000)
    expect(initialPace(adaptive, 2).reason).toEqual({ code: 'crawl-delay', seconds: 2 })
  })
  it('is a fixed pace without a ceiling above the start', () => {
    const { state, limits } = feed(initialPace({ maxConcurrent: 4, minIntervalMs: 0 }), good(100))
    expect(new Set(limits)).toEqual(new Set([4]))
    expect(state.reason.code).toBe('fixed')
  })
})

describe('HostGate on a server that slows down when hit harder', () => {
  it('rises, backs off within a few seconds of the slowdown, and never passes the owner ceiling', async () => {
    const { clock, drive, now } = fakeClock()
    const ceiling = 32
    const gate = new HostGate({ maxConcurrent: 2, minIntervalMs: 500, ceiling }, undefined, clock)
    const decisions: { at: number; limit: number; code: string }[] = []
    gate.onPace = (pace) => decisions.push({ at: now(), limit: pace.limit, code: pace.reason.code })
    // The server answers in 800 ms up to 12 requests at once; past that it struggles (2.5 s).
    let inFlight = 0
    let peak = 0
    let firstSlow: number | null = null
    await drive(
      Promise.all(
        Array.from({ length: 40 }, async () => {
          for (let i = 0; i < 25; i++) {
            await gate.acquire()
            peak = Math.max(peak, ++inFlight)
            const ms = inFlight > 12 ? 2500 : 800
            await clock.sleep(ms)
            inFlight--
            if (ms > 800 && firstSlow === null) firstSlow = now()
            gate.release({ status: 200, ms })
          }
        }),
      ),
    )
    const limits = decisions.map((d) => d.limit)
    expect(Math.max(...limits)).toBeGreaterThan(12)
    expect(Math.max(...limits)).toBeLessThanOrEqual(ceiling)
    expect(peak).toBeLessThanOrEqual(ceiling)
    // The first decrease after the first slow answer comes within a few (virtual) seconds of it.
    expect(firstSlow).not.toBeNull()
    const backOff = decisions.find((d, i) => d.at >= firstSlow! && i > 0 && d.limit < decisions[i - 1]!.limit)
    expect(backOff).toBeDefined()
    expect(backOff!.at - firstSlow!).toBeLessThan(2000)
    expect(['latency', 'slow']).toContain(backOff!.code)
  })
})
