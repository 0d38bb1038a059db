// The end of a site crawl (decision 043): on the embedded database the frontier and page tables are
// vacuumed and the write-ahead log checkpointed, and the frontier checkpoints during the crawl; on
// PostgreSQL nothing is sent (its own processes do it).
// A crawl on a vacuumed frontier still takes no more pages than its budget.
import { randomUUID } from 'node:crypto'
import { crawl } from '@farol/engine/crawl/index.ts'
import { EMBEDDED_CHECKPOINT_PAGES } from '@farol/engine/crawl/store/embedded.ts'
import { defectSite } from '@farol/engine/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import type { SQL } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnEachDatabase } from '../../../test/each-database.ts'
import type { Db } from '../../platform/db/database.ts'
import { compactAfterCrawl, frontierOptions } from './compact.ts'
import { ensureCrawl, PgFrontier } from './frontier.ts'
import { rowsOf } from './store.ts'

let site: SiteServer
beforeAll(async () => {
  let origin = ''
  site = await startSiteServer((p) => defectSite(origin)(p))
  origin = site.origin
})
afterAll(async () => {
  await site?.close()
})

describeOnEachDatabase('the end of a crawl on %s', (database) => {
  it('compacts the embedded database and checkpoints it during crawls, and sends PostgreSQL nothing', async () => {
    const { db, url } = database()
    const sent: SQL[] = []
    const recording = {
      execute: (query: SQL) => {
        sent.push(query)
        return db.execute(query)
      },
      transaction: db.transaction.bind(db),
    } as unknown as Db
    await db.execute(
      sql`INSERT INTO site_crawls (id, start_url, max_pages) VALUES (gen_random_uuid(), 'https://a.pt/', 1)`,
    )
    if (url !== null) {
      expect(await compactAfterCrawl(recording, { databaseUrl: url })).toBe(false)
      expect(sent).toEqual([])
      expect(frontierOptions({ databaseUrl: url })).toEqual({})
      return
    }
    expect(frontierOptions({ databaseUrl: undefined })).toEqual({
      checkpointEvery: EMBEDDED_CHECKPOINT_PAGES,
    })
    const redo = async () =>
      String((await rowsOf(db, sql`SELECT redo_lsn FROM pg_control_checkpoint()`))[0]!.redo_lsn)
    const before = await redo()
    expect(await compactAfterCrawl(recording, { databaseUrl: undefined })).toBe(true)
    expect(sent).toHaveLength(3)
    expect(await redo()).not.toBe(before)
  })

  it('a crawl after the frontier was vacuumed takes no more pages than its budget', async () => {
    const { db } = database()
    const run = async (maxPages: number) => {
      const id = randomUUID()
      await ensureCrawl(db, { id, userId: null, startUrl: site.url, maxPages })
      const frontier = new PgFrontier(db, id)
      const result = await crawl(site.url, {
        frontier,
        keepPages: false,
        maxPages,
        allowPrivate: true,
        concurrency: 4,
      })
      await frontier.flush()
      return result.stats.pages
    }
    expect(await run(100)).toBe(54)
    // What compaction does on PGlite and autovacuum on PostgreSQL: the table's statistics say it is small,
    // and the lease's plan changes with them.
    await db.execute(sql`VACUUM site_crawl_urls`)
    expect(await run(5)).toBe(5)
  })
})
