// Google's Core Web Vitals thresholds for field data (web.dev/articles/vitals, /articles/fcp, /articles/ttfb),
// in the CrUX API's units, and the assessment PageSpeed Insights shows above its field data. Pure.
import type { CwvVerdict, FieldMetricId, FieldRating } from './types.ts'

/** [good up to and including, needs improvement up to and including]; above the second is poor. */
export const FIELD_THRESHOLDS: Record<FieldMetricId, readonly [number, number]> = {
  lcp: [2500, 4000],
  inp: [200, 500],
  cls: [0.1, 0.25],
  fcp: [1800, 3000],
  ttfb: [800, 1800],
}

/** The three Core Web Vitals; FCP and TTFB are diagnostic and never decide the assessment. */
export const CORE_WEB_VITALS: readonly FieldMetricId[] = ['lcp', 'inp', 'cls']

export function rateField(metric: FieldMetricId, p75: number): FieldRating {
  const [good, poorAbove] = FIELD_THRESHOLDS[metric]
  if (p75 <= good) return 'good'
  if (p75 <= poorAbove) return 'needs-improvement'
  return 'poor'
}

/**
 * PageSpeed Insights' rule: passed when the p75 of LCP, INP and CLS are all good; a page without enough INP
 * data is judged on LCP and CLS alone; without LCP or CLS it cannot be assessed.
 */
export function cwvVerdict(p75: Partial<Record<FieldMetricId, number>>): CwvVerdict {
  if (p75.lcp === undefined || p75.cls === undefined) return 'no-data'
  const judged = CORE_WEB_VITALS.filter((m) => p75[m] !== undefined)
  return judged.every((m) => rateField(m, p75[m]!) === 'good') ? 'passed' : 'failed'
}

/** Between two readings, a Core Web Vital whose rating changed (a p75 crossed a threshold), worse or better. */
export function crossedThreshold(
  metric: FieldMetricId,
  before: number,
  after: number,
): { from: FieldRating; to: FieldRating; worse: boolean } | null {
  const order: FieldRating[] = ['good', 'needs-improvement', 'poor']
  const from = rateField(metric, before)
  const to = rateField(metric, after)
  if (from === to) return null
  return { from, to, worse: order.indexOf(to) > order.indexOf(from) }
}
