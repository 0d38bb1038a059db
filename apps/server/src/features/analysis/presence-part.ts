// The LLM-presence part of an analysis's overall score (spec §9, decisions 002 and 045): the presence
// score of the address's latest finished AI-presence run in the analysis's workspace. The suite's status
// and events, /api/v1 (which forwards to the status), MCP (which reads /api/v1) and the PDF's data all read
// an analysis's tasks through `withAnalysisPresence`, so the overall they show is one number.
import { withPresence } from '@farol/engine/analysis/one-verdict.ts'
import { and, desc, eq, isNotNull, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'

type TaskRow = typeof tasks.$inferSelect

const analysisKinds = new Set(['seo_analysis', 'ai_optimization'])

/** The presence score of the address's latest finished AI-presence run in `workspaceId`; null: none. */
async function latestPresenceScore(db: Db, workspaceId: string, url: string): Promise<number | null> {
  const [row] = await db
    .select({ score: sql<unknown>`${tasks.results}->'report'->'presenceScore'` })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, workspaceId),
        eq(tasks.kind, 'llm_presence'),
        eq(tasks.url, url),
        eq(tasks.status, 'success'),
        isNotNull(tasks.finishedAt),
      ),
    )
    .orderBy(desc(tasks.finishedAt))
    .limit(1)
  const score = typeof row?.score === 'string' ? Number(row.score) : row?.score
  return typeof score === 'number' && Number.isFinite(score) ? score : null
}

/** The presence part for a task of an analysis (finished, in a workspace); null for anything else. */
async function presenceFor(
  db: Db,
  row: Pick<TaskRow, 'kind' | 'status' | 'workspaceId' | 'url' | 'results'>,
): Promise<number | null> {
  if (!analysisKinds.has(row.kind) || row.status !== 'success' || !row.workspaceId || !row.results)
    return null
  return latestPresenceScore(db, row.workspaceId, row.url)
}

/** A task row whose results carry the presence part in their overall score (unchanged when there is none). */
export async function withAnalysisPresence<
  R extends Pick<TaskRow, 'kind' | 'status' | 'workspaceId' | 'url' | 'results'>,
>(db: Db, row: R): Promise<R> {
  const presence = await presenceFor(db, row)
  if (presence === null) return row
  return { ...row, results: withPresence(row.results as Parameters<typeof withPresence>[0], presence) }
}
