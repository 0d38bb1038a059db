import { describe, expect, it } from 'vitest'
import { formatP75, formatShare, seriesChart } from './field-format.ts'

describe('field figures', () => {
  it('writes each p75 in its unit and the page language', () => {
    expect(formatP75('lcp', 2460, 'pt')).toBe('2,5 s')
    expect(formatP75('lcp', 2460, 'en')).toBe('2.5 s')
    expect(formatP75('inp', 183.4, 'en')).toBe('183 ms')
    expect(formatP75('cls', 0.1, 'pt')).toBe('0,10')
    expect(formatP75('ttfb', 800, 'en')).toBe('0.8 s')
    expect(formatShare(0.624, 'en')).toBe('62%')
  })

  it('lays the weekly p75s out with gaps for weeks without data and the thresholds as guides', () => {
    const history = {
      periods: [1, 2, 3, 4].map((d) => ({ firstDate: '2026-10-01', lastDate: `2026-11-0${d}` })),
      p75s: { lcp: [2000, null, 3000, 4400] },
    }
    const box = { width: 130, height: 110, padding: { top: 5, right: 5, bottom: 5, left: 5 } }
    const chart = seriesChart(history, 'lcp', [2500, 4000], box)!
    // max = 4400 × 1.1 = 4840; x spreads the four weeks over 120 px.
    expect(chart.points.map((p) => p.x)).toEqual([5, 85, 125])
    expect(chart.path).toBe(`M5,${chart.points[0]!.y} M85,${chart.points[1]!.y} L125,${chart.points[2]!.y}`)
    expect(chart.points[2]!.y).toBeCloseTo(5 + (1 - 4400 / 4840) * 100, 1)
    expect(chart.thresholds.good).toBeGreaterThan(chart.thresholds.poor!)
    expect(seriesChart(history, 'inp', [200, 500], box)).toBeNull()
  })
})
