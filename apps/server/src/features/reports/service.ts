// Reports: a signed-in user asks for a report of a URL; Farol starts the three analyses (desktop, mobile,
// AIO) as tasks and a build job that waits for them, renders the printable page to PDF and stores it.
import { randomBytes } from 'node:crypto'
import { and, eq, inArray, lt } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { reports, tasks, users } from '../../platform/db/schema.ts'
import type { Outbox } from '../../platform/email/outbox.ts'
import { renderEmail } from '../../platform/email/templates.ts'
import type { Lang } from '../../platform/errors.ts'
import { backstopPollSeconds, createQueue } from '../../platform/jobs/queue.ts'
import type { Logger } from '../../platform/log.ts'
import { createReportStore, type ReportStore } from '../../platform/storage/storage.ts'
import type { TaskRequest } from '../../platform/tasks/contract.ts'
import { createTask, type Requester } from '../../platform/tasks/service.ts'
import { sharedSecret } from '../../tenancy/secret.ts'
import { renderReportPdf } from './pdf.ts'
import { createRenderToken, renderCookie } from './render-token.ts'

export const reportQueue = 'report.build'
const retryLimit = 2
/** A report never stays pending forever: past this age it is failed with REPORT_TIMEOUT. */
const reportDeadlineMs = 30 * 60 * 1000
const waitStepMs = 2000

type ReportRow = typeof reports.$inferSelect

export async function ensureReportQueue(boss: PgBoss): Promise<void> {
  await createQueue(boss, reportQueue, {
    retryLimit,
    retryDelay: 10,
    retryBackoff: true,
    expireInSeconds: reportDeadlineMs / 1000,
    heartbeatSeconds: 30,
  })
}

export async function createReport(
  deps: { db: Db; boss: PgBoss; config: Config },
  url: string,
  who: Requester & { userId: string },
  lang: Lang,
  /** The workspace the report is made in (its brand goes on the PDF). */
  workspaceId: string | null = null,
): Promise<ReportRow> {
  const request = (kind: TaskRequest['kind'], platform: TaskRequest['platform']): TaskRequest => ({
    kind,
    url,
    platform,
    lang,
  })
  // The report's analyses belong to its workspace, like the report.
  const inWorkspace = { ...who, workspaceId }
  const desktop = await createTask(deps, request('seo_analysis', 'desktop'), inWorkspace, lang)
  const mobile = await createTask(deps, request('seo_analysis', 'mobile'), inWorkspace, lang)
  const aio = await createTask(deps, request('ai_optimization', null), inWorkspace, lang)
  const [row] = await deps.db
    .insert(reports)
    .values({
      url,
      userId: who.userId,
      workspaceId,
      language: lang,
      desktopTaskId: desktop.taskId,
      mobileTaskId: mobile.taskId,
      aiOptimizationTaskId: aio.taskId,
    })
    .returning()
  await deps.boss.send(reportQueue, { reportId: row!.id })
  return row!
}

/**
 * Marks reports still pending after the deadline as failed (a crashed build), before a list is read: every
 * maker's, since a workspace's list shows its members' reports.
 */
export async function expireStaleReports(db: Db): Promise<void> {
  await db
    .update(reports)
    .set({ status: 'failed', errorCode: 'REPORT_TIMEOUT', finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(reports.status, 'pending'), lt(reports.createdAt, new Date(Date.now() - reportDeadlineMs))))
}

export interface ReportWorkerDeps {
  db: Db
  boss: PgBoss
  config: Config
  log: Logger
  outbox: Outbox
  /** Where the renderer reaches the web app (the server's own address when workers run in-process). */
  webUrl: () => string
  /** Called once a build ends, made or failed (a scheduled period's report is mailed then). */
  afterBuild?: (reportId: string) => Promise<unknown>
}

export async function startReportWorker(deps: ReportWorkerDeps): Promise<void> {
  const store = createReportStore(deps.config)
  deps.log.debug({ location: store.location }, 'report files stored here')
  await deps.boss.work<{ reportId: string }>(
    reportQueue,
    { localConcurrency: 1, batchSize: 1, notifyPollingIntervalSeconds: backstopPollSeconds },
    async ([job]) => {
      if (!job) return
      await buildReport(deps, store, job)
      await deps.afterBuild?.(job.data.reportId)
    },
  )
}

