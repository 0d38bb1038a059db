// The LLM-presence part of an analysis's overall score (spec §9, decisions 002 and 045): the presence
// score of the address's latest AI-presence run in the analysis's workspace that finished while the
// analysis was the address's latest, i.e. before the next analysis of the address (same kind and device,
// same workspace) was started; the address's latest analysis takes the latest finished run. The suite's
// status and events, /api/v1 (which forwards to the status), MCP (which reads /api/v1), the PDF's data,
// the history (GET /api/me/tasks) and the tracked sites' runs (GET /api/sites/:id/history) all read it
// here, so one analysis shows one overall wherever it is read.
import { withPresence } from '@farol/engine/analysis/one-verdict.ts'
import { overallScore } from '@farol/engine/scores/index.ts'
import { eq, inArray, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'

type TaskRow = typeof tasks.$inferSelect

const analysisKinds = new Set(['seo_analysis', 'ai_optimization'])

/**
 * SQL: the presence part of the task row aliased `task` (a finished analysis part with a workspace), or
 * null. One expression for a row and for a list, so the rule cannot differ between them.
 */
function presencePartOf(task: string): SQL<number | null> {
  const t = sql.raw(task)
  return sql<
    number | null
  >`(case when ${t}.kind in ('seo_analysis', 'ai_optimization') and ${t}.status = 'success' and ${t}.workspace_id is not null then (
    select case when jsonb_typeof(p.results->'report'->'presenceScore') = 'number'
      then (p.results->'report'->>'presenceScore')::double precision end
    from tasks p
    where p.workspace_id = ${t}.workspace_id and p.kind = 'llm_presence' and p.url = ${t}.url
      and p.status = 'success' and p.finished_at is not null
      and p.finished_at <= coalesce((
        select min(n.created_at) from tasks n
        where n.workspace_id = ${t}.workspace_id and n.url = ${t}.url and n.kind = ${t}.kind
          and n.platform is not distinct from ${t}.platform and n.created_at > ${t}.created_at
          and n.status <> 'failed'
      ), 'infinity'::timestamptz)
    order by p.finished_at desc limit 1
  ) end)`
}

const num = (v: unknown): number | null => {
  const n = typeof v === 'string' ? Number(v) : v
  return typeof n === 'number' && Number.isFinite(n) ? n : null
}

/** The presence part of the tasks `ids` (absent: none), one query. */
export async function presenceParts(db: Db, ids: readonly string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>()
  if (ids.length === 0) return out
  const rows = await db
    .select({ id: tasks.id, presence: presencePartOf('"tasks"') })
    .from(tasks)
    .where(inArray(tasks.id, [...ids]))
  for (const row of rows) {
    const presence = num(row.presence)
    if (presence !== null) out.set(row.id, presence)
  }
  return out
}

/** The overall score of an analysis part's stored scores with `presence` counted (unchanged without). */
export function overallWithPresence(
  scores: { seo?: unknown; aio?: unknown; overall?: unknown } | null | undefined,
  presence: number | null | undefined,
): number | null {
  const stored = num(scores?.overall)
  const seo = num(scores?.seo)
  const aio = num(scores?.aio)
  if (presence === null || presence === undefined || seo === null || aio === null) return stored
  return overallScore({ seo, aio, llm: presence }).score
}

/** A task row whose results carry the presence part in their overall score (unchanged when there is none). */
export async function withAnalysisPresence<
  R extends Pick<TaskRow, 'id' | 'kind' | 'status' | 'workspaceId' | 'url' | 'results'>,
>(db: Db, row: R): Promise<R> {
  if (!analysisKinds.has(row.kind) || row.status !== 'success' || !row.workspaceId || !row.results) return row
  const [found] = await db
    .select({ presence: presencePartOf('"tasks"') })
    .from(tasks)
    .where(eq(tasks.id, row.id))
  const presence = num(found?.presence)
  if (presence === null) return row
  return { ...row, results: withPresence(row.results as Parameters<typeof withPresence>[0], presence) }
}
