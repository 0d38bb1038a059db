// IndexNow for a tracked site against a loopback IndexNow endpoint (packages/engine/test/fakes/indexnow.ts)
// and a loopback site, on PGlite (and PostgreSQL with TEST_DATABASE_URL): the key is kept only when the
// site's key file holds it; after a second crawl, exactly the new, changed and fixed pages are submitted
// and the endpoint's answer stored and shown; no key or no previous crawl, nothing is sent.
import { randomUUID } from 'node:crypto'
import { crawl } from '@farol/engine/crawl/index.ts'
import { renderPage, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import type { PgBoss } from 'pg-boss'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIndexNow } from '../../../packages/engine/test/fakes/indexnow.ts'
import { ensureCrawl, PgFrontier } from '../src/features/site-audit/frontier.ts'
import { finishCrawl } from '../src/features/site-audit/store.ts'
import {
  indexNowQueue,
  indexNowView,
  retryBatch,
  setIndexNowKey,
  sitemapChanges,
  submitChangedUrls,
  submitSitemapChanges,
} from '../src/features/sites/indexnow/service.ts'
import { type Database, openDatabase } from '../src/platform/db/database.ts'
import { trackedSites, users } from '../src/platform/db/schema.ts'
import { AppError } from '../src/platform/errors.ts'
import { createLogger } from '../src/platform/log.ts'
import { workspacesOf } from '../src/tenancy/access.ts'
import { freshPostgres, tempDataDir, testConfig, testDatabaseUrl } from './helpers.ts'

const key = 'farol-indexnow-key-1234'

