// Reads of tracked sites other features make through public.ts: a site of a workspace, the keywords it
// follows (Google's AI answers check them at each of the site's scheduled runs, issue 43), and the queries
// Search Console found it for (keywords to check, picked on Google's AI answers page).
import { searchAnalytics } from '@farol/engine/keywords/positions/index.ts'
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { siteKeywords, trackedSites } from '../../platform/db/schema.ts'
import { positionSource, type SourceDeps } from './keywords.ts'

export interface TrackedSiteRef {
  id: string
  url: string
  userId: string
  workspaceId: string
  frequency: string
}

const refColumns = {
  id: trackedSites.id,
  url: trackedSites.url,
  userId: trackedSites.userId,
  workspaceId: trackedSites.workspaceId,
  frequency: trackedSites.frequency,
}

/** The tracked site `siteId` if it is in `workspaceId` (null otherwise: another workspace's is not found). */
export async function trackedSiteOf(
  db: Db,
  workspaceId: string,
  siteId: string,
): Promise<TrackedSiteRef | null> {
  const [row] = await db
    .select(refColumns)
    .from(trackedSites)
    .where(and(eq(trackedSites.id, siteId), eq(trackedSites.workspaceId, workspaceId)))
  return row ?? null
}

/** The workspace's tracked sites, oldest first. */
export async function trackedSitesOf(db: Db, workspaceId: string): Promise<TrackedSiteRef[]> {
  return db
    .select(refColumns)
    .from(trackedSites)
    .where(eq(trackedSites.workspaceId, workspaceId))
    .orderBy(asc(trackedSites.createdAt))
}

/** The keywords a tracked site follows, in the order they were added. */
export async function siteKeywordsOf(db: Db, siteId: string): Promise<string[]> {
  const rows = await db
    .select({ keyword: siteKeywords.keyword })
    .from(siteKeywords)
    .where(eq(siteKeywords.siteId, siteId))
    .orderBy(asc(siteKeywords.createdAt))
  return rows.map((r) => r.keyword)
}

/**
 * The queries a site was found for in Google Search Console over the last 28 complete days, most shown
 * first (the user's own grant; a domain property first, then the origin's URL-prefix property), or why not.
 */
export async function searchConsoleQueries(
  deps: SourceDeps,
  userId: string,
  siteUrl: string,
  limit = 100,
): Promise<
  | { state: 'connected'; queries: { query: string; clicks: number; impressions: number }[] }
  | { state: 'unavailable' | 'not-connected' | 'reconnect' }
> {
  const source = await positionSource(deps, userId)
  if (source.kind !== 'search-console') return { state: source.searchConsole }
  const day = (d: Date) => d.toISOString().slice(0, 10)
  const end = new Date(Date.now() - 2 * 86_400_000)
  const range = { startDate: day(new Date(end.getTime() - 27 * 86_400_000)), endDate: day(end) }
  const options = { accessToken: source.accessToken, baseUrl: deps.config.sites.gscUrl }
  const host = new URL(siteUrl).hostname.replace(/^www\./, '')
  let rows: Awaited<ReturnType<typeof searchAnalytics>>
  try {
    rows = await searchAnalytics(`sc-domain:${host}`, range, options)
  } catch (error) {
    if ((error as { code?: string }).code !== 'KEYWORDS_PROVIDER_AUTH') throw error
    rows = await searchAnalytics(`${new URL(siteUrl).origin}/`, range, options)
  }
  const byQuery = new Map<string, { query: string; clicks: number; impressions: number }>()
  for (const row of rows) {
    const q = byQuery.get(row.query) ?? { query: row.query, clicks: 0, impressions: 0 }
    q.clicks += row.clicks
    q.impressions += row.impressions
    byQuery.set(row.query, q)
  }
  const queries = [...byQuery.values()]
    .sort((a, b) => b.impressions - a.impressions || b.clicks - a.clicks || a.query.localeCompare(b.query))
    .slice(0, limit)
  return { state: 'connected', queries }
}
