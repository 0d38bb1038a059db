// Rendered crawls in the page store (issue 30): each page's render facts are stored with it (migration
// 0024) and the rendered checks as queries find exactly what the engine's pure checks find in memory, on
// the hybrid site (every check planted) and its server-rendered twin (none). PGlite always; PostgreSQL
// when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto'
import { renderedChecks } from '@farol/engine/crawl/checks/rendered.ts'
import { crawl, siteIssues } from '@farol/engine/crawl/index.ts'
import { type SiteServer, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import { findChrome } from '@farol/engine/lighthouse/chrome.ts'
import { hybridSite } from '@farol/engine/render/testing/sites.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres, tempDataDir, testDatabaseUrl } from '../../test/helpers.ts'
import { type Database, openDatabase } from '../db/database.ts'
import { ensureCrawl, PgFrontier } from './frontier.ts'
import { finishCrawl, issueSummaries, listIssues, readPages } from './store.ts'

const renderedIds = new Set(renderedChecks.map((c) => c.id))
const options = {
  concurrency: 4,
  allowPrivate: true,
  sitemaps: false,
  render: 'on',
  renderConcurrency: 2,
} as const

describe.each([
  ['PGlite', null],
  ['PostgreSQL', testDatabaseUrl ?? 'skip'],
])('rendered crawl in the page store on %s', (_name, serverUrl) => {
  const skip = serverUrl === 'skip' || !findChrome()
  let database: Database
  let drop: (() => Promise<void>) | null = null
  const sites: SiteServer[] = []
  beforeAll(async () => {
    if (skip) return
    if (serverUrl) {
      const fresh = await freshPostgres(serverUrl)
      drop = fresh.drop
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
    } else database = await openDatabase({ dataDir: tempDataDir() })
  }, 60_000)
  afterAll(async () => {
    await Promise.all(sites.map((s) => s.close()))
    await database?.close()
    await drop?.()
  })

  async function site(twin: boolean): Promise<SiteServer> {
    let origin = ''
    const server = await startSiteServer((p) => hybridSite(origin, twin)(p))
    origin = server.origin
    sites.push(server)
    return server
  }

  it.skipIf(skip)(
    'stores raw beside rendered facts and finds by queries what the pure rendered checks find',
    async () => {
      for (const twin of [false, true]) {
        const server = await site(twin)
        const memory = await crawl(server.url, options)
        const id = randomUUID()
        await ensureCrawl(database.db, { id, userId: null, startUrl: server.url, maxPages: 500 })
        const frontier = new PgFrontier(database.db, id)
        await crawl(server.url, { ...options, frontier, keepPages: false })
        await frontier.flush()
        await finishCrawl(database.db, id)
        const stored: Record<string, string[]> = {}
        for (const row of (await listIssues(database.db, id, { limit: 500 })).rows)
          if (renderedIds.has(row.type)) stored[row.type] = [...(stored[row.type] ?? []), row.url].sort()
        const expected = Object.fromEntries(
          siteIssues(memory.tables)
            .filter((i) => renderedIds.has(i.type))
            .map((i) => [i.type, i.urls]),
        )
        expect(stored).toEqual(expected)
        if (twin) {
          expect(stored).toEqual({})
          continue
        }
        expect(Object.keys(stored).sort()).toEqual([...renderedIds].sort())
        // The row reads back with its render facts; the summary carries the checks' names.
        const pages = await readPages(database.db, id)
        const title = pages.find((p) => p.url === `${server.origin}/title-js`)!
        expect(title.title).toBe('Depois')
        expect(title.render?.raw.title).toBe('Antes')
        const summary = await issueSummaries(database.db, id)
        const changed = summary.find((i) => i.type === 'title-changed-by-js')!
        expect(changed.title.pt).toBe('Título alterado pelo JavaScript')
        expect(changed.details[`${server.origin}/title-js`]).toEqual({
          rawValue: 'Antes',
          renderedValue: 'Depois',
        })
        const links = summary.find((i) => i.type === 'links-only-rendered')!
        expect(links.details[`${server.origin}/js-section`]).toMatchObject({
          unreachableWithoutJs: true,
          sources: [`${server.origin}/`],
        })
      }
    },
    180_000,
  )
})
