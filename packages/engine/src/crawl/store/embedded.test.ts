// The embedded store's write-ahead log is bounded (issue 42 item 4): PGlite has no checkpointer, so the
// store starts with a small max_wal_size, and the end of a crawl checkpoints it.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { compactEmbeddedStore } from './embedded.ts'
import { openCrawlStore } from './open.ts'
import { rowsOf } from './store.ts'

describe('the embedded store', () => {
  it('checkpoints every 64 MB of log, and at the end of a crawl', async () => {
    const store = await openCrawlStore(path.join(mkdtempSync(path.join(tmpdir(), 'farol-embedded-')), 'db'))
    try {
      const [wal] = await rowsOf(store.db, sql`SHOW max_wal_size`)
      expect(Object.values(wal!)[0]).toBe('64MB')
      const redo = async () =>
        String((await rowsOf(store.db, sql`SELECT redo_lsn FROM pg_control_checkpoint()`))[0]!.redo_lsn)
      const before = await redo()
      await store.db.execute(
        sql`INSERT INTO site_crawls (id, start_url, max_pages) VALUES (gen_random_uuid(), 'https://a.pt/', 1)`,
      )
      await compactEmbeddedStore(store.db)
      expect(await redo()).not.toBe(before)
    } finally {
      await store.close()
    }
  })
})
