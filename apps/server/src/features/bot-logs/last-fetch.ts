// When one bot last fetched given pages, in the latest analysis of the site's logs in a scope (Google's AI
// answers show when Googlebot last fetched each cited, or expected but not cited, URL, issue 43).
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { botLogPages } from '../../platform/db/schema.ts'
import { type LogScope, latestAnalysis } from './store.ts'

/** Per path (`/a/b`, as the analysis keeps pages), the bot's last fetch, hits and last status; null without logs. */
export async function lastBotFetches(
  db: Db,
  scope: LogScope,
  siteUrl: string,
  paths: readonly string[],
  token = 'Googlebot',
): Promise<{
  analysedAt: string
  fetched: Map<string, { last: string; hits: number; lastStatus: number }>
} | null> {
  const analysis = await latestAnalysis(db, scope, siteUrl)
  if (!analysis) return null
  const fetched = new Map<string, { last: string; hits: number; lastStatus: number }>()
  const unique = [...new Set(paths)]
  for (let i = 0; i < unique.length; i += 1000) {
    const rows = await db
      .select({ path: botLogPages.path, bots: botLogPages.bots })
      .from(botLogPages)
      .where(
        and(eq(botLogPages.analysisId, analysis.id), inArray(botLogPages.path, unique.slice(i, i + 1000))),
      )
    for (const row of rows) {
      const visit = (row.bots as { token: string; hits: number; last: string; lastStatus: number }[]).find(
        (b) => b.token === token,
      )
      if (visit) fetched.set(row.path, { last: visit.last, hits: visit.hits, lastStatus: visit.lastStatus })
    }
  }
  return { analysedAt: analysis.createdAt, fetched }
}
