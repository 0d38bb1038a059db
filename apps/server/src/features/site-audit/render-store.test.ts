// Rendered crawls in the page store (issue 30): each page's render facts are stored with it (migration
// 0024) and the rendered checks as queries find exactly what the engine's pure checks find in memory, on
// the hybrid site (every check planted) and its server-rendered twin (none). PGlite always; PostgreSQL
// when TEST_DATABASE_URL is set.
import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { renderedChecks } from '@farol/engine/crawl/checks/rendered.ts'
import { crawl, siteIssues } from '@farol/engine/crawl/index.ts'
import { type SiteServer, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import { findChrome } from '@farol/engine/lighthouse/chrome.ts'
import { hybridSite, spaSite } from '@farol/engine/render/testing/sites.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres, tempDataDir, testDatabaseUrl } from '../../../test/helpers.ts'
import { type Database, openDatabase } from '../../platform/db/database.ts'
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

describe.skipIf(!findChrome())('a rendered crawl killed with kill -9', () => {
  it('resumes on the same frontier with the same pages as an uninterrupted rendered crawl, and leaves no Chromium', async () => {
    const spa = await startSiteServer(spaSite(30))
    const dataDir = tempDataDir()
    const id = randomUUID()
    // A private TMPDIR marks the killed crawl's Chromium profile, to look for its processes afterwards.
    const marker = mkdtempSync(path.join(tmpdir(), 'farol-render-kill-'))
    try {
      const child = spawn(
        process.execPath,
        [path.join(import.meta.dirname, 'crawl-child.ts'), dataDir, id, spa.url, 'render'],
        { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, TMPDIR: marker } },
      )
      await new Promise<void>((resolve, reject) => {
        child.once('exit', () => reject(new Error('the crawl ended before it could be killed')))
        createInterface({ input: child.stdout! }).on('line', (line) => {
          if (Number(line.split(' ')[1]) >= 8) resolve()
        })
      })
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))
      // Chromium notices its debugging pipe closed and exits.
      const deadline = Date.now() + 10_000
      while (processesMentioning(marker).length > 0 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200))
      expect(processesMentioning(marker)).toEqual([])

      const database = await openDatabase({ dataDir })
      try {
        const frontier = new PgFrontier(database.db, id, { leaseSeconds: 1 })
        const before = await frontier.counts()
        expect(before.done).toBeGreaterThanOrEqual(8)
        expect(before.pending + before.leased).toBeGreaterThan(0)
        const resumed = await crawl(spa.url, {
          frontier,
          render: 'on',
          renderConcurrency: 2,
          allowPrivate: true,
        })
        const whole = await crawl(spa.url, { render: 'on', renderConcurrency: 2, allowPrivate: true })
        const urls = (run: typeof whole) => run.tables.pages.map((p) => p.url).sort()
        expect(urls(resumed)).toEqual(urls(whole))
        expect(urls(resumed)).toHaveLength(30)
        // Pages written before the kill kept their render facts too.
        expect(
          resumed.tables.pages.every((p) => p.render?.error === null && p.render.raw.title === 'App'),
        ).toBe(true)
      } finally {
        await database.close()
      }
    } finally {
      await spa.close()
      rmSync(marker, { recursive: true, force: true })
    }
  }, 180_000)
})

describe.skipIf(!findChrome())('a rendered crawl shared by two workers', () => {
  it('each with its own Chromium, no page fetched twice, every page rendered once', async () => {
    const spa = await startSiteServer(spaSite(20))
    const database = await openDatabase({ dataDir: tempDataDir() })
    const id = randomUUID()
    try {
      await ensureCrawl(database.db, { id, userId: null, startUrl: spa.url, maxPages: 500 })
      const options = {
        render: 'on',
        renderConcurrency: 2,
        concurrency: 2,
        allowPrivate: true,
        sitemaps: false,
      } as const
      const [a, b] = await Promise.all([
        crawl(spa.url, { ...options, frontier: new PgFrontier(database.db, id) }),
        crawl(spa.url, { ...options, frontier: new PgFrontier(database.db, id) }),
      ])
      const shells = spa.requests.filter((p) => p === '/' || p.startsWith('/p/'))
      // Each page twice: the crawler's raw fetch and Chromium's, never more (no page crawled by both workers).
      const times = new Map<string, number>()
      for (const p of shells) times.set(p, (times.get(p) ?? 0) + 1)
      expect(times.size).toBe(20)
      expect([...times.values()].every((n) => n === 2)).toBe(true)
      const pages = await readPages(database.db, id)
      expect(pages).toHaveLength(20)
      expect(pages.every((p) => p.render?.error === null && p.title?.startsWith('Página'))).toBe(true)
      expect(a.render?.rendered && b.render?.rendered).toBe(true)
    } finally {
      await database.close()
      await spa.close()
    }
  }, 120_000)
})

/** Processes whose command line mentions `text` (Chromium's carries its profile path). */
function processesMentioning(text: string): string[] {
  const found: string[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const cmd = readFileSync(`/proc/${entry}/cmdline`, 'utf8')
      if (cmd.includes(text)) found.push(`${entry} ${cmd.replace(/\0/g, ' ').slice(0, 120)}`)
    } catch {
      // Gone meanwhile.
    }
  }
  return found
}
