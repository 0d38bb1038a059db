// The user's latest log analysis of a site as findings, read by the dashboard (GET /api/bots/summary) and
// the PDF report (reports/report-data.ts): the read module other features use for this capability.
import { type BotLogFindings, botFindings } from '@farol/engine/logs/findings.ts'
import type { Db } from '../../platform/db/database.ts'
import { joinsFor } from './joins.ts'
import { allPages, type LogScope, latestAnalysis } from './store.ts'

export async function latestBotFindings(
  db: Db,
  scope: LogScope,
  url: string,
): Promise<BotLogFindings | null> {
  const analysis = await latestAnalysis(db, scope, url)
  if (!analysis) return null
  const joins = await joinsFor(db, scope, analysis.siteUrl, await allPages(db, analysis.id))
  return {
    url: analysis.siteUrl,
    analysedAt: analysis.createdAt,
    period: analysis.summary.period,
    issues: botFindings(analysis.summary.bots, joins),
  }
}
