// Runs analysis tasks: a pg-boss job carries a task id; the worker runs the engine, records progress and
// stores the result. Transient failures (network, timeouts) are retried with backoff; permanent ones
// (invalid address, SSRF refusal, 4xx pages) fail the task at once with a clear message.

import {
  type AuditDeps,
  type AuditResult,
  type audit,
  engineErrors,
  gatherArtifacts,
  isEngineError,
  type LighthouseDevice,
  runLighthouse,
  startEgressProxy,
} from '@farol/engine'
import { eq, sql } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import { chromiumHealth } from '../../platform/chromium.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { type TaskProgress, taskLighthouse, tasks } from '../../platform/db/schema.ts'
import { backstopPollSeconds, createQueue } from '../../platform/jobs/queue.ts'
import type { Logger } from '../../platform/log.ts'
import { lighthouseQueue, lightQueue } from '../../platform/tasks/queues.ts'
import { errorCodeOf } from '../../platform/tasks/service.ts'
import { taskWritten } from '../../platform/tasks/task-reads.ts'
import { fieldResultFor } from '../field/public.ts'
import { analysisAioFor, asAnalysisPart, shareAnalysisAio } from './analysis-aio.ts'
import { type AuditPool, createAuditPool, type PoolAuditOutcome } from './audit-pool.ts'
import type { ThreadAuditOptions, ThreadProgress } from './audit-protocol.ts'
import { encodeLighthouseResult } from './lighthouse-store.ts'

const retryLimit = { [lighthouseQueue]: 2, [lightQueue]: 3 }
// Never two Lighthouse runs at once in one process: scores get noisy (design.md).
const concurrency = { [lighthouseQueue]: 1, [lightQueue]: 2 }

