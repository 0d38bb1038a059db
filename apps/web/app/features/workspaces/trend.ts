import type { SiteRun } from '../sites/api.ts'

/** Pure: the latest finished run's score and the change since the finished run before it. */
export function latestAndTrend(runs: SiteRun[], key: 'totalScore' | 'seoScore' | 'aioScore') {
  const done = runs.filter((r) => r.status === 'success' && typeof r[key] === 'number')
  const latest = done.at(-1)?.[key] ?? null
  const previous = done.at(-2)?.[key] ?? null
  return { latest, change: latest !== null && previous !== null ? latest - previous : null }
}
