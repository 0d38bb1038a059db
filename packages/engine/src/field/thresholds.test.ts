import { describe, expect, it } from 'vitest'
import { crossedThreshold, cwvVerdict, rateField } from './thresholds.ts'

describe('field thresholds', () => {
  it.each([
    ['lcp', 2500, 'good'],
    ['lcp', 2501, 'needs-improvement'],
    ['lcp', 4000, 'needs-improvement'],
    ['lcp', 4001, 'poor'],
    ['inp', 200, 'good'],
    ['inp', 201, 'needs-improvement'],
    ['inp', 501, 'poor'],
    ['cls', 0.1, 'good'],
    ['cls', 0.11, 'needs-improvement'],
    ['cls', 0.25, 'needs-improvement'],
    ['cls', 0.26, 'poor'],
    ['fcp', 1800, 'good'],
    ['fcp', 3000, 'needs-improvement'],
    ['fcp', 3001, 'poor'],
    ['ttfb', 800, 'good'],
    ['ttfb', 1800, 'needs-improvement'],
    ['ttfb', 1801, 'poor'],
  ] as const)('%s p75 %s is %s', (metric, p75, rating) => {
    expect(rateField(metric, p75)).toBe(rating)
  })

  it('passes Core Web Vitals only when LCP, INP and CLS are all good', () => {
    expect(cwvVerdict({ lcp: 2000, inp: 150, cls: 0.05 })).toBe('passed')
    expect(cwvVerdict({ lcp: 2000, inp: 250, cls: 0.05 })).toBe('failed')
    expect(cwvVerdict({ lcp: 2600, inp: 150, cls: 0.05 })).toBe('failed')
    expect(cwvVerdict({ lcp: 2000, inp: 150, cls: 0.12 })).toBe('failed')
    // FCP and TTFB are diagnostic: a poor TTFB does not fail the assessment.
    expect(cwvVerdict({ lcp: 2000, inp: 150, cls: 0.05, ttfb: 3000, fcp: 4000 })).toBe('passed')
  })

  it('judges on LCP and CLS when INP has too few samples, and cannot assess without LCP or CLS', () => {
    expect(cwvVerdict({ lcp: 2000, cls: 0.05 })).toBe('passed')
    expect(cwvVerdict({ lcp: 4500, cls: 0.05 })).toBe('failed')
    expect(cwvVerdict({ inp: 100, cls: 0.05 })).toBe('no-data')
    expect(cwvVerdict({ lcp: 1000, inp: 100 })).toBe('no-data')
  })

  it('tells when a p75 crossed a threshold, and which way', () => {
    expect(crossedThreshold('lcp', 2400, 2600)).toEqual({
      from: 'good',
      to: 'needs-improvement',
      worse: true,
    })
    expect(crossedThreshold('inp', 600, 180)).toEqual({ from: 'poor', to: 'good', worse: false })
    expect(crossedThreshold('cls', 0.05, 0.09)).toBeNull()
  })
})
