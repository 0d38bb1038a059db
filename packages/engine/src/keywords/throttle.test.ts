// The one throttle, on a manual clock (no timed assertion): the polite gap for a keyless endpoint, and the
// schedule with catch-up for a rate-limited API (DataForSEO's answers, issue 43).
import { describe, expect, it } from 'vitest'
import { Throttle } from './throttle.ts'

/** A clock whose time moves only when the test says, firing the timers that fall due. */
function manualClock() {
  let time = 0
  const timers: { at: number; fn: () => void }[] = []
  const settle = () => new Promise<void>((r) => setImmediate(r))
  return {
    now: () => time,
    setTimeout(fn: () => void, ms: number) {
      timers.push({ at: time + ms, fn })
      return timers.length
    },
    /** Moves the time to `target` without firing anything (a busy event loop). */
    stall(target: number) {
      time = target
    },
    /** Fires every timer due up to `target`, in order, letting the started tasks run in between. */
    async runUntil(target: number) {
      for (;;) {
        await settle()
        timers.sort((a, b) => a.at - b.at)
        const next = timers[0]
        if (!next || next.at > target) break
        timers.shift()
        time = Math.max(time, next.at)
        next.fn()
      }
      time = Math.max(time, target)
      await settle()
    },
  }
}

async function startsOf(throttle: Throttle, clock: ReturnType<typeof manualClock>, n: number, until: number) {
  const starts: number[] = []
  const all = Promise.all(
    Array.from({ length: n }, () => throttle.run(async () => void starts.push(clock.now()))),
  )
  await clock.runUntil(until)
  await all
  return starts
}

describe('Throttle', () => {
  it('keeps the gap after the last start by default, and a late timer is not made up', async () => {
    const clock = manualClock()
    const throttle = new Throttle({ concurrency: 5, minIntervalMs: 100, clock })
    expect(await startsOf(throttle, clock, 3, 1000)).toEqual([0, 100, 200])
    clock.stall(2000)
    expect(await startsOf(throttle, clock, 3, 5000)).toEqual([2000, 2100, 2200])
  })

  it('with catch-up, starts follow the shaded schedule, a burst at most at once', async () => {
    const clock = manualClock()
    // 600 a minute: 100 ms, shaded for a 300 ms catch-up to 100.5 ms.
    const throttle = new Throttle({ concurrency: 50, minIntervalMs: 100, catchUp: { ms: 300 }, clock })
    const starts = await startsOf(throttle, clock, 12, 5000)
    // The first 300 ms worth go at once (3 starts), then one every 100.5 ms.
    expect(starts.slice(0, 3)).toEqual([0, 0, 0])
    expect(starts[3]).toBeCloseTo(1.5)
    expect(starts[11]).toBeCloseTo(-300 + 11 * 100.5)
  })

  it('with catch-up, a timer that fires late is made up (up to the burst), not lost', async () => {
    const clock = manualClock()
    const throttle = new Throttle({ concurrency: 50, minIntervalMs: 100, catchUp: { ms: 300 }, clock })
    await startsOf(throttle, clock, 12, 5000)
    const starts: number[] = []
    const all = Promise.all(
      Array.from({ length: 6 }, () => throttle.run(async () => void starts.push(clock.now()))),
    )
    // After a quiet spell, 300 ms worth start at once; the next waits for its timer (due 1.5 ms later)...
    await clock.runUntil(5000)
    expect(starts).toEqual([5000, 5000, 5000])
    // ...which fires 500 ms late (a busy event loop): the starts due meanwhile go at once, up to the burst.
    clock.stall(5500)
    await clock.runUntil(5500)
    await all
    expect(starts).toEqual([5000, 5000, 5000, 5500, 5500, 5500])
  })

  it('with catch-up, no rolling window ever holds more starts than the limit', async () => {
    const clock = manualClock()
    // 60 a "minute" of 6 s: at most 60 starts in any 6 s window, whatever the stalls.
    const throttle = new Throttle({
      concurrency: 1000,
      minIntervalMs: 100,
      catchUp: { ms: 1000, windowMs: 6000 },
      clock,
    })
    const starts: number[] = []
    const all = Promise.all(
      Array.from({ length: 400 }, () => throttle.run(async () => void starts.push(clock.now()))),
    )
    for (let t = 0; t < 60_000; t += 700) {
      await clock.runUntil(t)
      if (t % 2100 === 0) clock.stall(t + 650)
    }
    await clock.runUntil(120_000)
    await all
    expect(starts).toHaveLength(400)
    for (const t of starts)
      expect(starts.filter((s) => s >= t && s < t + 6000).length).toBeLessThanOrEqual(60)
  })

  it('a pause holds every start, with or without catch-up, and no burst follows it', async () => {
    for (const catchUp of [undefined, { ms: 1000 }]) {
      const clock = manualClock()
      const throttle = new Throttle({
        concurrency: 5,
        minIntervalMs: 1,
        ...(catchUp ? { catchUp } : {}),
        clock,
      })
      throttle.pause(200)
      const [first, second] = await startsOf(throttle, clock, 2, 1000)
      expect(first).toBe(200)
      expect(second).toBeCloseTo(catchUp ? 200 + 61 / 60 : 201)
    }
  })
})
