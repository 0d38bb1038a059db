// pg-boss on Farol's own database: durable, retried jobs that survive restarts. On PostgreSQL several
// worker processes share the queue; on embedded PGlite everything runs in this one process.
import { fromPglite, PgBoss } from 'pg-boss'
import type { Database } from '../db/database.ts'
import type { Logger } from '../log.ts'

export async function startQueue(database: Database, log: Logger): Promise<PgBoss> {
  // A crashed worker's job (heartbeat lapsed) is noticed by the supervisor; check every 10 s instead of
  // the default minute so it is picked up again quickly.
  const timing = { superviseIntervalSeconds: 10 }
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...timing })
    : // pg-boss keeps its own small pool on the same server: one source of truth for tasks and jobs.
      new PgBoss({ connectionString: database.url ?? undefined, max: 4, ...timing })
  boss.on('error', (error: unknown) => log.error({ err: error }, 'queue error'))
  await boss.start()
  return boss
}

export interface QueueHealth {
  ok: boolean
  queues: number
  error?: string
}

export async function queueHealth(boss: PgBoss): Promise<QueueHealth> {
  try {
    const queues = await boss.getQueues()
    return { ok: true, queues: queues.length }
  } catch (error) {
    return { ok: false, queues: 0, error: error instanceof Error ? error.message : String(error) }
  }
}
