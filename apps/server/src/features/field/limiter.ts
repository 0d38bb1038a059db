// The install's Chrome UX Report budget: 150 queries a minute per Google Cloud project, shared by every
// worker process, so the count lives in the database. A slot is taken atomically (an upsert that only
// counts while under the limit); when the minute is spent, the caller waits for the next one.
import { lt, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { cruxQuota } from '../../platform/db/schema.ts'

/** Google's default quota for the CrUX API. */
const CRUX_QUERIES_PER_MINUTE = 150

export interface CruxLimiterOptions {
  perMinute?: number
  /** Clock and pause, replaced by tests. */
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  signal?: AbortSignal
}

export function cruxLimiter(db: Db, options: CruxLimiterOptions = {}): { acquire(): Promise<void> } {
  const perMinute = options.perMinute ?? CRUX_QUERIES_PER_MINUTE
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  return {
    async acquire() {
      for (;;) {
        options.signal?.throwIfAborted()
        const minute = Math.floor(now() / 60_000)
        const rows = await db
          .insert(cruxQuota)
          .values({ minute, used: 1 })
          .onConflictDoUpdate({
            target: cruxQuota.minute,
            set: { used: sql`${cruxQuota.used} + 1` },
            setWhere: sql`${cruxQuota.used} < ${perMinute}`,
          })
          .returning({ used: cruxQuota.used })
        if (rows.length > 0) {
          // The first query of a minute clears minutes long gone (the table stays a few rows).
          if (rows[0]!.used === 1) await db.delete(cruxQuota).where(lt(cruxQuota.minute, minute - 60))
          return
        }
        await sleep((minute + 1) * 60_000 - now() + 50)
      }
    },
  }
}
