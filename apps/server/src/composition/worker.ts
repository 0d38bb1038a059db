import { ConfigError, loadConfig } from '../platform/config.ts'
import { openDatabase } from '../platform/db/database.ts'
import { ensureInstance } from '../platform/db/instance.ts'
import { createOutbox } from '../platform/email/outbox.ts'
import { startQueue } from '../platform/jobs/queue.ts'
import { createLogger } from '../platform/log.ts'
import { createAuth } from '../tenancy/auth.ts'
import { ensureQueues, startWorkers } from './workers.ts'

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
await ensureQueues(boss, config)
// The outbox creates the email queue, which must exist before its worker starts.
const outbox = await createOutbox(database.db, boss)
// Monitoring runs refresh users' Search Console tokens through Better Auth (same database and secret,
// which lives on the instance row: this worker may be the first process on a fresh database).
await ensureInstance(database.db)
const auth = await createAuth({ config, db: database.db, outbox, log, boss })
// A separate worker renders reports from the web app at FAROL_INTERNAL_URL (default: the public URL).
const webUrl = config.internalUrl ?? config.publicUrl
await startWorkers({ db: database.db, boss, config, log, outbox, auth, webUrl: () => webUrl })
log.info('worker started')

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    log.info({ signal }, 'stopping: finishing the jobs in hand')
    await boss.stop({ graceful: true, timeout: config.shutdownTimeoutMs })
    await database.close()
    process.exit(0)
  })
}
