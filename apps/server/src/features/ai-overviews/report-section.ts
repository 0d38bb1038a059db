// The PDF report's "Google: AI Overviews and AI Mode" section (issue 43): the workspace's latest finished
// run for the report's site, per surface the share of answers citing the site (count, rate and interval)
// and its most cited domains and gaps, and the latest scheduled check's citations lost and gained.
import { siteHostOf } from '@farol/engine/overviews/index.ts'
import { and, desc, eq, isNotNull } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { aiOverviewRuns } from '../../platform/db/schema.ts'
import { reportOf } from './report.ts'
import { callsOf, type RunRequest } from './request.ts'
import { cachedAnswers } from './store.ts'
import { type CitationChange, describeChange } from './tracking.ts'

const share = (p: {
  k: number
  n: number
  rate: number | null
  low: number | null
  high: number | null
}) => ({
  k: p.k,
  n: p.n,
  rate: p.rate,
  low: p.low,
  high: p.high,
})

export async function googleAiForReport(db: Db, workspaceId: string, siteUrl: string) {
  const site = siteHostOf(siteUrl)
  if (!site) return null
  const latest = (extra = isNotNull(aiOverviewRuns.id)) =>
    db
      .select()
      .from(aiOverviewRuns)
      .where(
        and(
          eq(aiOverviewRuns.workspaceId, workspaceId),
          eq(aiOverviewRuns.site, site),
          eq(aiOverviewRuns.status, 'success'),
          extra,
        ),
      )
      .orderBy(desc(aiOverviewRuns.createdAt))
      .limit(1)
  const [run] = await latest()
  if (!run) return null
  const request = run.request as RunRequest
  const calls = callsOf(request)
  const stored = await cachedAnswers(db, workspaceId, run.day, calls)
  const report = reportOf(request, [...stored.values()], calls.length)
  const [check] = await latest(isNotNull(aiOverviewRuns.changes))
  const changes = check?.changes as {
    baseline?: boolean
    lost?: CitationChange[]
    gained?: CitationChange[]
  } | null
  return {
    site,
    day: run.day,
    keywords: request.keywords.length,
    surfaces: report.summaries.map((s) => ({
      surface: s.surface,
      asked: s.asked,
      shown: share(s.shown),
      site: share(s.site),
      domains: s.domains
        .slice(0, 5)
        .map((d) => ({ domain: d.domain, competitor: d.competitor, share: share(d.share) })),
      gaps: s.gaps.slice(0, 5),
      gapsTotal: s.gaps.length,
    })),
    changes:
      check && changes && !changes.baseline
        ? {
            day: check.day,
            items: [...(changes.lost ?? []), ...(changes.gained ?? [])].map((c) => ({
              kind: c.kind,
              text: { pt: describeChange(c, 'pt'), en: describeChange(c, 'en') },
            })),
          }
        : null,
  }
}

export type GoogleAiReport = NonNullable<Awaited<ReturnType<typeof googleAiForReport>>>
