import { describe, expect, it } from 'vitest'
import { Pace } from './pace.ts'

describe('Pace', () => {
  it('starts at the rate, never more than the limit in a window, and catches up after a stall', async () => {
    // 600 a minute = one every 100.5 ms after shading for a 300 ms burst.
    const pace = new Pace({ ratePerMinute: 600, concurrency: 50, burstMs: 300 })
    const starts: number[] = []
    const t0 = Date.now()
    await Promise.all(
      Array.from({ length: 12 }, () =>
        pace.run(async () => {
          starts.push(Date.now() - t0)
        }),
      ),
    )
    // 12 starts take 11 intervals less the one burst allowed ahead of schedule.
    expect(starts.at(-1)!).toBeGreaterThanOrEqual(11 * 100.5 - 300 - 5)
    expect(starts.at(-1)!).toBeLessThan(11 * 100.5 - 300 + 400)
    // Never more than the burst's worth plus one closer than an interval apart.
    const early = starts.filter((t, i) => i > 0 && t - starts[i - 1]! < 50).length
    expect(early).toBeLessThanOrEqual(3)
    // A stall: the starts due meanwhile go at once (up to the burst), not one interval apart.
    const stalled = Date.now()
    while (Date.now() - stalled < 500) {
      // a busy event loop
    }
    const after: number[] = []
    const t1 = Date.now()
    await Promise.all(Array.from({ length: 5 }, () => pace.run(async () => void after.push(Date.now() - t1))))
    // The 300 ms burst: the start due when the stall ended and the three before it go at once.
    expect(after[3]!).toBeLessThan(60)
    expect(after[4]!).toBeGreaterThanOrEqual(90)
  })

  it('a pause holds every start', async () => {
    const pace = new Pace({ ratePerMinute: 60_000, concurrency: 5 })
    pace.pause(200)
    const t0 = Date.now()
    await pace.run(async () => {})
    expect(Date.now() - t0).toBeGreaterThanOrEqual(195)
  })
})