async function buildReport(
  deps: ReportWorkerDeps,
  store: ReportStore,
  job: Job<{ reportId: string }>,
): Promise<void> {
  const { db, log } = deps
  const [report] = await db.select().from(reports).where(eq(reports.id, job.data.reportId))
  if (report?.status !== 'pending') return
  const taskIds = [report.desktopTaskId, report.mobileTaskId, report.aiOptimizationTaskId].filter(
    (id): id is string => Boolean(id),
  )
  const fail = async (errorCode: string) => {
    await db
      .update(reports)
      .set({ status: 'failed', errorCode, finishedAt: new Date(), updatedAt: new Date() })
      .where(eq(reports.id, report.id))
    log.warn({ reportId: report.id, errorCode }, 'report failed')
  }

  // Wait for the analyses; each task has its own retries and timeouts, so this only watches.
  for (;;) {
    const rows = await db.select({ status: tasks.status }).from(tasks).where(inArray(tasks.id, taskIds))
    const finished = rows.filter((r) => r.status === 'success' || r.status === 'failed')
    if (rows.length === 3 && finished.length === 3) {
      if (rows.every((r) => r.status === 'failed')) return fail('REPORT_ANALYSIS_FAILED')
      break
    }
    if (Date.now() - report.createdAt.getTime() > reportDeadlineMs) return fail('REPORT_TIMEOUT')
    if (job.signal.aborted) throw new Error('report build cancelled')
    await new Promise((r) => setTimeout(r, waitStepMs))
  }

  // Which step failed decides the reason the user reads: the PDF itself, or keeping the file.
  let step: 'REPORT_RENDER_FAILED' | 'REPORT_STORAGE_FAILED' = 'REPORT_RENDER_FAILED'
  try {
    const secret = await sharedSecret(db, deps.config)
    const token = createRenderToken({ reportId: report.id, taskIds }, secret)
    const query = new URLSearchParams({
      desktopTaskId: report.desktopTaskId!,
      mobileTaskId: report.mobileTaskId!,
      aiOptimizationTaskId: report.aiOptimizationTaskId!,
      lang: report.language,
    })
    const started = performance.now()
    const pdf = await renderReportPdf({
      pageUrl: `${deps.webUrl()}/suite/pdf-report?${query}`,
      cookie: { name: renderCookie, value: token },
    })
    const renderMs = Math.round(performance.now() - started)
    const fileName = `${randomBytes(24).toString('base64url')}.pdf`
    step = 'REPORT_STORAGE_FAILED'
    await store.put(fileName, pdf)
    await db
      .update(reports)
      .set({
        status: 'success',
        fileName,
        fileBytes: pdf.length,
        errorCode: null,
        finishedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(reports.id, report.id))
    log.info({ reportId: report.id, bytes: pdf.length, renderMs }, 'report ready')
  } catch (error) {
    if (job.retryCount < retryLimit) {
      log.warn({ reportId: report.id, step, err: error }, 'report build failed, will retry')
      throw error
    }
    log.error({ reportId: report.id, step, err: error }, 'report build failed')
    return fail(step)
  }
  // Outside the try: the report is ready, a mail hiccup must not turn it into a failure.
  await notify(deps, report)
}

async function notify(deps: ReportWorkerDeps, report: ReportRow): Promise<void> {
  // A scheduled period's report goes to the schedule's recipients instead (reports/scheduled.ts).
  if (report.period) return
  const [user] = await deps.db.select().from(users).where(eq(users.id, report.userId))
  if (!user?.emailNotifications) return
  const lang: Lang = report.language === 'en' ? 'en' : 'pt'
  const url = `${deps.config.publicUrl}/suite/reports`
  await deps.outbox.queue(
    user.email,
    'report-ready',
    renderEmail({ kind: 'report-ready', name: user.name, url, site: report.url }, lang),
  )
}
