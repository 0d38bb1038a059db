// A scheduled report's period: which week or month ended last, and what changed in it (score trend, new and
// fixed issues, AI-presence trend) from the tracked site's finished monitoring runs. Pure.
import type { PeriodChanges } from '../../platform/db/schema.ts'
import type { Lang } from '../../platform/errors.ts'
import type { RunSnapshot } from '../sites/public.ts'

export type ReportFrequency = 'weekly' | 'monthly'

export interface Period {
  key: string
  start: Date
  end: Date
}

const DAY = 86_400_000

/** The period (UTC ISO week starting Monday, or calendar month) that ended last before `now`. */
export function previousPeriod(now: Date, frequency: ReportFrequency): Period {
  if (frequency === 'monthly') {
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - 1, 1))
    return {
      key: `${start.getUTCFullYear()}-${String(start.getUTCMonth() + 1).padStart(2, '0')}`,
      start,
      end,
    }
  }
  const day = (now.getUTCDay() + 6) % 7 // Monday 0
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - day))
  const start = new Date(end.getTime() - 7 * DAY)
  return { key: isoWeekKey(start), start, end }
}

/** ISO 8601 week of a Monday: the week's Thursday decides the year, and its day of year the week. */
function isoWeekKey(monday: Date): string {
  const thursday = new Date(monday.getTime() + 3 * DAY)
  const year = thursday.getUTCFullYear()
  const dayOfYear = Math.floor((thursday.getTime() - Date.UTC(year, 0, 1)) / DAY)
  return `${year}-W${String(Math.floor(dayOfYear / 7) + 1).padStart(2, '0')}`
}

/**
 * The period a key names ('2026-W47', '2026-11'), or null for anything else: a period claimed before a
 * restart is finished from its key alone.
 */
export function periodFromKey(key: string): Period | null {
  const week = /^(\d{4})-W(\d{2})$/.exec(key)
  if (week) {
    // Week 1 is the week with 4 January in it.
    const jan4 = Date.UTC(Number(week[1]), 0, 4)
    const monday1 = jan4 - ((new Date(jan4).getUTCDay() + 6) % 7) * DAY
    const start = new Date(monday1 + (Number(week[2]) - 1) * 7 * DAY)
    if (isoWeekKey(start) !== key) return null
    return { key, start, end: new Date(start.getTime() + 7 * DAY) }
  }
  const month = /^(\d{4})-(\d{2})$/.exec(key)
  if (month && Number(month[2]) >= 1 && Number(month[2]) <= 12) {
    const start = new Date(Date.UTC(Number(month[1]), Number(month[2]) - 1, 1))
    return { key, start, end: new Date(Date.UTC(Number(month[1]), Number(month[2]), 1)) }
  }
  return null
}

export interface PeriodRun {
  startedAt: Date
  snapshot: RunSnapshot | null
}

/** What changed over the period: every finished run's scores, and the first run's failures against the last's. */
export function periodChanges(period: Period, runs: PeriodRun[]): PeriodChanges {
  const done = runs
    .filter((r): r is PeriodRun & { snapshot: RunSnapshot } => Boolean(r.snapshot))
    .sort((a, b) => a.startedAt.getTime() - b.startedAt.getTime())
  const first = done[0]?.snapshot
  const last = done.at(-1)?.snapshot
  const before = new Map((first?.failing ?? []).map((f) => [f.id, f]))
  const after = new Map((last?.failing ?? []).map((f) => [f.id, f]))
  const pick = (f: RunSnapshot['failing'][number]) => ({ id: f.id, title: f.title, impact: f.impact })
  return {
    key: period.key,
    start: period.start.toISOString(),
    end: period.end.toISOString(),
    points: done.map((r) => ({
      at: r.startedAt.toISOString(),
      total: r.snapshot.scores.totalScore,
      llm: r.snapshot.scores.llmScore,
    })),
    newIssues: [...after.values()].filter((f) => !before.has(f.id)).map(pick),
    fixedIssues: [...before.values()].filter((f) => !after.has(f.id)).map(pick),
  }
}

const words = {
  pt: {
    total: 'Pontuação total',
    llm: 'Presença em IA',
    none: 'Sem auditorias concluídas neste período.',
    newIssues: 'Novos problemas',
    fixedIssues: 'Problemas resolvidos',
    noChange: 'sem dados',
  },
  en: {
    total: 'Total score',
    llm: 'AI presence',
    none: 'No finished audits in this period.',
    newIssues: 'New issues',
    fixedIssues: 'Fixed issues',
    noChange: 'no data',
  },
} as const

/** A trend from the first to the last run's score: "60 → 66 (+6)", or the last score alone. */
function trend(points: PeriodChanges['points'], key: 'total' | 'llm'): string | null {
  const from = points[0]?.[key] ?? null
  const to = points.at(-1)?.[key] ?? null
  if (from === null || to === null) return to === null ? null : String(to)
  const diff = to - from
  return `${from} → ${to} (${diff > 0 ? '+' : ''}${diff})`
}

/** The mail's lines: the two trends, then the new and the fixed issues (ten of each at most). */
export function periodLines(changes: PeriodChanges, lang: Lang): string[] {
  const w = words[lang]
  if (changes.points.length === 0) return [w.none]
  const list = (items: PeriodChanges['newIssues']) => items.slice(0, 10).map((f) => `  - ${f.title[lang]}`)
  return [
    `${w.total}: ${trend(changes.points, 'total') ?? w.noChange}`,
    `${w.llm}: ${trend(changes.points, 'llm') ?? w.noChange}`,
    `${w.newIssues}: ${changes.newIssues.length}`,
    ...list(changes.newIssues),
    `${w.fixedIssues}: ${changes.fixedIssues.length}`,
    ...list(changes.fixedIssues),
  ]
}
