// The database-backed halves of Nominatim's usage policy: one request clock for the whole install (every
// worker process and every concurrent search reserve their slot in one row, atomically) and a shared
// answer cache.
import type { RateLimiter, ResponseCache } from '@farol/engine/local/index.ts'
import { sleep } from '@farol/engine/local/index.ts'
import { and, eq, gt, lte, sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { directoryCache, directoryRateSlots } from '../../platform/db/schema.ts'

/**
 * The clock is one row: a caller takes it only when next_at has passed, setting next_at a lease ahead
 * (so nobody else starts while its request is out), and on release sets next_at one interval after the
 * moment its request ended. PostgreSQL serialises updates of one row (PGlite has one connection), so
 * searches in any number of processes never start a request within an interval of the previous one's
 * end; a crashed holder frees the clock when its lease runs out.
 */
export function dbRateLimiter(db: Db, provider: string, intervalMs: number, leaseMs = 15_000): RateLimiter {
  const interval = sql.raw(`interval '${Math.round(intervalMs)} milliseconds'`)
  const lease = sql.raw(`interval '${Math.round(leaseMs)} milliseconds'`)
  const claim = () =>
    db
      .update(directoryRateSlots)
      .set({ nextAt: sql`clock_timestamp() + ${lease}` })
      .where(
        and(
          eq(directoryRateSlots.provider, provider),
          lte(directoryRateSlots.nextAt, sql`clock_timestamp()`),
        ),
      )
      .returning({ provider: directoryRateSlots.provider })
  const release = async () => {
    await db
      .update(directoryRateSlots)
      .set({ nextAt: sql`clock_timestamp() + ${interval}` })
      .where(eq(directoryRateSlots.provider, provider))
  }
  const waitMs = async (): Promise<number | null> => {
    const [row] = await db
      .select({
        ms: sql<number>`(extract(epoch from (${directoryRateSlots.nextAt} - clock_timestamp())) * 1000)::float8`,
      })
      .from(directoryRateSlots)
      .where(eq(directoryRateSlots.provider, provider))
    return row ? Number(row.ms) : null
  }
  return {
    async acquire(signal) {
      for (;;) {
        signal?.throwIfAborted()
        if ((await claim()).length) return release
        const wait = await waitMs()
        if (wait === null) {
          // A provider row the migration did not seed: create it free, then claim.
          await db
            .insert(directoryRateSlots)
            .values({ provider, nextAt: new Date(0) })
            .onConflictDoNothing()
          continue
        }
        // While a request holds the clock, look again soon: its release moves next_at closer.
        await sleep(Math.max(5, Math.min(Math.ceil(wait), 100)), signal)
      }
    },
  }
}

/** Answers kept `ttlMs` (a week by default: business listings change slowly; OSM asks for caching). */
export function dbResponseCache(db: Db, ttlMs = 7 * 24 * 3600_000): ResponseCache {
  return {
    async get(key) {
      const [row] = await db
        .select({ body: directoryCache.body })
        .from(directoryCache)
        .where(and(eq(directoryCache.key, key), gt(directoryCache.fetchedAt, new Date(Date.now() - ttlMs))))
        .limit(1)
      return row?.body
    },
    async set(key, value) {
      await db
        .insert(directoryCache)
        .values({ key, body: value })
        .onConflictDoUpdate({ target: directoryCache.key, set: { body: value, fetchedAt: new Date() } })
    },
  }
}
