// The answers and runs in the database, always under a workspace id the caller got from
// tenancy/access.ts (routes) or from the run row it owns (capability).
import { type Answer, estimateRun } from '@farol/engine/overviews/index.ts'
import { and, asc, desc, eq, inArray, lt, ne } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { aiOverviewAnswers, aiOverviewRuns, aiOverviewTracking } from '../../platform/db/schema.ts'
import { type Call, callKey, callsOf, type RunRequest } from './request.ts'

export type RunRow = typeof aiOverviewRuns.$inferSelect
export interface StoredAnswer extends Call {
  day: string
  answer: Answer
  cost: number
}

/** The day's answers among `calls` already in the workspace's cache, by callKey. */
export async function cachedAnswers(
  db: Db,
  workspaceId: string,
  day: string,
  calls: Call[],
): Promise<Map<string, StoredAnswer>> {
  const out = new Map<string, StoredAnswer>()
  const keywords = [...new Set(calls.map((c) => c.keyword))]
  const wanted = new Set(calls.map(callKey))
  for (let i = 0; i < keywords.length; i += 200) {
    const rows = await db
      .select()
      .from(aiOverviewAnswers)
      .where(
        and(
          eq(aiOverviewAnswers.workspaceId, workspaceId),
          eq(aiOverviewAnswers.day, day),
          inArray(aiOverviewAnswers.keyword, keywords.slice(i, i + 200)),
        ),
      )
    for (const row of rows) {
      const stored = storedOf(row)
      const key = callKey(stored)
      if (wanted.has(key)) out.set(key, stored)
    }
  }
  return out
}

function storedOf(row: typeof aiOverviewAnswers.$inferSelect): StoredAnswer {
  return {
    surface: row.surface as Call['surface'],
    keyword: row.keyword,
    locationCode: row.locationCode,
    languageCode: row.languageCode,
    device: row.device as Call['device'],
    day: row.day,
    answer: row.answer as Answer,
    cost: row.cost,
  }
}

/** Keeps answers; a second write of the same call and day (a retried job) keeps the first. */
export async function saveAnswers(
  db: Db,
  workspaceId: string,
  day: string,
  answers: { call: Call; answer: Answer }[],
) {
  if (answers.length === 0) return
  await db
    .insert(aiOverviewAnswers)
    .values(answers.map(({ call, answer }) => ({ workspaceId, day, ...call, answer, cost: answer.cost })))
    .onConflictDoNothing()
}

/** A keyword's answers over the days (oldest first), in one workspace. */
export async function keywordHistory(db: Db, workspaceId: string, keyword: string): Promise<StoredAnswer[]> {
  const rows = await db
    .select()
    .from(aiOverviewAnswers)
    .where(and(eq(aiOverviewAnswers.workspaceId, workspaceId), eq(aiOverviewAnswers.keyword, keyword)))
    .orderBy(asc(aiOverviewAnswers.day), asc(aiOverviewAnswers.surface))
    .limit(1000)
  return rows.map(storedOf)
}

/** The calls `request` makes that the day's cache lacks, at the published live prices. */
export async function estimateFor(db: Db, workspaceId: string, request: RunRequest, day: string) {
  const calls = callsOf(request)
  const cached = await cachedAnswers(db, workspaceId, day, calls)
  const pending = calls.filter((c) => !cached.has(callKey(c))).map((c) => c.surface)
  return estimateRun(pending, cached.size)
}

export async function insertRun(
  db: Db,
  values: {
    workspaceId: string
    userId: string
    request: RunRequest
    estimate: unknown
    day: string
    siteId?: string | null
    status?: 'confirmed' | 'failed'
    errorCode?: string | null
  },
): Promise<RunRow> {
  const [row] = await db
    .insert(aiOverviewRuns)
    .values({ ...values, site: values.request.site })
    .returning()
  return row!
}

export async function runOf(db: Db, workspaceId: string, id: string): Promise<RunRow | null> {
  const [row] = await db
    .select()
    .from(aiOverviewRuns)
    .where(and(eq(aiOverviewRuns.id, id), eq(aiOverviewRuns.workspaceId, workspaceId)))
  return row ?? null
}

