// The embedded store's write-ahead log is bounded (issue 42 item 4, decision 043): PGlite's single-user
// backend never checkpoints by itself, so the frontier runs CHECKPOINT every so many pages during a crawl,
// and the end of a crawl vacuums and checkpoints; the CLI's end-of-crawl ANALYZE samples fewer rows.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type SQL, sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { crawlIntoStore, storeCrawlFor } from '../../cli/crawl-store.ts'
import { crawl } from '../crawler.ts'
import { defectSite } from '../testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '../testing/site-server.ts'
import type { Db } from './db.ts'
import { compactEmbeddedStore } from './embedded.ts'
import { ensureCrawl, PgFrontier } from './frontier.ts'
import { type CrawlStore, openCrawlStore } from './open.ts'
import { rowsOf } from './store.ts'

describe('the embedded store', () => {
  let store: CrawlStore
  let site: SiteServer
  beforeAll(async () => {
    store = await openCrawlStore(path.join(mkdtempSync(path.join(tmpdir(), 'farol-embedded-')), 'db'))
    let origin = ''
    site = await startSiteServer((p) => defectSite(origin)(p))
    origin = site.origin
  }, 180_000)
  afterAll(async () => {
    await store?.close()
    await site?.close()
  })
  const redo = async () =>
    String((await rowsOf(store.db, sql`SELECT redo_lsn FROM pg_control_checkpoint()`))[0]!.redo_lsn)

  it('keeps at most 64 MB of recycled log, and checkpoints at the end of a crawl', async () => {
    const [wal] = await rowsOf(store.db, sql`SHOW max_wal_size`)
    expect(Object.values(wal!)[0]).toBe('64MB')
    const before = await redo()
    await store.db.execute(
      sql`INSERT INTO site_crawls (id, start_url, max_pages) VALUES (gen_random_uuid(), 'https://a.pt/', 1)`,
    )
    await compactEmbeddedStore(store.db)
    expect(await redo()).not.toBe(before)
  })

  it('checkpoints during a crawl, every checkpointEvery pages written', async () => {
    const dialect = new PgDialect()
    const checkpoints: string[] = []
    const recording: Db = {
      execute: (query: SQL) => {
        if (dialect.sqlToQuery(query).sql.trim() === 'CHECKPOINT') checkpoints.push('CHECKPOINT')
        return store.db.execute(query)
      },
      transaction: (run) => store.db.transaction(run),
    }
    const id = crypto.randomUUID()
    await ensureCrawl(store.db, { id, userId: null, startUrl: site.url, maxPages: 100 })
    const frontier = new PgFrontier(recording, id, { batchSize: 5, checkpointEvery: 20 })
    const run = await crawl(site.url, {
      frontier,
      keepPages: false,
      maxPages: 100,
      allowPrivate: true,
      concurrency: 4,
    })
    await frontier.flush()
    expect(run.stats.pages).toBe(54)
    // 54 pages in batches: one CHECKPOINT each time 20 or more have been written since the last.
    expect(checkpoints.length).toBeGreaterThanOrEqual(2)
    expect(checkpoints.length).toBeLessThanOrEqual(3)
  })

  it('farol crawl --store analyses at statistics target 10, and checkpoints at the end', async () => {
    const target = await storeCrawlFor(store.db, site.url, { allowPrivate: true, maxPages: 100 })
    const before = await redo()
    const { run } = await crawlIntoStore(
      store,
      target,
      site.url,
      { allowPrivate: true, maxPages: 100, concurrency: 4, onProgress: () => {} },
      {},
    )
    expect(run.stats.pages).toBe(54)
    const [setting] = await rowsOf(store.db, sql`SHOW default_statistics_target`)
    expect(Object.values(setting!)[0]).toBe('10')
    expect(await redo()).not.toBe(before)
  })
})
