// Reads of tracked sites other features make through public.ts: a site of a workspace, and the keywords
// it follows (Google's AI answers check them at each of the site's scheduled runs, issue 43).
import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { siteKeywords, trackedSites } from '../../platform/db/schema.ts'

export interface TrackedSiteRef {
  id: string
  url: string
  userId: string
  workspaceId: string
  frequency: string
}

/** The tracked site `siteId` if it is in `workspaceId` (null otherwise: another workspace's is not found). */
export async function trackedSiteOf(
  db: Db,
  workspaceId: string,
  siteId: string,
): Promise<TrackedSiteRef | null> {
  const [row] = await db
    .select({
      id: trackedSites.id,
      url: trackedSites.url,
      userId: trackedSites.userId,
      workspaceId: trackedSites.workspaceId,
      frequency: trackedSites.frequency,
    })
    .from(trackedSites)
    .where(and(eq(trackedSites.id, siteId), eq(trackedSites.workspaceId, workspaceId)))
  return row ?? null
}

/** The workspace's tracked sites, oldest first. */
export async function trackedSitesOf(db: Db, workspaceId: string): Promise<TrackedSiteRef[]> {
  return db
    .select({
      id: trackedSites.id,
      url: trackedSites.url,
      userId: trackedSites.userId,
      workspaceId: trackedSites.workspaceId,
      frequency: trackedSites.frequency,
    })
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
