// Runs analysis tasks: a pg-boss job carries a task id; the worker runs the engine, records progress and
// stores the result. Transient failures (network, timeouts) are retried with backoff; permanent ones
// (invalid address, SSRF refusal, 4xx pages) fail the task at once with a clear message.
import {
  type AuditDeps,
  type AuditProgress,
  type AuditResult,
  audit,
  gatherArtifacts,
  isEngineError,
  type LighthouseDevice,
  runLighthouse,
  startEgressProxy,
} from '@farol/engine'
import { eq } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/database.ts'
import { type TaskProgress, taskLighthouse, tasks } from '../db/schema.ts'
import type { Logger } from '../log.ts'
import { lighthouseQueue, lightQueue } from './queues.ts'
import { errorCodeOf } from './service.ts'

const retryLimit = { [lighthouseQueue]: 2, [lightQueue]: 3 }

/** Queues must exist before anything is sent to them; creating them is idempotent. */
export async function ensureTaskQueues(boss: PgBoss, config: Config): Promise<void> {
  // A full Lighthouse task may run a fetch, on-page checks and one Lighthouse run with its timeout.
  const lighthouseSeconds = Math.ceil(config.tasks.lighthouseTimeoutMs / 1000) + 90
  await boss.createQueue(lighthouseQueue, {
    retryLimit: retryLimit[lighthouseQueue],
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: lighthouseSeconds,
    heartbeatSeconds: 30,
  })
  await boss.createQueue(lightQueue, {
    retryLimit: retryLimit[lightQueue],
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
    heartbeatSeconds: 15,
  })
}

export type AuditFn = (
  url: string,
  opts: Parameters<typeof audit>[1],
  deps: AuditDeps,
) => Promise<AuditResult>

export async function startTaskWorkers(deps: {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
  /** Tests replace the engine to make failures happen on purpose. */
  runAudit?: AuditFn
}): Promise<void> {
  const { boss } = deps
  // Never two Lighthouse runs at once in one process: scores get noisy (design.md).
  await boss.work<{ taskId: string }>(
    lighthouseQueue,
    { localConcurrency: 1, batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (job) await runTask(deps, job, retryLimit[lighthouseQueue])
    },
  )
  // Light work polls often: the dashboard's first results should appear within a second or two.
  await boss.work<{ taskId: string }>(
    lightQueue,
    { localConcurrency: 2, batchSize: 1, pollingIntervalSeconds: 0.5 },
    async ([job]) => {
      if (job) await runTask(deps, job, retryLimit[lightQueue])
    },
  )
}

function progressOf(event: AuditProgress, withLighthouse: boolean): TaskProgress | null {
  switch (event.type) {
    case 'fetching':
      return { stage: 'fetching', percent: 5 }
    case 'onpage-done':
      return { stage: 'analysing', percent: withLighthouse ? 30 : 90 }
    case 'lighthouse-start':
      return { stage: 'lighthouse', percent: 35 }
    case 'lighthouse-done':
      return { stage: 'saving', percent: 95 }
    default:
      return null
  }
}

async function runTask(
  deps: { db: Db; config: Config; log: Logger; runAudit?: AuditFn },
  job: Job<{ taskId: string }>,
  maxRetries: number,
): Promise<void> {
  const { db, config, log } = deps
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
      progress: { stage: 'fetching', percent: 5 },
    })
    .where(eq(tasks.id, task.id))

  const device = (task.platform as LighthouseDevice | null) ?? 'none'
  const lhr: Partial<Record<LighthouseDevice, unknown>> = {}
  const engineDeps: AuditDeps = {
    gather: gatherArtifacts,
    runLighthouse: async (url, opts) => {
      const run = await runLighthouse(url, opts)
      lhr[opts.device] = run.lhr
      return run
    },
    startProxy: (opts) => startEgressProxy(opts),
  }
  // Progress writes are chained so they land in order and never overtake the final write.
  let writes = Promise.resolve()
  const onProgress = (event: AuditProgress) => {
    const progress = progressOf(event, device !== 'none')
    if (!progress) return
    writes = writes.then(async () => {
      await db.update(tasks).set({ progress, updatedAt: now() }).where(eq(tasks.id, task.id))
    })
  }

  try {
    const result = await (deps.runAudit ?? audit)(
      task.url,
      {
        device,
        lang: task.lang === 'en' ? 'en' : 'pt',
        allowPrivate: config.allowPrivateTargets,
        lighthouseTimeoutMs: config.tasks.lighthouseTimeoutMs,
        onProgress,
        signal: job.signal,
      },
      engineDeps,
    )
    await writes
    const lighthouseError = device !== 'none' ? result.lighthouse.errors[device] : undefined
    if (lighthouseError) {
      const transient =
        lighthouseError.code === 'LIGHTHOUSE_TIMEOUT' || lighthouseError.code === 'LIGHTHOUSE_FAILED'
      if (transient && job.retryCount < maxRetries)
        throw Object.assign(new Error(lighthouseError.detail ?? lighthouseError.code), { retry: true })
      await finish(db, task.id, 'failed', { results: result, errorCode: lighthouseError.code })
      return
    }
    if (device !== 'none' && lhr[device]) {
      await db
        .insert(taskLighthouse)
        .values({ taskId: task.id, device, lhr: lhr[device] })
        .onConflictDoUpdate({ target: taskLighthouse.taskId, set: { lhr: lhr[device], device } })
    }
    await finish(db, task.id, 'success', { results: result, errorCode: null })
    log.info({ taskId: task.id, kind: task.kind, url: task.url }, 'task finished')
  } catch (error) {
    await writes.catch(() => {})
    const retry =
      (isEngineError(error) && error.transient) ||
      (error as { retry?: boolean }).retry === true ||
      !isEngineError(error)
    if (retry && job.retryCount < maxRetries) {
      log.warn({ taskId: task.id, err: error, attempt: job.retryCount + 1 }, 'task failed, will retry')
      await db
        .update(tasks)
        .set({
          status: 'pending',
          progress: { stage: 'queued', percent: 0 },
          errorCode: errorCodeOf(error),
          updatedAt: now(),
        })
        .where(eq(tasks.id, task.id))
      throw error
    }
    log.warn({ taskId: task.id, err: error }, 'task failed')
    await finish(db, task.id, 'failed', { results: null, errorCode: errorCodeOf(error) })
  }
}

async function finish(
  db: Db,
  taskId: string,
  status: 'success' | 'failed',
  values: { results: unknown; errorCode: string | null },
): Promise<void> {
  const progress: TaskProgress = { stage: 'done', percent: 100 }
  await db
    .update(tasks)
    .set({ status, ...values, progress, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(tasks.id, taskId))
}
