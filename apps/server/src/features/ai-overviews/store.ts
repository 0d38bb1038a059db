// The answers and runs in the database, always under a workspace id the caller got from
// tenancy/access.ts (routes) or from the run row it owns (capability).
import type { Answer } from '@farol/engine/overviews/index.ts'
import { and, asc, desc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { aiOverviewAnswers, aiOverviewRuns } from '../../platform/db/schema.ts'
import { type Call, callKey, type RunRequest } from './request.ts'

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

export async function insertRun(
  db: Db,
  values: { workspaceId: string; userId: string; request: RunRequest; estimate: unknown; day: string },
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
