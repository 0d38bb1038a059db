// The PostgreSQL frontier: the same crawl as in memory, a crawl killed with kill -9 that resumes to the
// same page set, and two workers sharing one crawl without fetching any page twice. On PGlite always,
// and on a real PostgreSQL when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { crawl, siteIssues } from '@farol/engine/crawl/index.ts'
import { cleanSite, defectSite } from '@farol/engine/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres, tempDataDir, testDatabaseUrl } from '../../../test/helpers.ts'
import { type Database, openDatabase } from '../../platform/db/database.ts'
import { ensureCrawl, PgFrontier } from './frontier.ts'
import { finishCrawl, listIssues, rowsOf } from './store.ts'

async function defectServer(delayMs?: number): Promise<SiteServer> {
  let origin = ''
  const server = await startSiteServer((p) => defectSite(origin)(p), delayMs ? { delayMs } : {})
  origin = server.origin
  return server
}

const paths = (server: SiteServer, urls: string[]) => urls.map((u) => u.slice(server.origin.length)).sort()

function twiceFetched(requests: string[]): string[] {
  const counts = new Map<string, number>()
  for (const p of requests) counts.set(p, (counts.get(p) ?? 0) + 1)
  return [...counts].filter(([, n]) => n > 1).map(([p]) => p)
}

describe.each([
  ['PGlite', null],
  ['PostgreSQL', testDatabaseUrl ?? 'skip'],
])('PgFrontier on %s', (_name, serverUrl) => {
  const skip = serverUrl === 'skip'
  let database: Database
  let second: Database | null = null
  let drop: (() => Promise<void>) | null = null
  beforeAll(async () => {
    if (skip) return
    if (serverUrl) {
      const fresh = await freshPostgres(serverUrl)
      drop = fresh.drop
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
      second = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
    } else database = await openDatabase({ dataDir: tempDataDir() })
  })
  afterAll(async () => {
    await second?.close()
    await database?.close()
    await drop?.()
  })

  it.skipIf(skip)('crawls the defect site to the same rows and issues as the memory frontier', async () => {
    const server = await defectServer()
    try {
      const memory = await crawl(server.url, { concurrency: 4, allowPrivate: true })
      const id = randomUUID()
      await ensureCrawl(database.db, { id, userId: null, startUrl: server.url, maxPages: 500 })
      const before = server.requests.length
      const stored = await crawl(server.url, {
        concurrency: 4,
        allowPrivate: true,
        frontier: new PgFrontier(database.db, id),
      })
      expect(twiceFetched(server.requests.slice(before))).toEqual([])
      expect(
        paths(
          server,
          stored.tables.pages.map((p) => p.url),
        ),
      ).toEqual(
        paths(
          server,
          memory.tables.pages.map((p) => p.url),
        ),
      )
      const depth = (run: typeof memory) => Object.fromEntries(run.tables.pages.map((p) => [p.url, p.depth]))
      expect(depth(stored)).toEqual(depth(memory))
      expect(siteIssues(stored.tables)).toEqual(siteIssues(memory.tables))
    } finally {
      await server.close()
    }
  })

  it.skipIf(skip)('lets two workers share one crawl without fetching any page twice', async () => {
    let origin = ''
    const server = await startSiteServer((p) => cleanSite(origin)(p), { delayMs: 20 })
    origin = server.origin
    try {
      const id = randomUUID()
      await ensureCrawl(database.db, { id, userId: null, startUrl: server.url, maxPages: 500 })
      // Two processes' worth of crawlers: on PostgreSQL, two connection pools; on PGlite, one connection.
      const options = { concurrency: 2, allowPrivate: true, sitemaps: true }
      const [a, b] = await Promise.all([
        crawl(server.url, { ...options, frontier: new PgFrontier(database.db, id) }),
        crawl(server.url, { ...options, frontier: new PgFrontier((second ?? database).db, id) }),
      ])
      const pagePaths = server.requests.filter((p) => !p.endsWith('.xml') && p !== '/robots.txt')
      expect(twiceFetched(pagePaths)).toEqual([])
      expect(a.tables.pages.length).toBe(10)
      expect(b.tables.pages.length).toBe(10)
      expect(siteIssues(a.tables)).toEqual([])
    } finally {
      await server.close()
    }
  })

  it.skipIf(skip)(
    "gives a sitemap URL a link's depth while it is pending, and leaves known URLs alone",
    async () => {
      const id = randomUUID()
      const origin = 'https://loja.exemplo.pt'
      await ensureCrawl(database.db, { id, userId: null, startUrl: `${origin}/`, maxPages: 500 })
      const frontier = new PgFrontier(database.db, id)
      await frontier.add([
        { url: `${origin}/`, depth: 0, source: 'start' },
        { url: `${origin}/so-no-sitemap`, depth: null, source: 'sitemap' },
        { url: `${origin}/ligada`, depth: 1, source: 'link' },
      ])
      await frontier.flush()
      await frontier.add([
        { url: `${origin}/so-no-sitemap`, depth: 2, source: 'link' },
        { url: `${origin}/ligada`, depth: 3, source: 'link' },
        { url: `${origin}/`, depth: 4, source: 'link' },
      ])
      await frontier.flush()
      const rows = await rowsOf(
        database.db,
        sql`SELECT url, depth, source FROM site_crawl_urls WHERE crawl_id = ${id}::uuid ORDER BY url`,
      )
      expect(rows.map((r) => [r.url, r.depth, r.source])).toEqual([
        [`${origin}/`, 0, 'start'],
        [`${origin}/ligada`, 1, 'link'],
        [`${origin}/so-no-sitemap`, 2, 'link'],
      ])
    },
  )

  it.skipIf(skip)(
    'leases ahead in proportion to the pace: far ahead when fast, little when slow',
    async () => {
      const leasedAhead = async (pauseMs: number, take: number) => {
        const id = randomUUID()
        const origin = 'https://loja.exemplo.pt'
        await ensureCrawl(database.db, { id, userId: null, startUrl: `${origin}/`, maxPages: 5000 })
        const frontier = new PgFrontier(database.db, id)
        await frontier.add(
          Array.from({ length: 2000 }, (_, i) => ({
            url: `${origin}/p${i}`,
            depth: 1,
            source: 'link' as const,
          })),
        )
        let most = 0
        for (let handed = 0; handed < take; ) {
          handed += (await frontier.lease(1, 5000)).length
          await frontier.counts() // waits for a lease asked for ahead, so the count below is exact
          const [row] = await rowsOf(
            database.db,
            sql`SELECT count(*)::int AS n FROM site_crawl_urls WHERE crawl_id = ${id}::uuid AND state = 'leased'`,
          )
          most = Math.max(most, Number(row?.n) - handed)
          if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs))
        }
        return most
      }
      // A fast crawl (no pause): the lease grows past the 16 of a slow start, so it rarely waits.
      expect(await leasedAhead(0, 600)).toBeGreaterThan(64)
      // Ten pages a second: about five seconds of them at most (a fixed large lease would hold hundreds of
      // URLs for a minute, close to their lease time).
      expect(await leasedAhead(100, 40)).toBeLessThanOrEqual(80)
    },
  )
})

