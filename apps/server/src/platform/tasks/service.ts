// Creating and reading analysis tasks. A request becomes a row plus a job; quotas and reuse of an
// identical recent request are decided here, before any work is queued.
import { engineErrors, isEngineError } from '@farol/engine'
import { and, count, desc, eq, gte, inArray, isNull, or, sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import { tasks } from '../db/schema.ts'
import { AppError, appErrors, type Lang } from '../errors.ts'
import { isCapabilityKind, loadCapability } from './capability.ts'
import type { Platform, TaskKind, TaskRequest, TaskStatus, TaskStatusResponse } from './contract.ts'
import { queueFor } from './queues.ts'
import { taskWritten } from './task-reads.ts'

export interface Requester {
  userId: string | null
  clientIp: string
  /** The workspace the task belongs to (tenancy/access.ts); null or absent for an anonymous visitor. */
  workspaceId?: string | null
}

type TaskRow = typeof tasks.$inferSelect

export async function createTask(
  deps: { db: Db; boss: PgBoss; config: Config },
  request: TaskRequest,
  who: Requester,
  lang: Lang,
): Promise<{ taskId: string; reused: boolean }> {
  const { db, boss, config } = deps
  // A task is reused only in its own workspace: one made elsewhere is not readable here.
  const ownTasks = who.userId
    ? and(
        eq(tasks.userId, who.userId),
        who.workspaceId ? eq(tasks.workspaceId, who.workspaceId) : isNull(tasks.workspaceId),
      )
    : and(isNull(tasks.userId), eq(tasks.clientIp, who.clientIp))

  const capability = isCapabilityKind(request.kind) ? await loadCapability(request.kind) : null
  const reuseSince = new Date(Date.now() - config.tasks.reuseSeconds * 1000)
  const inputJson = request.input === undefined ? null : JSON.stringify(request.input)
  const [recent] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(
        ownTasks,
        eq(tasks.kind, request.kind),
        eq(tasks.url, request.url),
        request.platform ? eq(tasks.platform, request.platform) : isNull(tasks.platform),
        eq(tasks.lang, request.lang ?? lang),
        inputJson === null ? isNull(tasks.input) : sql`${tasks.input} = ${inputJson}::jsonb`,
        gte(tasks.createdAt, reuseSince),
        or(inArray(tasks.status, ['pending', 'running']), eq(tasks.status, 'success')),
      ),
    )
    .orderBy(desc(tasks.createdAt))
    .limit(1)
  if (recent && !request.fresh && capability?.reuse !== false) return { taskId: recent.id, reused: true }

  const limit = who.userId ? config.tasks.userPerDay : config.tasks.anonymousPerDay
  const since = new Date(Date.now() - 24 * 60 * 60 * 1000)
  const [used] = await db
    .select({ n: count() })
    .from(tasks)
    .where(
      and(
        who.userId ? eq(tasks.userId, who.userId) : eq(tasks.clientIp, who.clientIp),
        gte(tasks.createdAt, since),
      ),
    )
  if ((used?.n ?? 0) >= limit) throw new AppError('QUOTA_EXCEEDED')

  const [row] = await db
    .insert(tasks)
    .values({
      kind: request.kind,
      url: request.url,
      platform: request.platform,
      input: request.input ?? null,
      lang: request.lang ?? lang,
      userId: who.userId,
      workspaceId: who.userId ? (who.workspaceId ?? null) : null,
      clientIp: who.clientIp,
    })
    .returning({ id: tasks.id })
  const taskId = row!.id
  try {
    if (capability) {
      await boss.send(
        queueFor(request.kind),
        { taskId },
        {
          expireInSeconds: capability.expireInSeconds ?? 300,
          retryLimit: capability.retryLimit ?? 1,
        },
      )
    } else {
      await boss.send(queueFor(request.kind), { taskId }, { priority: request.background ? -1 : 0 })
    }
  } catch (error) {
    // Nothing half-made: a task whose job could not be queued is marked failed, not left pending forever.
    await db
      .update(tasks)
      .set({ status: 'failed', errorCode: 'INTERNAL', finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(tasks.id, taskId))
    taskWritten(taskId)
    throw error
  }
  return { taskId, reused: false }
}

export function statusResponse(row: TaskRow, lang: Lang): TaskStatusResponse {
  return {
    taskId: row.id,
    status: row.status as TaskStatus,
    // A failed Lighthouse task still carries its on-page and AIO results.
    results: row.results ?? null,
    message: row.status === 'failed' ? errorMessage(row.errorCode, lang) : null,
    errorCode: row.errorCode,
    progress: row.progress,
    task: {
      kind: row.kind as TaskKind,
      url: row.url,
      platform: row.platform as Platform | null,
      input: row.input ?? null,
      createdAt: row.createdAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    },
  }
}

/** A task's (or a monitoring run's) error code in the reader's words. */
export function errorMessage(code: string | null, lang: Lang): string {
  if (code && code in engineErrors) return engineErrors[code as keyof typeof engineErrors][lang]
  if (code && code in appErrors) return appErrors[code as keyof typeof appErrors][lang]
  return appErrors.INTERNAL[lang]
}

/** For the worker: an engine error's stable code, or INTERNAL for anything unexpected. */
export function errorCodeOf(error: unknown): string {
  return isEngineError(error) ? error.code : 'INTERNAL'
}
