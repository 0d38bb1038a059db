// The crawl tables `farol crawl --store` creates (engine crawl/store/schema.ts) are the server's, as its
// migrations leave them: same columns (type, nullability, default), indexes and constraints. A migration
// that changes a crawl table fails this until the engine's schema follows (decision 029).

import type { Db } from '@farol/engine/crawl/store/db.ts'
import { openCrawlStore } from '@farol/engine/crawl/store/open.ts'
import { CRAWL_TABLES } from '@farol/engine/crawl/store/schema.ts'
import { rowsOf } from '@farol/engine/crawl/store/store.ts'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { tempDataDir } from '../../../test/helpers.ts'
import { openDatabase } from '../../platform/db/database.ts'

async function shape(db: Db) {
  const tables = sql.param([...CRAWL_TABLES])
  const columns = await rowsOf(
    db,
    sql`SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = 'public' AND table_name = ANY(${tables}::text[]) ORDER BY table_name, column_name`,
  )
  const indexes = await rowsOf(
    db,
    sql`SELECT tablename, indexname, indexdef FROM pg_indexes
      WHERE schemaname = 'public' AND tablename = ANY(${tables}::text[]) ORDER BY indexname`,
  )
  const constraints = await rowsOf(
    db,
    sql`SELECT c.conrelid::regclass::text AS table_name, c.conname, pg_get_constraintdef(c.oid) AS def
      FROM pg_constraint c WHERE c.conrelid::regclass::text = ANY(${tables}::text[]) ORDER BY c.conname`,
  )
  return { columns, indexes, constraints }
}

describe('the --store crawl tables', () => {
  it('are the server migrations’ crawl tables, column by column and index by index', async () => {
    const server = await openDatabase({ dataDir: tempDataDir() })
    const store = await openCrawlStore(`${tempDataDir()}/store`)
    try {
      const expected = await shape(server.db)
      const actual = await shape(store.db)
      expect(expected.columns.length).toBeGreaterThan(50)
      expect(actual).toEqual(expected)
    } finally {
      await store.close()
      await server.close()
    }
  }, 60_000)
})
