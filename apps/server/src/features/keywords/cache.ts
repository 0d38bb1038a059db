// The keyword cache in the database: every worker process shares the 24 h of autocomplete answers, so a
// seed researched twice in a day (by anyone) costs the public endpoint nothing the second time.
import type { KeywordCache } from '@farol/engine/keywords/index.ts'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { keywordCache } from '../../platform/db/schema.ts'

export function dbKeywordCache(db: Db): KeywordCache {
  return {
    async get(key) {
      const [row] = await db
        .select({ value: keywordCache.value })
        .from(keywordCache)
        .where(and(eq(keywordCache.key, key), gt(keywordCache.expiresAt, new Date())))
        .limit(1)
      return row?.value
    },
    async set(key, value, ttlMs) {
      const expiresAt = new Date(Date.now() + ttlMs)
      await db
        .insert(keywordCache)
        .values({ key, value, expiresAt })
        .onConflictDoUpdate({ target: keywordCache.key, set: { value, expiresAt } })
    },
  }
}

/** Drops expired answers (called after a run; the table only grows by distinct queries). */
export async function pruneKeywordCache(db: Db): Promise<void> {
  await db.delete(keywordCache).where(lt(keywordCache.expiresAt, new Date()))
}
