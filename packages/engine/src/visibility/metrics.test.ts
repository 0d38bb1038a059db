import { describe, expect, it } from 'vitest'
import { presenceScore, shareOfVoice, trendBetween, wilson } from './metrics.ts'

describe('wilson', () => {
  it('matches published values', () => {
    // 8 of 10: 0.4902-0.9433 (Wilson 1927; e.g. Newcombe 1998 table)
    const w = wilson(8, 10)
    expect(w.rate).toBe(0.8)
    expect(w.low).toBeCloseTo(0.4902, 3)
    expect(w.high).toBeCloseTo(0.9433, 3)
    const zero = wilson(0, 20)
    expect(zero.low).toBe(0)
    expect(zero.high).toBeCloseTo(0.1611, 3)
    expect(wilson(0, 0)).toEqual({ k: 0, n: 0, rate: null, low: 0, high: 1 })
  })
  it('narrows as n grows', () => {
    const a = wilson(5, 10)
    const b = wilson(50, 100)
    expect(b.high - b.low).toBeLessThan(a.high - a.low)
  })
})

describe('trend', () => {
  it('is up or down only when significant at 95%', () => {
    expect(trendBetween({ k: 2, n: 20 }, { k: 12, n: 20 }).trend).toBe('up')
    expect(trendBetween({ k: 12, n: 20 }, { k: 2, n: 20 }).trend).toBe('down')
    expect(trendBetween({ k: 5, n: 20 }, { k: 8, n: 20 }).trend).toBe('stable')
    expect(trendBetween({ k: 0, n: 0 }, { k: 8, n: 20 }).trend).toBe('stable')
    expect(trendBetween({ k: 0, n: 10 }, { k: 0, n: 10 })).toEqual({ trend: 'stable', z: 0 })
    // 30/100 vs 45/100: z ≈ 2.19
    expect(trendBetween({ k: 30, n: 100 }, { k: 45, n: 100 }).z).toBeCloseTo(2.191, 2)
  })
})

describe('presence score', () => {
  it('weighs the components and redistributes missing ones', () => {
    expect(presenceScore({ unbranded: 1, branded: 1, citation: 1, position: 1 })).toBe(100)
    expect(presenceScore({ unbranded: 0.5, branded: 1, citation: 0, position: 0.5 })).toBe(53)
    // no web search: citation's 0.15 goes to the rest
    expect(presenceScore({ unbranded: 0.5, branded: 1, citation: null, position: 0.5 })).toBe(62)
    expect(presenceScore({ unbranded: null, branded: null, citation: null, position: null })).toBeNull()
  })
  it('share of voice', () => {
    expect(shareOfVoice({ a: 3, b: 1 }, 'a')).toBe(0.75)
    expect(shareOfVoice({ a: 0, b: 0 }, 'a')).toBeNull()
  })
})
