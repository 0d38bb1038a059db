// `npm run worker`: job workers alone, for scale-out. Several of these on several machines share one
// PostgreSQL queue; the web process then runs with FAROL_WORKERS=0 (or keeps its own workers too).
import { startIndexNowWorker } from './api/indexnow/service.ts'
import { startWebhookWorker } from './api/webhooks/service.ts'
import { createAuth } from './auth/auth.ts'
import { startPasswordResetWorker } from './auth/password-reset.ts'
import { startBotLogsWorker } from './bot-logs/scheduled.ts'
import { ConfigError, loadConfig } from './config/config.ts'
import { openDatabase } from './db/database.ts'
import { ensureInstance } from './db/instance.ts'
import { createOutbox, startEmailWorker } from './email/outbox.ts'
import { mailSettings } from './email/settings.ts'
import { startQueue } from './jobs/queue.ts'
import { createLogger } from './log.ts'
import { mailPeriodReport, startScheduledReports } from './reports/scheduled.ts'
import { ensureReportQueue, startReportWorker } from './reports/service.ts'
import { startRetention } from './retention/retention.ts'
import { startMonitorWorker } from './sites/monitor.ts'
import { ensureTaskQueues, startTaskWorkers } from './tasks/worker.ts'

let config: ReturnType<typeof loadConfig>
try {
  config = loadConfig()
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message)
    process.exit(78)
  }
  throw error
}
const log = createLogger(config.logLevel).child({ role: 'worker' })

if (!config.databaseUrl) {
  // The embedded database belongs to one process; a separate worker needs a shared PostgreSQL.
  log.fatal(
    'npm run worker needs DATABASE_URL (PostgreSQL); with the embedded database, workers run inside npm start',
  )
  process.exit(78)
}

const database = await openDatabase(config)
const boss = await startQueue(database, log)
await ensureTaskQueues(boss, config)
// The outbox creates the email queue, which must exist before its worker starts.
const outbox = await createOutbox(database.db, boss)
await startEmailWorker(database.db, boss, mailSettings(config), log)
await startTaskWorkers({ db: database.db, boss, config, log })
await ensureReportQueue(boss)
// A separate worker renders reports from the web app at FAROL_INTERNAL_URL (default: the public URL).
const webUrl = config.internalUrl ?? config.publicUrl
await startReportWorker({
  db: database.db,
  boss,
  config,
  log,
  outbox,
  webUrl: () => webUrl,
  afterBuild: (reportId) => mailPeriodReport({ db: database.db, config, log, outbox }, reportId),
})
// Scheduled summaries on every worker too: the claim row per period keeps each mail once.
await startScheduledReports({ db: database.db, boss, config, log, outbox })
// Monitoring runs refresh users' Search Console tokens through Better Auth (same database and secret,
// which lives on the instance row: this worker may be the first process on a fresh database).
await ensureInstance(database.db)
const auth = await createAuth({ config, db: database.db, outbox, log, boss })
await startMonitorWorker({ db: database.db, boss, config, log, outbox, auth })
await startBotLogsWorker({ db: database.db, boss, config, log })
await startWebhookWorker({ db: database.db, boss, config, log })
await startIndexNowWorker({ db: database.db, boss, config, log })
await startPasswordResetWorker(boss, (body) => auth.api.requestPasswordReset({ body }), log)
await startRetention(database.db, boss, config.dataDir, log)
log.info('worker started')

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    log.info({ signal }, 'stopping: finishing the jobs in hand')
    await boss.stop({ graceful: true, timeout: config.shutdownTimeoutMs })
    await database.close()
    process.exit(0)
  })
}
