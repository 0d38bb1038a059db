// Quotas that hold under concurrency (issue 40): a count followed by an insert lets two requests both see
// room for one more. Counting and inserting in one transaction that first takes a lock scoped to the quota's
// owner makes every creation for that owner wait its turn, on PostgreSQL as on PGlite; the transaction rolls
// back on any error (Drizzle's transaction does), which PGlite's single connection needs.
import { sql } from 'drizzle-orm'
import type { Db } from './database.ts'

/**
 * Runs `work` in a transaction holding a transaction-scoped advisory lock on `scope` (e.g.
 * `tokens:<user id>`): `work` counts the owner's rows and inserts only when there is room. Two scopes
 * hashing alike merely wait for each other.
 */
export async function withQuotaLock<T>(db: Db, scope: string, work: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`farol-quota:${scope}`}))`)
    return work(tx as unknown as Db)
  })
}
