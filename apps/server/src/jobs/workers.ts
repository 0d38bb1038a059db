// Every background worker of a Farol process, started in one order by `npm start` (when it runs the
// workers itself) and by each `npm run worker`: a worker added here runs in both.
import { startIndexNowWorker } from '../api/indexnow/service.ts'
import { startWebhookWorker } from '../api/webhooks/service.ts'
import { startPasswordResetWorker } from '../auth/password-reset.ts'
import { startBotLogsWorker } from '../bot-logs/scheduled.ts'
import { startEmailWorker } from '../email/outbox.ts'
import { mailSettings } from '../email/settings.ts'
import { mailPeriodReport, startScheduledReports } from '../reports/scheduled.ts'
import { ensureReportQueue, startReportWorker } from '../reports/service.ts'
import { startRetention } from '../retention/retention.ts'
import { type MonitorDeps, startMonitorWorker } from '../sites/monitor.ts'
import { type AuditFn, startTaskWorkers } from '../tasks/worker.ts'

/** What the monitor worker needs (the widest of the workers), and: */
export interface WorkerDeps extends MonitorDeps {
  /** Where the report worker renders reports from (the web app). */
  webUrl: () => string
  /** Tests replace the audit (no Lighthouse). */
  runAudit?: AuditFn
}

export async function startWorkers(deps: WorkerDeps): Promise<void> {
  const { db, boss, config, log, outbox, auth } = deps
  await startEmailWorker(db, boss, mailSettings(config), log)
  await startTaskWorkers({ db, boss, config, log, runAudit: deps.runAudit })
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
  await startMonitorWorker({ db, boss, config, log, outbox, auth })
  await startBotLogsWorker({ db, boss, config, log })
  await startWebhookWorker({ db, boss, config, log })
  await startIndexNowWorker({ db, boss, config, log })
  await startPasswordResetWorker(boss, (body) => auth.api.requestPasswordReset({ body }), log)
  await startRetention(db, boss, config.dataDir, log)
}
