// Every background worker of a Farol process, started in one order by `npm start` (when it runs the
// workers itself) and by each `npm run worker`: a worker added here runs in both.

import type { PgBoss } from 'pg-boss'
import { afterOverviewsTask, checkTrackedSite } from '../features/ai-overviews/tracking.ts'
import { type AuditFn, ensureAnalysisQueues, startAnalysisWorkers } from '../features/analysis/worker.ts'
import { ensureRangesQueue, startRangesRefresh } from '../features/bot-logs/ranges.ts'
import { ensureBotLogsQueues, startBotLogsWorker } from '../features/bot-logs/scheduled.ts'
import { mailPeriodReport, startScheduledReports } from '../features/reports/scheduled.ts'
import { ensureReportQueue, startReportWorker } from '../features/reports/service.ts'
import { startRetention } from '../features/retention/retention.ts'
import { ensureIndexNowQueue, startIndexNowWorker } from '../features/sites/indexnow/service.ts'
import { ensureMonitorQueue, type MonitorDeps, startMonitorWorker } from '../features/sites/monitor.ts'
import { afterCapabilityTask } from '../features/sites/task-events.ts'
import { ensureWebhookQueue, startWebhookWorker } from '../features/sites/webhooks/service.ts'
import type { Config } from '../platform/config.ts'
import { startEmailWorker } from '../platform/email/outbox.ts'
import { mailSettings } from '../platform/email/settings.ts'
import { ensureCapabilityQueue, startCapabilityWorker } from '../platform/tasks/capability-worker.ts'
import { startPasswordResetWorker } from '../tenancy/password-reset.ts'
import { useCapabilities } from './capabilities.ts'

/** What the monitor worker needs (the widest of the workers), and: */
export interface WorkerDeps extends MonitorDeps {
  /** Where the report worker renders reports from (the web app). */
  webUrl: () => string
  /** Tests replace the audit (no Lighthouse). */
  runAudit?: AuditFn
}

/** Queues must exist before anything is sent to them; creating them is idempotent. */
export async function ensureQueues(boss: PgBoss, config: Config): Promise<void> {
  await ensureAnalysisQueues(boss, config)
  await ensureCapabilityQueue(boss)
  await ensureMonitorQueue(boss)
  await ensureBotLogsQueues(boss)
  await ensureRangesQueue(boss)
  await ensureWebhookQueue(boss)
  await ensureIndexNowQueue(boss)
}

export async function startWorkers(deps: WorkerDeps): Promise<void> {
  useCapabilities()
  const { db, boss, config, log, outbox, auth } = deps
  await startEmailWorker(db, boss, mailSettings(config), log)
  await startAnalysisWorkers({ db, boss, config, log, runAudit: deps.runAudit })
  await startCapabilityWorker({
    db,
    boss,
    config,
    log,
    afterSuccess: async (task, results) => {
      await afterCapabilityTask({ db, boss, config, log }, task, results)
      // A tracked site's check of Google's AI answers against its previous one (issue 43).
      await afterOverviewsTask({ db, boss, config, log, outbox }, task, results)
    },
  })
  await ensureReportQueue(boss)
  await startReportWorker({
    db,
    boss,
    config,
    log,
    outbox,
    webUrl: deps.webUrl,
    afterBuild: (reportId) => mailPeriodReport({ db, config, log, outbox }, reportId),
  })
  // Scheduled summaries on every process: the claim row per period keeps each mail once.
  await startScheduledReports({ db, boss, config, log, outbox })
  await startMonitorWorker({
    db,
    boss,
    config,
    log,
    outbox,
    auth,
    // Google's AI answers for the site's keywords at each scheduled run, when the workspace asked (issue 43).
    afterRun: (site, lang) => checkTrackedSite({ db, boss, config, log }, site, lang).then(() => {}),
  })
  await startBotLogsWorker({ db, boss, config, log })
  // The operators' IP lists refreshed on a schedule (issue 42): verification stays useful as lists age.
  await startRangesRefresh({ db, boss, config, log })
  await startWebhookWorker({ db, boss, config, log })
  await startIndexNowWorker({ db, boss, config, log })
  await startPasswordResetWorker(boss, (body) => auth.api.requestPasswordReset({ body }), log)
  await startRetention(db, boss, config.dataDir, log)
}
