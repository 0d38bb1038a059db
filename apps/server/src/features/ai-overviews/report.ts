// A run as the page reads it: per surface the shares (count, rate, Wilson interval) and the gaps, and per
// answer whether it cites the site, where, whom else, and its text with the mentions marked. Pure.
import {
  type Answer,
  citationsOf,
  isSiteUrl,
  markText,
  type SiteCitation,
  type SurfaceSummary,
  summarize,
  type TextRun,
} from '@farol/engine/overviews/index.ts'
import type { Call, RunRequest } from './request.ts'
import type { StoredAnswer } from './store.ts'

interface AnswerRow extends Call {
  day: string
  shown: boolean
  asynchronous: boolean
  cited: boolean
  site: SiteCitation[]
  competitors: string[]
  others: { domain: string; position: number }[]
  references: { position: number; url: string; title: string | null; mark: 'site' | 'competitor' | null }[]
  text: TextRun[]
  cost: number
}

export interface RunReport {
  site: string
  competitors: string[]
  summaries: SurfaceSummary[]
  rows: AnswerRow[]
  /** Calls still unanswered (a run that is going on, or that failed part way). */
  missing: number
}

export function reportOf(request: RunRequest, stored: StoredAnswer[], expected: number): RunReport {
  const answers: Answer[] = stored.map((s) => s.answer)
  const competitors = request.competitors.map((domain) => ({ domain }))
  const rows = stored.map((s): AnswerRow => {
    const c = citationsOf(s.answer, request.site, request.competitors)
    const sitePositions = new Set(c.site.map((x) => x.position))
    return {
      surface: s.surface,
      keyword: s.keyword,
      locationCode: s.locationCode,
      languageCode: s.languageCode,
      device: s.device,
      day: s.day,
      shown: c.shown,
      asynchronous: s.answer.asynchronous,
      cited: c.cited,
      site: c.site,
      competitors: c.competitors,
      others: c.others.slice(0, 10),
      references: s.answer.references.map((r) => ({
        position: r.position,
        url: r.url,
        title: r.title,
        mark: sitePositions.has(r.position)
          ? 'site'
          : c.competitors.some((d) => isSiteUrl(r.url, d))
            ? 'competitor'
            : null,
      })),
      text: markText(s.answer.text, { domain: request.site }, competitors),
      cost: s.cost,
    }
  })
  return {
    site: request.site,
    competitors: request.competitors,
    summaries: request.surfaces.map((surface) =>
      summarize(surface, answers, request.site, request.competitors),
    ),
    rows,
    missing: Math.max(0, expected - stored.length),
  }
}
