// pg-boss on Farol's own database: durable, retried jobs that survive restarts. On PostgreSQL several
// worker processes share the queue; on embedded PGlite everything runs in this one process.
import { fromPglite, PgBoss, type Queue } from 'pg-boss'
import type { Database } from '../db/database.ts'
import type { Logger } from '../log.ts'

export async function startQueue(database: Database, log: Logger): Promise<PgBoss> {
  // A crashed worker's job (heartbeat lapsed) is noticed by the supervisor; check every 10 s instead of
  // the default minute so it is picked up again quickly.
  const timing = { superviseIntervalSeconds: 10 }
  // A job sent to a queue made by createQueue below wakes its workers at once through LISTEN/NOTIFY (on
  // PGlite inside this process, on PostgreSQL in every worker process), so idle workers need not poll often.
  const notify = { useListenNotify: true }
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), backend: 'pglite', ...timing, ...notify })
    : // pg-boss keeps its own small pool on the same server: one source of truth for tasks and jobs.
      new PgBoss({ connectionString: database.url ?? undefined, max: 4, ...timing, ...notify })
  boss.on('error', (error: unknown) => log.error({ err: error }, 'queue error'))
  await boss.start()
  return boss
}

/**
 * How often an idle worker still looks for jobs: for those no notification announces (a retry whose delay
 * has passed) and after a short job, when more may be waiting. Polling every 0.5-1 s, an idle embedded
 * server spent 9 % of a core on its ~35 polls a second (decision 051).
 */
export const backstopPollSeconds = 2

/** Creates a queue if it is missing (idempotent), with NOTIFY on: a job sent to it wakes its workers. */
export async function createQueue(
  boss: PgBoss,
  name: string,
  options: Omit<Queue, 'name'> = {},
): Promise<void> {
  await boss.createQueue(name, { ...options, notify: true })
  // A queue made before NOTIFY was turned on keeps the options it was made with: turn it on there too.
  await boss.updateQueue(name, { notify: true })
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
