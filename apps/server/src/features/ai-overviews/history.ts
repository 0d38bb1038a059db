// One keyword's answers over the days, read for a site (issue 43 item 3): per call (surface, place,
// language, device) whether Google showed an answer, whether it cited the site and where, which
// competitors and other domains it cited, and whether the site gained or lost the citation since the
// same call's previous day. Pure: the answers are the stored ones, read again for this site.

import type { RunReport } from './report.ts'
import { callKey } from './request.ts'

export interface HistoryEntry {
  day: string
  surface: string
  locationCode: number
  languageCode: string
  device: string
  shown: boolean
  cited: boolean
  positions: number[]
  /** The site's URLs the answer cites, with their position among its references. */
  citations: { position: number; url: string }[]
  /** The given competitors the answer cites. */
  competitors: string[]
  /** Other domains cited, the first few. */
  others: string[]
  /** Against the same call's previous answer: the site newly cited or no longer cited. */
  change: 'gained' | 'lost' | null
}

/** Pure: the report's rows (in day order) as a history, each compared with the same call's previous day. */
export function historyOf(rows: RunReport['rows']): HistoryEntry[] {
  const last = new Map<string, boolean>()
  return [...rows]
    .sort((a, b) => a.day.localeCompare(b.day) || a.surface.localeCompare(b.surface))
    .map((r) => {
      const key = callKey(r)
      const before = last.get(key)
      last.set(key, r.cited)
      return {
        day: r.day,
        surface: r.surface,
        locationCode: r.locationCode,
        languageCode: r.languageCode,
        device: r.device,
        shown: r.shown,
        cited: r.cited,
        positions: r.site.map((s) => s.position),
        citations: r.site.map((s) => ({ position: s.position, url: s.url })),
        competitors: r.competitors,
        others: r.others.slice(0, 5).map((o) => o.domain),
        change: before === undefined || before === r.cited ? null : r.cited ? 'gained' : 'lost',
      }
    })
}
