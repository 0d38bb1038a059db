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
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres, tempDataDir, testDatabaseUrl } from '../../test/helpers.ts'
import { type Database, openDatabase } from '../db/database.ts'
import { ensureCrawl, PgFrontier } from './frontier.ts'
import { finishCrawl, listIssues } from './store.ts'

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