describe('a crawl killed with kill -9', () => {
  it('resumes where it stopped and ends with the same page set as an uninterrupted crawl', async () => {
    const server = await defectServer(30)
    const dataDir = tempDataDir()
    const id = randomUUID()
    try {
      const child = spawn(
        process.execPath,
        [path.join(import.meta.dirname, 'crawl-child.ts'), dataDir, id, server.url],
        {
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      )
      // Kill once it has finished a few pages, mid-crawl.
      await new Promise<void>((resolve, reject) => {
        child.once('exit', () => reject(new Error('the crawl ended before it could be killed')))
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (Number(line.split(' ')[1]) >= 8) resolve()
        })
      })
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))

      const database = await openDatabase({ dataDir })
      try {
        const frontier = new PgFrontier(database.db, id, { leaseSeconds: 1 })
        const before = await frontier.counts()
        expect(before.done).toBeGreaterThanOrEqual(8)
        expect(before.pending + before.leased).toBeGreaterThan(0)
        const resumed = await crawl(server.url, { frontier, concurrency: 4, allowPrivate: true })
        const whole = await crawl(server.url, { concurrency: 4, allowPrivate: true })
        expect(
          paths(
            server,
            resumed.tables.pages.map((p) => p.url),
          ),
        ).toEqual(
          paths(
            server,
            whole.tables.pages.map((p) => p.url),
          ),
        )
        expect(siteIssues(resumed.tables)).toEqual(siteIssues(whole.tables))
        // The page store after the kill: the checks' queries find what an uninterrupted crawl finds.
        await finishCrawl(database.db, id)
        const stored: Record<string, string[]> = {}
        for (const row of (await listIssues(database.db, id, { limit: 200 })).rows)
          stored[row.type] = [...(stored[row.type] ?? []), row.url]
        expect(stored).toEqual(Object.fromEntries(siteIssues(whole.tables).map((i) => [i.type, i.urls])))
      } finally {
        await database.close()
      }
    } finally {
      await server.close()
    }
  }, 180_000)
})
