// One analysis, one AIO, also in what is stored (decision 017, issue 41). An analysis is an AIO task and a
// Lighthouse task per device for one address, started together. Each Lighthouse task used to keep its own
// AIO reading (rendered page, Lighthouse's agentic audits): the suite showed the AIO task's 85 while
// /api/v1 and MCP answered the desktop task's 86 for the same analysis. Now a Lighthouse part stores the
// analysis's AIO (and the overall score that follows) whichever part finishes first, and keeps its own
// reading as `aioRendered`. A Lighthouse task alone (MCP's audit_page) keeps its own AIO: it is its analysis's.
import type { AioResult, AuditResult } from '@farol/engine'
import { withAnalysisAio } from '@farol/engine/analysis/one-verdict.ts'
import { and, eq, gte, isNull, lte, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import { taskWritten } from '../../platform/tasks/task-reads.ts'

/** Longest gap between an analysis's parts (the web's history groups them the same way). */
const ANALYSIS_WINDOW_MS = 30 * 60 * 1000

type TaskRow = Pick<typeof tasks.$inferSelect, 'id' | 'url' | 'userId' | 'clientIp' | 'createdAt'>

/** Pure: a Lighthouse part's result with the analysis's AIO; its own reading kept beside it. */
export function asAnalysisPart(result: AuditResult, aio: AioResult): AuditResult {
  const own = result.aioRendered ?? result.aio
  return { ...withAnalysisAio(result, aio), aioRendered: own }
}

/** The other finished parts of `task`'s analysis of kind `kind`: same person, same address, close in time. */
function siblings(db: Db, task: TaskRow, kind: 'ai_optimization' | 'seo_analysis') {
  const who: SQL | undefined = task.userId
    ? eq(tasks.userId, task.userId)
    : task.clientIp
      ? and(isNull(tasks.userId), eq(tasks.clientIp, task.clientIp))
      : undefined
  if (!who) return Promise.resolve([])
  const at = task.createdAt.getTime()
  return db
    .select()
    .from(tasks)
    .where(
      and(
        eq(tasks.kind, kind),
        eq(tasks.url, task.url),
        eq(tasks.status, 'success'),
        who,
        gte(tasks.createdAt, new Date(at - ANALYSIS_WINDOW_MS)),
        lte(tasks.createdAt, new Date(at + ANALYSIS_WINDOW_MS)),
      ),
    )
}

/** The AIO of the analysis a Lighthouse task belongs to (its AIO task's, the nearest in time); null: none. */
export async function analysisAioFor(db: Db, task: TaskRow): Promise<AioResult | null> {
  const found = await siblings(db, task, 'ai_optimization')
  const at = task.createdAt.getTime()
  const nearest = found
    .filter((t) => (t.results as AuditResult | null)?.aio)
    .sort((a, b) => Math.abs(a.createdAt.getTime() - at) - Math.abs(b.createdAt.getTime() - at))[0]
  return nearest ? (nearest.results as AuditResult).aio : null
}

/** An AIO task just finished: the analysis's Lighthouse parts that finished before it take its AIO. */
export async function shareAnalysisAio(db: Db, aioTask: TaskRow, aio: AioResult): Promise<void> {
  for (const part of await siblings(db, aioTask, 'seo_analysis')) {
    const result = part.results as AuditResult | null
    if (!result?.scores) continue
    await db
      .update(tasks)
      .set({ results: asAnalysisPart(result, aio), updatedAt: new Date() })
      .where(eq(tasks.id, part.id))
    taskWritten(part.id)
  }
}
