import type { MyTask } from '~/features/analysis/types.ts'
import type { Lang } from '~/lib/route-table.ts'

export const scoreSeries = ['seo', 'aio', 'overall'] as const
export type ScoreSeries = (typeof scoreSeries)[number]

export interface HistoryPoint {
  id: string
  /** ISO time the analysis finished (or was created, when the finish time is missing). */
  at: string
  time: number
  seo: number | null
  aio: number | null
  overall: number | null
}

function score(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value)
    ? Math.min(100, Math.max(0, Math.round(value)))
    : null
}

/** The finished analyses that have scores, oldest first: the points of the score-over-time chart. */
export function historyPoints(
  tasks: readonly Pick<MyTask, 'id' | 'status' | 'scores' | 'finishedAt' | 'createdAt'>[],
): HistoryPoint[] {
  const points: HistoryPoint[] = []
  for (const task of tasks) {
    if (task.status !== 'success' || !task.scores) continue
    const at = task.finishedAt ?? task.createdAt
    const time = Date.parse(at)
    if (Number.isNaN(time)) continue
    const point = {
      id: task.id,
      at,
      time,
      seo: score(task.scores.seo),
      aio: score(task.scores.aio),
      overall: score(task.scores.overall),
    }
    if (point.seo === null && point.aio === null && point.overall === null) continue
    points.push(point)
  }
  return points.sort((a, b) => a.time - b.time || a.id.localeCompare(b.id))
}

export interface ChartBox {
  width: number
  height: number
  padding: { top: number; right: number; bottom: number; left: number }
}

/** SVG coordinates of a point: time along x (evenly spread when all times are equal), 0-100 up y. */
export function chartScales(points: readonly HistoryPoint[], box: ChartBox) {
  const { width, height, padding } = box
  const innerWidth = width - padding.left - padding.right
  const innerHeight = height - padding.top - padding.bottom
  const first = points[0]?.time ?? 0
  const last = points.at(-1)?.time ?? 0
  const span = last - first
  return {
    x(point: HistoryPoint, index: number): number {
      if (points.length <= 1) return padding.left + innerWidth / 2
      const ratio = span > 0 ? (point.time - first) / span : index / (points.length - 1)
      return padding.left + ratio * innerWidth
    },
    y(value: number): number {
      return padding.top + (1 - value / 100) * innerHeight
    },
  }
}

/** The SVG path of one series, skipping analyses without that score. */
export function seriesPath(
  points: readonly HistoryPoint[],
  series: ScoreSeries,
  scales: ReturnType<typeof chartScales>,
): string {
  const parts: string[] = []
  points.forEach((point, index) => {
    const value = point[series]
    if (value === null) return
    const command = parts.length ? 'L' : 'M'
    parts.push(`${command}${scales.x(point, index).toFixed(1)},${scales.y(value).toFixed(1)}`)
  })
  return parts.join(' ')
}

const dateLocales: Record<Lang, string> = { pt: 'pt-PT', en: 'en-GB' }

/**
 * The x axis's end labels. Points on several days: their dates. Points all on one day (several
 * analyses of an afternoon): the first with its date and time, the last with its time only, so the
 * axis says when each was (it showed the same date twice). `timeZone` only for tests.
 */
export function axisLabels(
  points: readonly HistoryPoint[],
  lang: Lang,
  timeZone?: string,
): { first: string; last: string | null } {
  const first = points[0]
  const last = points.at(-1)
  if (!first || !last) return { first: '', last: null }
  const locale = dateLocales[lang]
  const day = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone })
  const time = new Intl.DateTimeFormat(locale, { timeStyle: 'short', timeZone })
  const both = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
  if (points.length === 1) return { first: both.format(first.time), last: null }
  const sameDay = day.format(first.time) === day.format(last.time)
  return sameDay
    ? { first: both.format(first.time), last: time.format(last.time) }
    : { first: day.format(first.time), last: day.format(last.time) }
}

/** The pages of one site the user analysed, most recent first (the history's page chooser). */
export function analysedPages(tasks: readonly MyTask[], host: string): string[] {
  const pages: string[] = []
  for (const task of tasks) {
    let taskHost: string
    try {
      taskHost = new URL(task.url).host.toLowerCase()
    } catch {
      continue
    }
    if (taskHost === host && !pages.includes(task.url)) pages.push(task.url)
  }
  return pages
}