describe.each([
  ['PGlite', null],
  ['PostgreSQL', testDatabaseUrl ?? 'skip'],
])('IndexNow on %s', (_name, serverUrl) => {
  const skip = serverUrl === 'skip'
  let database: Database
  let drop: (() => Promise<void>) | null = null
  let second = false
  let site: Awaited<ReturnType<typeof startSiteServer>>
  let fake: Awaited<ReturnType<typeof startFakeIndexNow>>
  const log = createLogger('silent')
  let config: ReturnType<typeof testConfig>
  let siteRow: { id: string; url: string }
  const userId = randomUUID()

  // The monitoring run's view of changes: the sitemap's pages and their lastmod.
  let sitemapPages: [string, string | null][] = [
    ['/a', '2026-11-01'],
    ['/b', '2026-11-01'],
    ['/c', null],
  ]
  const sitemap = () =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${sitemapPages
      .map(([p, d]) => `<url><loc>${site.origin}${p}</loc>${d ? `<lastmod>${d}</lastmod>` : ''}</url>`)
      .join('')}</urlset>`
  const page = (title: string, links: [string, string][], text = '') => ({
    body: renderPage({ title, description: `About ${title}`, links: [['/', 'Home'], ...links], text }),
  })

  beforeAll(async () => {
    if (skip) return
    if (serverUrl) {
      const fresh = await freshPostgres(serverUrl)
      drop = fresh.drop
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
    } else database = await openDatabase({ dataDir: tempDataDir() })
    // First crawl: /a, /b, /x broken (404) and linked; second: /b's text changed, /x fixed, /new added.
    site = await startSiteServer((path) => {
      if (path === `/${key}.txt`) return { body: key, headers: { 'content-type': 'text/plain' } }
      if (path === '/robots.txt')
        return { body: `Sitemap: ${site.origin}/mapa.xml\n`, headers: { 'content-type': 'text/plain' } }
      if (path === '/mapa.xml') return { body: sitemap(), headers: { 'content-type': 'application/xml' } }
      if (path === '/')
        return page('Home', [
          ['/a', 'A'],
          ['/b', 'B'],
          ['/x', 'X'],
          ...(second ? ([['/new', 'New']] as [string, string][]) : []),
        ])
      if (path === '/a') return page('Page A', [], 'Steady words about page A.')
      if (path === '/b') return page('Page B', [], second ? 'Rewritten words for B.' : 'First words for B.')
      if (path === '/x') return second ? page('X', []) : { status: 404, body: 'gone' }
      if (path === '/new' && second) return page('New', [])
      return undefined
    })
    fake = await startFakeIndexNow()
    config = testConfig({ env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_INDEXNOW_URL: fake.url } })
    await database.db.insert(users).values({ id: userId, name: 'Ana', email: `ana-${userId}@exemplo.pt` })
    const [personal] = await workspacesOf(database.db, { id: userId, name: 'Ana' })
    const [row] = await database.db
      .insert(trackedSites)
      .values({ userId, workspaceId: personal!.id, url: site.url })
      .returning()
    siteRow = { id: row!.id, url: row!.url }
  }, 120_000)
  afterAll(async () => {
    await site?.close()
    await fake?.close()
    await database?.close()
    await drop?.()
  })

  async function storedCrawl(): Promise<string> {
    const id = randomUUID()
    await ensureCrawl(database.db, { id, userId, startUrl: site.url, maxPages: 50 })
    const frontier = new PgFrontier(database.db, id)
    await crawl(site.url, { concurrency: 2, allowPrivate: true, frontier, keepPages: false })
    await frontier.flush()
    await finishCrawl(database.db, id)
    return id
  }

  it.skipIf(skip)('keeps a key only when the key file holds it', async () => {
    const deps = { db: database.db, config }
    const codeOf = (p: Promise<unknown>) =>
      p.then(
        () => 'kept',
        (e) => (e instanceof AppError ? e.code : String(e)),
      )
    expect(await codeOf(setIndexNowKey(deps, siteRow, 'bad key!'))).toBe('INDEXNOW_KEY')
    expect(await codeOf(setIndexNowKey(deps, siteRow, 'other-key-5678'))).toBe('INDEXNOW_KEY_FILE')
    expect((await indexNowView(database.db, siteRow.id)).key).toBeNull()
  })

  it.skipIf(skip)(
    'submits the new, changed and fixed pages after a crawl and stores the answer',
    async () => {
      const deps = { db: database.db, config, log }
      const first = await storedCrawl()
      // No key yet: nothing sent.
      expect(await submitChangedUrls(deps, siteRow, first)).toBe(0)
      await setIndexNowKey(deps, siteRow, key)
      expect((await indexNowView(database.db, siteRow.id)).key?.key).toBe(key)
      // First crawl with a key: no previous crawl to compare with, nothing sent.
      expect(await submitChangedUrls(deps, siteRow, first)).toBe(0)
      expect(fake.requests).toHaveLength(0)

      second = true
      const next = await storedCrawl()
      fake.setStatus(202)
      expect(await submitChangedUrls(deps, siteRow, next)).toBe(1)
      expect(fake.requests).toHaveLength(1)
      const sent = fake.requests[0]!
      expect(sent.contentType).toBe('application/json; charset=utf-8')
      const host = new URL(site.url).host
      expect(sent.body).toEqual({
        host,
        key,
        keyLocation: `${site.origin}/${key}.txt`,
        urlList: [`${site.origin}/b`, `${site.origin}/new`, `${site.origin}/x`],
      })
      const view = await indexNowView(database.db, siteRow.id)
      expect(view.submissions).toHaveLength(1)
      expect(view.submissions[0]).toMatchObject({ crawlId: next, count: 3, status: 202, code: 'accepted' })
      expect(view.submissions[0]!.message.pt).toContain('validada')

      // A 403 (key file gone or mismatched at the endpoint) is stored as such.
      fake.setStatus(403)
      await submitChangedUrls(deps, siteRow, next)
      const latest = (await indexNowView(database.db, siteRow.id)).submissions[0]!
      expect(latest).toMatchObject({ status: 403, code: 'forbidden' })
      expect(latest.message.en).toContain('Key not valid')
      expect(latest.nextAttemptAt).toBeNull()

      // A 429 with Retry-After, then no answer at all: each queues the same batch again, later each time
      // and never before the endpoint's wait; the next attempt goes through. A 403 is not retried (above).
      const queued: { name: string; data: Parameters<typeof retryBatch>[1]; startAfter: number }[] = []
      const boss = {
        send: async (
          name: string,
          data: Parameters<typeof retryBatch>[1],
          options: { startAfter: number },
        ) => {
          queued.push({ name, data, startAfter: options.startAfter })
          return 'job'
        },
      } as unknown as PgBoss
      const retrying = { db: database.db, config, log, boss }
      fake.setStatus(429, [200])
      fake.setRetryAfter('90')
      await submitChangedUrls(retrying, siteRow, next)
      expect(queued).toHaveLength(1)
      expect(queued[0]).toMatchObject({ name: indexNowQueue, startAfter: 90 })
      expect(queued[0]!.data).toMatchObject({ siteId: siteRow.id, crawlId: next, attempt: 2 })
      expect(queued[0]!.data.urlList).toEqual([`${site.origin}/b`, `${site.origin}/new`, `${site.origin}/x`])
      const waiting = (await indexNowView(database.db, siteRow.id)).submissions[0]!
      expect(waiting).toMatchObject({ code: 'too_many_requests', attempt: 1 })
      expect(Date.parse(waiting.nextAttemptAt!) - Date.now()).toBeGreaterThan(80_000)

      await retryBatch(retrying, queued[0]!.data)
      expect(queued).toHaveLength(1)
      const sentAgain = (await indexNowView(database.db, siteRow.id)).submissions[0]!
      expect(sentAgain).toMatchObject({
        code: 'submitted',
        status: 200,
        attempt: 2,
        count: 3,
        nextAttemptAt: null,
      })
      expect(fake.requests.at(-1)!.body.urlList).toEqual(queued[0]!.data.urlList)

      // An endpoint that does not answer: retried after the configured first wait (60 s by default).
      const down = { ...retrying, config: { ...config, indexNowUrl: 'http://127.0.0.1:9/indexnow' } }
      await submitChangedUrls(down, siteRow, next)
      expect(queued[1]).toMatchObject({ startAfter: 60, data: { attempt: 2 } })
      // The fifth attempt is the last: nothing more is queued.
      await retryBatch(down, { ...queued[1]!.data, attempt: 5 })
      expect(queued).toHaveLength(2)
      const last = (await indexNowView(database.db, siteRow.id)).submissions[0]!
      expect(last).toMatchObject({ code: 'failed', attempt: 5, nextAttemptAt: null })
      fake.setRetryAfter(null)
    },
    120_000,
  )

  it.skipIf(skip)(
    'after a monitoring run without a crawl, submits the sitemap pages that are new or re-dated',
    async () => {
      const deps = { db: database.db, config, log }
      fake.setStatus(200)
      const before = fake.requests.length
      // The key is set by the test above; the first reading only remembers the sitemap.
      expect(await submitSitemapChanges(deps, siteRow)).toBe(0)
      expect(fake.requests.length).toBe(before)
      // Unchanged: nothing to send.
      expect(await submitSitemapChanges(deps, siteRow)).toBe(0)
      // /b re-dated, /d new, /c still without a date, /a gone: /b and /d.
      sitemapPages = [
        ['/b', '2026-11-25'],
        ['/c', null],
        ['/d', '2026-11-25'],
      ]
      expect(await submitSitemapChanges(deps, siteRow)).toBe(1)
      expect(fake.requests.at(-1)!.body.urlList).toEqual([`${site.origin}/b`, `${site.origin}/d`])
      const latest = (await indexNowView(database.db, siteRow.id)).submissions[0]!
      expect(latest).toMatchObject({ crawlId: null, count: 2, code: 'submitted' })
    },
    60_000,
  )
})

describe('sitemapChanges', () => {
  it('keeps new pages and pages whose lastmod changed, not undated or unchanged ones', () => {
    const previous = new Map<string, string | null>([
      ['https://s.pt/a', '2026-11-01'],
      ['https://s.pt/b', null],
      ['https://s.pt/c', '2026-11-01'],
    ])
    expect(
      sitemapChanges(previous, [
        { url: 'https://s.pt/a', lastmod: '2026-11-01' },
        { url: 'https://s.pt/b', lastmod: '2026-11-20' },
        { url: 'https://s.pt/c', lastmod: '2026-11-20' },
        { url: 'https://s.pt/new', lastmod: null },
      ]),
    ).toEqual(['https://s.pt/c', 'https://s.pt/new'])
  })
})