export async function runsOf(db: Db, workspaceId: string, limit = 20): Promise<RunRow[]> {
  return db
    .select()
    .from(aiOverviewRuns)
    .where(eq(aiOverviewRuns.workspaceId, workspaceId))
    .orderBy(desc(aiOverviewRuns.createdAt))
    .limit(limit)
}

/**
 * The worker takes the run its task names, only for the user who confirmed it and only once it is
 * confirmed (or still running: a retried job goes on, and the cache spares what was already paid for).
 */
export async function claimRun(db: Db, id: string, userId: string): Promise<RunRow | null> {
  const [row] = await db
    .update(aiOverviewRuns)
    .set({ status: 'running' })
    .where(
      and(
        eq(aiOverviewRuns.id, id),
        eq(aiOverviewRuns.userId, userId),
        inArray(aiOverviewRuns.status, ['confirmed', 'running']),
      ),
    )
    .returning()
  return row ?? null
}

export async function finishRun(
  db: Db,
  id: string,
  values: { status: 'success' | 'failed'; spent: number; calls: number; errorCode: string | null },
) {
  await db
    .update(aiOverviewRuns)
    .set({ ...values, finishedAt: new Date() })
    .where(eq(aiOverviewRuns.id, id))
}

export async function setRunTask(db: Db, id: string, taskId: string) {
  await db.update(aiOverviewRuns).set({ taskId }).where(eq(aiOverviewRuns.id, id))
}

/** A tracked site's previous finished check before `run` (what a check is compared with), or null. */
export async function previousSiteRun(db: Db, run: RunRow): Promise<RunRow | null> {
  if (!run.siteId) return null
  const [row] = await db
    .select()
    .from(aiOverviewRuns)
    .where(
      and(
        eq(aiOverviewRuns.siteId, run.siteId),
        eq(aiOverviewRuns.status, 'success'),
        ne(aiOverviewRuns.id, run.id),
        lt(aiOverviewRuns.createdAt, run.createdAt),
      ),
    )
    .orderBy(desc(aiOverviewRuns.createdAt))
    .limit(1)
  return row ?? null
}

export async function runById(db: Db, id: string): Promise<RunRow | null> {
  const [row] = await db.select().from(aiOverviewRuns).where(eq(aiOverviewRuns.id, id))
  return row ?? null
}

export async function setRunChanges(db: Db, id: string, changes: unknown) {
  await db.update(aiOverviewRuns).set({ changes }).where(eq(aiOverviewRuns.id, id))
}

/** A tracked site's latest checks, newest first. */
export async function siteRuns(db: Db, workspaceId: string, siteId: string, limit = 10): Promise<RunRow[]> {
  return db
    .select()
    .from(aiOverviewRuns)
    .where(and(eq(aiOverviewRuns.workspaceId, workspaceId), eq(aiOverviewRuns.siteId, siteId)))
    .orderBy(desc(aiOverviewRuns.createdAt))
    .limit(limit)
}

export type TrackingRow = typeof aiOverviewTracking.$inferSelect

export async function trackingOf(db: Db, siteId: string): Promise<TrackingRow | null> {
  const [row] = await db.select().from(aiOverviewTracking).where(eq(aiOverviewTracking.siteId, siteId))
  return row ?? null
}

export async function trackingsOf(db: Db, workspaceId: string): Promise<TrackingRow[]> {
  return db.select().from(aiOverviewTracking).where(eq(aiOverviewTracking.workspaceId, workspaceId))
}

export async function saveTracking(db: Db, values: typeof aiOverviewTracking.$inferInsert) {
  const { siteId: _, ...rest } = values
  await db
    .insert(aiOverviewTracking)
    .values(values)
    .onConflictDoUpdate({ target: aiOverviewTracking.siteId, set: { ...rest, createdAt: new Date() } })
}

export async function deleteTracking(db: Db, workspaceId: string, siteId: string): Promise<boolean> {
  const gone = await db
    .delete(aiOverviewTracking)
    .where(and(eq(aiOverviewTracking.siteId, siteId), eq(aiOverviewTracking.workspaceId, workspaceId)))
    .returning({ siteId: aiOverviewTracking.siteId })
  return gone.length > 0
}
