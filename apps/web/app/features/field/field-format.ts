// Field figures as PageSpeed Insights shows them: times in seconds (INP in ms), CLS with two decimals,
// the bins as whole percentages, and the weekly p75 series as chart coordinates. Pure.
import type { FieldHistory, FieldMetricId } from '@farol/engine'
import type { Lang } from '~/lib/route-table.ts'
import {
  formatFixed,
  formatMilliseconds,
  formatPercent,
  formatSeconds,
  formatDay as formatUtcDay,
} from '../ui/format.ts'

export const FIELD_METRICS: readonly FieldMetricId[] = ['lcp', 'inp', 'cls', 'fcp', 'ttfb']

/** One p75 in the metric's usual unit: "2,5 s", "180 ms", "0,05". */
export function formatP75(metric: FieldMetricId, p75: number, lang: Lang): string {
  if (metric === 'cls') return formatFixed(p75, lang, 2)
  if (metric === 'inp') return formatMilliseconds(p75, lang)
  return formatSeconds(p75 / 1000, lang, 1, true)
}

/** A share (0-1) as a whole percentage, e.g. "62%" (the one formatter's notation of each language). */
export function formatShare(share: number, lang: Lang): string {
  return formatPercent(Math.max(0, Math.min(1, share)), lang, 0)
}

/** A YYYY-MM-DD date as "22/11/2026" (pt-PT) or "22 Nov 2026" (en). */
export function formatDay(iso: string, lang: Lang): string {
  return formatUtcDay(iso, lang)
}

export interface ChartBox {
  width: number
  height: number
  padding: { top: number; right: number; bottom: number; left: number }
}

export interface SeriesChart {
  /** SVG path of the weeks with data (a gap where CrUX had too few samples). */
  path: string
  points: { x: number; y: number; value: number; lastDate: string }[]
  /** y of the good and poor thresholds, drawn as guides when inside the plotted range. */
  thresholds: { good: number | null; poor: number | null }
  max: number
}

/** The weekly p75s of one metric laid out in `box`: weeks along x, 0..max up y (max covers the poor line). */
export function seriesChart(
  history: FieldHistory,
  metric: FieldMetricId,
  limits: readonly [number, number],
  box: ChartBox,
): SeriesChart | null {
  const values = history.p75s[metric]
  if (!values || values.every((v) => v === null)) return null
  const { width, height, padding } = box
  const innerW = width - padding.left - padding.right
  const innerH = height - padding.top - padding.bottom
  const highest = Math.max(...values.filter((v): v is number => v !== null))
  const max = Math.max(highest, limits[1]) * 1.1
  const x = (i: number) =>
    padding.left + (values.length > 1 ? (i / (values.length - 1)) * innerW : innerW / 2)
  const y = (v: number) => padding.top + (1 - v / max) * innerH
  const points: SeriesChart['points'] = []
  const parts: string[] = []
  let open = false
  values.forEach((value, i) => {
    if (value === null) {
      open = false
      return
    }
    const px = Number(x(i).toFixed(1))
    const py = Number(y(value).toFixed(1))
    parts.push(`${open ? 'L' : 'M'}${px},${py}`)
    open = true
    points.push({ x: px, y: py, value, lastDate: history.periods[i]?.lastDate ?? '' })
  })
  return {
    path: parts.join(' '),
    points,
    thresholds: { good: Number(y(limits[0]).toFixed(1)), poor: Number(y(limits[1]).toFixed(1)) },
    max,
  }
}
