// Runs capability tasks (capabilities.ts) from their queue: loads the task, hands it to its capability
// with a context for progress and partial results, and stores the outcome. Retries only what is marked
// transient, so a definitive failure reaches the page at once with its translated code.

import { isEngineError } from '@farol/engine'
import { eq } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import type { Config } from '../config.ts'
import type { Db } from '../db/database.ts'
import { tasks } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { backstopPollSeconds, createQueue } from '../jobs/queue.ts'
import type { Logger } from '../log.ts'
import { type CapabilityContext, loadCapability } from './capability.ts'
import { capabilityQueue } from './queues.ts'
import { taskWritten } from './task-reads.ts'

/** Capability tasks wait on providers and sites far more than they compute. */
const concurrency = 4

export async function ensureCapabilityQueue(boss: PgBoss): Promise<void> {
  // Each job carries its capability's own expiry and retry limit (service.ts); these are the defaults.
  await createQueue(boss, capabilityQueue, {
    retryLimit: 1,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 300,
    heartbeatSeconds: 30,
  })
}

/** What a capability task needs, and what happens after one succeeds (a feature's events, set by the composition root). */
export interface CapabilityWorkerDeps {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
  afterSuccess?: (task: FinishedTask, results: unknown) => Promise<void>
}

interface FinishedTask {
  id: string
  kind: string
  userId: string | null
  workspaceId: string | null
  url: string
}

export async function startCapabilityWorker(deps: CapabilityWorkerDeps): Promise<void> {
  await deps.boss.work<{ taskId: string }>(
    capabilityQueue,
    {
      localConcurrency: concurrency,
      batchSize: 1,
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: backstopPollSeconds,
    },
    async ([job]) => {
      if (job) await runCapabilityTask(deps, job)
    },
  )
}

async function runCapabilityTask(deps: CapabilityWorkerDeps, job: Job<{ taskId: string }>): Promise<void> {
  const { db, log } = deps
  const [task] = await db.select().from(tasks).where(eq(tasks.id, job.data.taskId))
  if (!task || task.status === 'success' || task.status === 'failed') return
  const now = () => new Date()
  await db
    .update(tasks)
    .set({
      status: 'running',
      startedAt: now(),
      updatedAt: now(),
      attempts: task.attempts + 1,
      progress: { stage: 'running', percent: 1 },
    })
    .where(eq(tasks.id, task.id))
  taskWritten(task.id)

  // Writes are chained so progress lands in order and never overtakes the final write.
  let writes = Promise.resolve()
  let finished = false
  const ctx: CapabilityContext = {
    db,
    boss: deps.boss,
    config: deps.config,
    log: log.child({ taskId: task.id, kind: task.kind }),
    taskId: task.id,
    userId: task.userId,
    workspaceId: task.workspaceId,
    lang: task.lang === 'en' ? 'en' : 'pt',
    url: task.url,
    signal: job.signal,
    progress(stage, percent, partialResults) {
      const next = writes.then(async () => {
        if (finished) return
        const values =
          partialResults === undefined
            ? { progress: { stage, percent }, updatedAt: now() }
            : { progress: { stage, percent }, results: partialResults, updatedAt: now() }
        await db.update(tasks).set(values).where(eq(tasks.id, task.id))
        taskWritten(task.id)
      })
      writes = next.catch((error) => log.warn({ err: error, taskId: task.id }, 'progress write failed'))
      return next
    },
  }

  let maxRetries = 0
  try {
    const capability = await loadCapability(task.kind)
    maxRetries = capability.retryLimit ?? 1
    const results = await capability.run(ctx, task.input as never)
    await writes
    finished = true
    await finish(db, task.id, 'success', { results: results ?? null, errorCode: null })
    log.info({ taskId: task.id, kind: task.kind }, 'task finished')
    await deps.afterSuccess?.(task, results)
  } catch (error) {
    await writes
    finished = true
    const transient =
      (isEngineError(error) && error.transient) || (error as { retry?: boolean }).retry === true
    if (transient && job.retryCount < maxRetries) {
      log.warn({ taskId: task.id, err: error, attempt: job.retryCount + 1 }, 'task failed, will retry')
      await db
        .update(tasks)
        .set({ status: 'pending', progress: { stage: 'queued', percent: 0 }, updatedAt: now() })
        .where(eq(tasks.id, task.id))
      taskWritten(task.id)
      throw error
    }
    const code = error instanceof AppError || isEngineError(error) ? error.code : 'INTERNAL'
    if (code === 'INTERNAL') log.error({ taskId: task.id, err: error }, 'task failed')
    else log.warn({ taskId: task.id, code }, 'task failed')
    // Partial results already shown stay visible beside the error.
    const [row] = await db.select({ results: tasks.results }).from(tasks).where(eq(tasks.id, task.id))
    await finish(db, task.id, 'failed', { results: row?.results ?? null, errorCode: code })
  }
}

async function finish(
  db: Db,
  taskId: string,
  status: 'success' | 'failed',
  values: { results: unknown; errorCode: string | null },
): Promise<void> {
  await db
    .update(tasks)
    .set({
      status,
      ...values,
      progress: { stage: 'done', percent: 100 },
      finishedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(tasks.id, taskId))
  taskWritten(taskId)
}