/** Queues must exist before anything is sent to them; creating them is idempotent. */
export async function ensureAnalysisQueues(boss: PgBoss, config: Config): Promise<void> {
  // A full Lighthouse task may run a fetch, on-page checks and one Lighthouse run with its timeout.
  const lighthouseSeconds = Math.ceil(config.tasks.lighthouseTimeoutMs / 1000) + 90
  await createQueue(boss, lighthouseQueue, {
    retryLimit: retryLimit[lighthouseQueue],
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: lighthouseSeconds,
    heartbeatSeconds: 30,
  })
  await createQueue(boss, lightQueue, {
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

export async function startAnalysisWorkers(deps: {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
  /** Tests replace the engine to make failures happen on purpose; it then runs on the main thread. */
  runAudit?: AuditFn
}): Promise<void> {
  const { boss } = deps
  // One audit thread per job that can run at once, so no job ever waits for a thread.
  const pool = deps.runAudit
    ? null
    : createAuditPool({ size: concurrency[lighthouseQueue] + concurrency[lightQueue] })
  if (pool) boss.once('stopped', () => void pool.close())
  const run: RunEngine = pool ? (url, opts) => pool.run(url, opts) : inProcess(deps.runAudit!)
  const runDeps = { ...deps, run }
  await boss.work<{ taskId: string }>(
    lighthouseQueue,
    {
      localConcurrency: concurrency[lighthouseQueue],
      batchSize: 1,
      pollingIntervalSeconds: 1,
      notifyPollingIntervalSeconds: backstopPollSeconds,
    },
    async ([job]) => {
      if (job) await runTask(runDeps, job, retryLimit[lighthouseQueue])
    },
  )
  // The dashboard's first results should appear within a second or two: a job sent wakes a worker at once
  // (NOTIFY), and without NOTIFY light work polls often.
  await boss.work<{ taskId: string }>(
    lightQueue,
    {
      localConcurrency: concurrency[lightQueue],
      batchSize: 1,
      pollingIntervalSeconds: 0.5,
      notifyPollingIntervalSeconds: backstopPollSeconds,
    },
    async ([job]) => {
      if (job) await runTask(runDeps, job, retryLimit[lightQueue])
    },
  )
}

/** Runs the engine's audit: in an audit thread (audit-pool.ts), or in-process with a test's engine. */
type RunEngine = AuditPool['run']

function inProcess(runAudit: AuditFn): RunEngine {
  return async (url, { onProgress, signal, ...opts }) => {
    const lhr: PoolAuditOutcome['lhr'] = {}
    const engineDeps: AuditDeps = {
      gather: gatherArtifacts,
      runLighthouse: async (target, runOpts) => {
        const run = await runLighthouse(target, runOpts)
        lhr[runOpts.device] = encodeLighthouseResult(run.lhr)
        return run
      },
      startProxy: (proxyOpts) => startEgressProxy(proxyOpts),
    }
    const result = await runAudit(
      url,
      {
        ...opts,
        ...(onProgress ? { onProgress: (event) => onProgress(event) } : {}),
        ...(signal ? { signal } : {}),
      },
      engineDeps,
    )
    return { result, lhr }
  }
}

function progressOf(event: ThreadProgress, withLighthouse: boolean): TaskProgress | null {
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
  deps: { db: Db; config: Config; log: Logger; run: RunEngine },
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
  taskWritten(task.id)

  const device = (task.platform as LighthouseDevice | null) ?? 'none'
  // Progress writes are chained so they land in order and never overtake the final write. A progress
  // write that fails (the database closing under a shutdown) is only logged: the chain must never hold a
  // rejection nobody awaits yet, which Node reports as unhandled while the audit is still running.
  let writes = Promise.resolve()
  const onProgress = (event: ThreadProgress) => {
    const progress = progressOf(event, device !== 'none')
    if (!progress) return
    writes = writes
      .then(async () => {
        await db.update(tasks).set({ progress, updatedAt: now() }).where(eq(tasks.id, task.id))
        taskWritten(task.id)
      })
      .catch((error: unknown) => log.warn({ taskId: task.id, err: error }, 'progress write failed'))
  }

  try {
    // No working Chromium: the on-page and AIO analysis still runs, and the task says why Lighthouse
    // did not (instead of failing the task, or retrying a browser that will not start).
    const chromium = device !== 'none' ? await chromiumHealth() : null
    const lighthouseUnavailable = chromium && !chromium.ok ? chromium.message : null
    const options: ThreadAuditOptions = {
      device: lighthouseUnavailable ? 'none' : device,
      lang: task.lang === 'en' ? 'en' : 'pt',
      allowPrivate: config.allowPrivateTargets,
      httpFallback: httpFallbackOf(task.input),
      lighthouseTimeoutMs: config.tasks.lighthouseTimeoutMs,
    }
    const { result, lhr } = await deps.run(task.url, { ...options, onProgress, signal: job.signal })
    await writes
    // Real users' figures for the page and this device (CrUX), beside the lab run; never fails the task.
    if (device !== 'none')
      result.field = await fieldResultFor(
        deps,
        result.finalUrl || task.url,
        device,
        result.lighthouse[device],
        job.signal,
      )
    if (lighthouseUnavailable && device !== 'none') {
      result.lighthouse.errors[device] = {
        code: 'CHROME_NOT_FOUND',
        message: { ...engineErrors.CHROME_NOT_FOUND },
        detail: lighthouseUnavailable,
      }
    }
    // One analysis, one AIO: a Lighthouse part stores its analysis's AIO (analysis-aio.ts).
    const analysisAio = device !== 'none' ? await analysisAioFor(db, task) : null
    const stored = analysisAio ? asAnalysisPart(result, analysisAio) : result
    const lighthouseError = device !== 'none' ? result.lighthouse.errors[device] : undefined
    if (lighthouseError?.code === 'CHROME_NOT_FOUND') {
      await finish(db, task.id, 'success', { results: stored, errorCode: null })
      log.warn(
        { taskId: task.id, detail: lighthouseError.detail },
        'Lighthouse unavailable: on-page results only',
      )
      return
    }
    if (lighthouseError) {
      const transient =
        lighthouseError.code === 'LIGHTHOUSE_TIMEOUT' || lighthouseError.code === 'LIGHTHOUSE_FAILED'
      if (transient && job.retryCount < maxRetries)
        throw Object.assign(new Error(lighthouseError.detail ?? lighthouseError.code), { retry: true })
      await finish(db, task.id, 'failed', { results: result, errorCode: lighthouseError.code })
      return
    }
    const lhrJson = device !== 'none' ? lhr[device] : undefined
    if (device !== 'none' && lhrJson) {
      // Already encoded by the audit thread (lighthouse-store.ts): the main thread only passes the text on.
      await db
        .insert(taskLighthouse)
        .values({ taskId: task.id, device, lhr: sql`${lhrJson}::jsonb` })
        .onConflictDoUpdate({ target: taskLighthouse.taskId, set: { lhr: sql`excluded.lhr`, device } })
    }
    await finish(db, task.id, 'success', { results: stored, errorCode: null })
    // An AIO part that finishes after the analysis's Lighthouse parts gives them its AIO.
    if (task.kind === 'ai_optimization') await shareAnalysisAio(db, task, result.aio)
    log.info({ taskId: task.id, kind: task.kind, url: task.url }, 'task finished')
  } catch (error) {
    await writes
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
          // The row says what is really happening: a retry after a failure, not a fresh queue position.
          progress: { stage: 'retrying', percent: 0 },
          errorCode: errorCodeOf(error),
          updatedAt: now(),
        })
        .where(eq(tasks.id, task.id))
      taskWritten(task.id)
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
  // A failure is not "done": the row says the task failed (the page shows "Falhou", not "Concluído").
  const progress: TaskProgress =
    status === 'success' ? { stage: 'done', percent: 100 } : { stage: 'failed', percent: 100 }
  await db
    .update(tasks)
    .set({ status, ...values, progress, finishedAt: new Date(), updatedAt: new Date() })
    .where(eq(tasks.id, taskId))
  taskWritten(taskId)
}

/** An audit task typed without a scheme carries `{ httpFallback: true }` (contract.ts). */
function httpFallbackOf(input: unknown): boolean {
  return (
    typeof input === 'object' && input !== null && (input as { httpFallback?: unknown }).httpFallback === true
  )
}
