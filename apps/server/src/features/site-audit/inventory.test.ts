// The inventory (issue #29): on the defect site, each filter, a URL's detail and the duplicate groups; on
// a generated 20,000-page crawl, paging, sorting, filters, counts and the filtered CSV. On PGlite always,
// and on a real PostgreSQL when TEST_DATABASE_URL is set.
import { randomUUID } from 'node:crypto'
import { crawl } from '@farol/engine/crawl/index.ts'
import { defectSite } from '@farol/engine/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres, tempDataDir, testDatabaseUrl } from '../../../test/helpers.ts'
import { unzip } from '../../../test/unzip.ts'
import { type Database, openDatabase } from '../../platform/db/database.ts'
import { ensureCrawl, PgFrontier } from './frontier.ts'
import { generatedCrawl, generatedPage } from './generated-crawl.ts'
import {
  duplicateGroups,
  type InventoryQuery,
  inventoryCsv,
  inventoryFacets,
  inventoryQuerySchema,
  inventoryRows,
  inventoryXlsx,
  listInventory,
  pageDetail,
  urlPatternRegex,
} from './inventory.ts'
import { finishCrawl } from './store.ts'

const query = (q: Partial<InventoryQuery> = {}): InventoryQuery => inventoryQuerySchema.parse(q)
const N = 20_000

async function csvOf(db: Database['db'], id: string, q: InventoryQuery, lang: 'pt' | 'en' = 'pt') {
  let out = ''
  for await (const chunk of inventoryCsv(db, id, q, { lang })) out += chunk
  return out.trimEnd().split('\n')
}

describe('urlPatternRegex', () => {
  const matches = (pattern: string, url: string) => new RegExp(urlPatternRegex(pattern)!, 'i').test(url)
  it('matches anywhere without a star, as the whole address with one, and regex characters literally', () => {
    expect(urlPatternRegex('')).toBeNull()
    expect(urlPatternRegex('  ')).toBeNull()
    expect(matches('Blog', 'https://a.pt/blog/x')).toBe(true)
    expect(matches('*/blog/*', 'https://a.pt/blog/x')).toBe(true)
    expect(matches('*/blog/*', 'https://a.pt/news/x')).toBe(false)
    expect(matches('50%_off', 'https://a.pt/50%_off')).toBe(true)
    expect(matches('a.pt', 'https://abpt.pt/')).toBe(false)
    expect(matches('(x)+', 'https://a.pt/(x)+')).toBe(true)
  })
  it('takes a path pattern as users write it and as the sample groups are labelled (issue 41)', () => {
    expect(matches('/produtos/*', 'https://loja.pt/produtos/camisola-azul')).toBe(true)
    expect(matches('/produtos/*', 'https://loja.pt/produtos/camisola?cor=azul')).toBe(true)
    expect(matches('/produtos/*', 'https://loja.pt/en/produtos/camisola')).toBe(false)
    expect(matches('/produtos/*', 'https://loja.pt/blog/produtos-novos')).toBe(false)
    expect(matches('/blog/*/', 'https://loja.pt/blog/um-artigo/')).toBe(true)
    expect(matches('/blog/*/', 'https://loja.pt/blog/um-artigo/?p=2')).toBe(true)
    expect(matches('produtos/*', 'https://loja.pt/pt/produtos/x')).toBe(true)
    expect(matches('loja.pt/produtos/*', 'https://loja.pt/produtos/x')).toBe(true)
    expect(matches('https://loja.pt/produtos/*', 'https://loja.pt/produtos/x')).toBe(true)
    expect(matches('https://loja.pt/produtos/*', 'http://loja.pt/produtos/x')).toBe(false)
  })
})

describe.each([
  ['PGlite', null],
  ['PostgreSQL', testDatabaseUrl ?? 'skip'],
])('crawl inventory on %s', (_name, serverUrl) => {
  const skip = serverUrl === 'skip'
  let database: Database
  let drop: (() => Promise<void>) | null = null
  let site: SiteServer
  let crawlId: string
  let bigId: string
  const at = (path: string) => `${site.origin}${path}`
  beforeAll(async () => {
    if (skip) return
    if (serverUrl) {
      const fresh = await freshPostgres(serverUrl)
      drop = fresh.drop
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
    } else database = await openDatabase({ dataDir: tempDataDir() })
    let origin = ''
    site = await startSiteServer((p) => defectSite(origin)(p))
    origin = site.origin
    crawlId = randomUUID()
    await ensureCrawl(database.db, { id: crawlId, userId: null, startUrl: site.url, maxPages: 500 })
    const frontier = new PgFrontier(database.db, crawlId)
    await crawl(site.url, { concurrency: 4, allowPrivate: true, frontier, keepPages: false })
    await frontier.flush()
    await finishCrawl(database.db, crawlId)
    bigId = await generatedCrawl(database.db, N)
  }, 300_000)
  afterAll(async () => {
    await site?.close()
    await database?.close()
    await drop?.()
  })

  it.skipIf(skip)('filters by issue, status class, indexability and URL pattern, with counts', async () => {
    const db = database.db
    const missing = await listInventory(db, crawlId, query({ issue: 'missing-description' }))
    expect(missing.rows.map((r) => r.url)).toEqual([at('/no-description')])
    expect(missing.rows[0]).toMatchObject({
      description: null,
      descriptionLength: 0,
      status: 200,
      h1Count: 1,
    })
    const facets = await inventoryFacets(db, crawlId)
    expect(facets.issues.find((i) => i.type === 'missing-description')).toMatchObject({
      count: 1,
      severity: 'warning',
      pageCheck: 'meta-description',
      title: { pt: 'A página não tem meta descrição' },
    })
    const fourxx = await listInventory(db, crawlId, query({ status: '4xx', limit: 200 }))
    expect(fourxx.rows.every((r) => r.status !== null && r.status >= 400 && r.status < 500)).toBe(true)
    expect(fourxx.total).toBe(facets.status['4xx'])
    expect(fourxx.rows.map((r) => r.url)).toContain(at('/broken'))
    const blocked = await listInventory(db, crawlId, query({ indexable: 'no', limit: 200 }))
    expect(blocked.total).toBe(facets.indexable.no)
    expect(blocked.rows.find((r) => r.url === at('/noindex-page'))).toMatchObject({ indexability: 'noindex' })
    expect(blocked.rows.find((r) => r.url === at('/canon-mid'))).toMatchObject({
      indexability: 'canonicalised',
      canonical: 'other',
    })
    expect(blocked.rows.find((r) => r.url === at('/private/secret'))).toMatchObject({
      indexability: 'blocked',
    })
    const levels = await listInventory(
      db,
      crawlId,
      query({ pattern: '*/LEVEL*', sort: 'depth', dir: 'desc' }),
    )
    expect(levels.rows.map((r) => r.url)).toEqual([6, 5, 4, 3, 2, 1].map((i) => at(`/level${i}`)))
    // The same written as a path, as people (and the sample's template labels) write it.
    const byPath = await listInventory(db, crawlId, query({ pattern: '/level*', sort: 'depth', dir: 'desc' }))
    expect(byPath.rows.map((r) => r.url)).toEqual(levels.rows.map((r) => r.url))
    expect(facets.pages).toBe(facets.indexable.yes + facets.indexable.no)
  })

  it.skipIf(skip)(
    "shows a URL's detail: facts, issues, inlinks, outlinks with status, hops, edges",
    async () => {
      const db = database.db
      const home = (await pageDetail(db, crawlId, site.url))!
      expect(home.page).toMatchObject({ url: site.url, status: 200, indexability: 'indexable', depth: 0 })
      expect(home.outlinks.rows.find((l) => l.target === at('/broken'))).toMatchObject({
        anchor: 'Quebrada',
        status: 404,
      })
      // The distinct internal targets, beside the page's fact that counts every internal link.
      expect(home.outlinks.internal).toBe(home.outlinks.rows.filter((l) => l.internal).length)
      expect(home.outlinks.internal).toBeLessThanOrEqual(home.page.outlinks)
      const a = (await pageDetail(db, crawlId, at('/a')))!
      expect(a.inlinks.rows).toContainEqual({ source: site.url, anchor: 'A', nofollow: false, via: null })
      const broken = (await pageDetail(db, crawlId, at('/broken')))!
      expect(broken.issues.map((i) => i.type)).toContain('broken-link')
      expect(broken.inlinks.total).toBe(2)
      const chain = (await pageDetail(db, crawlId, at('/r1')))!
      expect(chain.redirects).toEqual([
        { url: at('/r1'), status: 301 },
        { url: at('/r2'), status: 302 },
        { url: at('/r3'), status: 200 },
      ])
      const loop = (await pageDetail(db, crawlId, at('/loop-a')))!
      expect(loop.redirects.at(-1)!.url).toBe(at('/loop-a'))
      const mid = (await pageDetail(db, crawlId, at('/canon-mid')))!
      expect(mid.canonical.target).not.toBe(at('/canon-mid'))
      const pt = (await pageDetail(db, crawlId, at('/hreflang-pt')))!
      expect(pt.hreflang.out.map((h) => h.lang)).toContain('en')
      const noDescription = (await pageDetail(db, crawlId, at('/no-description')))!
      expect(noDescription.issues[0]).toMatchObject({
        type: 'missing-description',
        description: { en: expect.stringContaining('meta description') },
      })
      const near = (await pageDetail(db, crawlId, at('/near-1')))!
      expect(near.nearDuplicates).toEqual([
        { url: at('/near-2'), title: expect.any(String), similarity: expect.any(Number), exact: false },
      ])
      const copy = (await pageDetail(db, crawlId, at('/copy-1')))!
      expect(copy.nearDuplicates).toEqual([
        { url: at('/copy-2'), title: 'Cópia 2', similarity: 1, exact: true },
      ])
      expect(await pageDetail(db, crawlId, at('/never-crawled'))).toBeNull()
    },
  )

  it.skipIf(skip)('shows duplicate groups as titles and URLs, largest first', async () => {
    const db = database.db
    const titles = await duplicateGroups(db, crawlId, 'duplicate-title')
    expect(titles.groups[0]).toMatchObject({
      value: 'Título repetido',
      size: 2,
      pages: [
        { url: at('/dup-title-1'), title: 'Título repetido' },
        { url: at('/dup-title-2'), title: 'Título repetido' },
      ],
    })
    const content = await duplicateGroups(db, crawlId, 'duplicate-content')
    expect(content.groups[0]!.pages.map((p) => p.title)).toEqual(['Cópia 1', 'Cópia 2'])
    expect(content.groups[0]!.value).toMatch(/^[0-9a-f]{64}$/)
    const near = await duplicateGroups(db, crawlId, 'near-duplicate')
    expect(near.groups.map((g) => g.pages.map((p) => p.url))).toEqual([[at('/near-1'), at('/near-2')]])
    const sizes = (await duplicateGroups(db, bigId, 'duplicate-title')).groups.map((g) => g.size)
    expect(sizes).toEqual([...sizes].sort((x, y) => y - x))
  })

  it.skipIf(skip)(
    `pages, sorts, filters and exports ${N.toLocaleString('en')} generated rows`,
    async () => {
      const db = database.db
      const pages = Array.from({ length: N }, (_, i) => generatedPage(i, N))
      const first = await listInventory(db, bigId, query({ limit: 100 }))
      expect(first.total).toBe(N)
      expect(first.rows.map((r) => r.url)).toEqual(
        pages
          .map((p) => p.url)
          .sort()
          .slice(0, 100),
      )
      const deep = await listInventory(
        db,
        bigId,
        query({ sort: 'ms', dir: 'desc', offset: 10_000, limit: 50 }),
      )
      const byMs = [...pages].sort((a, b) => b.totalMs! - a.totalMs! || a.url.localeCompare(b.url))
      expect(deep.rows.map((r) => r.url)).toEqual(byMs.slice(10_000, 10_050).map((p) => p.url))
      const missing = pages.filter((p) => p.status === 200 && p.description === null)
      const facets = await inventoryFacets(db, bigId)
      expect(facets.issues.find((i) => i.type === 'missing-description')!.count).toBe(missing.length)
      expect(facets.issues.find((i) => i.type === 'multiple-h1')!.count).toBe(
        pages.filter((p) => p.h1Count === 2).length,
      )
      expect(facets.status['4xx']).toBe(pages.filter((p) => p.status === 404).length)
      const filtered = query({
        issue: 'missing-description',
        pattern: '*/blog/*',
        sort: 'words',
        dir: 'desc',
      })
      const expected = missing
        .filter((p) => p.url.includes('/blog/'))
        .sort((a, b) => b.wordCount - a.wordCount || a.url.localeCompare(b.url))
      const page = await listInventory(db, bigId, { ...filtered, limit: 20 })
      expect(page.total).toBe(expected.length)
      expect(page.rows.map((r) => r.url)).toEqual(expected.slice(0, 20).map((p) => p.url))
      // The CSV holds exactly the filtered rows, in the same order, under a header in the reader's language.
      const lines = await csvOf(db, bigId, filtered)
      expect(lines[0]).toMatch(/^URL,Estado,Tipo de conteúdo,Indexabilidade,Título/)
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(expected.map((p) => p.url))
      expect((await csvOf(db, bigId, filtered, 'en'))[0]).toMatch(/^URL,Status,Content type/)
      // The XLSX holds the same rows.
      const parts: Buffer[] = []
      for await (const b of inventoryXlsx(db, bigId, filtered, { lang: 'en' })) parts.push(b)
      const sheet = unzip(Buffer.concat(parts)).get('xl/worksheets/sheet1.xml')!
      const cells = [
        ...sheet.matchAll(/<row><c t="inlineStr"><is><t xml:space="preserve">([^<]*)<\/t>/g),
      ].map((m) => m[1])
      expect(cells).toEqual(['URL', ...expected.map((p) => p.url)])
      // Every row of an export, chunk after chunk by keyset, in the table's order: here with NULLs (the 404s
      // have no H1 count) and ties, and by URL descending.
      const exported: string[] = []
      for await (const rows of inventoryRows(db, bigId, query({ sort: 'h1Count', dir: 'desc' }), 1500))
        exported.push(...rows.map((r) => r.url))
      const byH1 = [...pages].sort(
        (a, b) =>
          (a.h1Count === undefined ? 1 : 0) - (b.h1Count === undefined ? 1 : 0) ||
          (b.h1Count ?? 0) - (a.h1Count ?? 0) ||
          (a.url < b.url ? -1 : 1),
      )
      expect(exported).toEqual(byH1.map((p) => p.url))
      const byUrl: string[] = []
      for await (const rows of inventoryRows(db, bigId, query({ dir: 'desc', pattern: '/blog/' }), 777))
        byUrl.push(...rows.map((r) => r.url))
      expect(byUrl).toEqual(
        pages
          .map((p) => p.url)
          .filter((u) => u.includes('/blog/'))
          .sort()
          .reverse(),
      )
      const noindex = await listInventory(db, bigId, query({ indexable: 'no', status: '2xx', limit: 5 }))
      expect(noindex.total).toBe(pages.filter((p) => p.noindex).length)
      expect(noindex.rows[0]).toMatchObject({
        url: pages
          .filter((p) => p.noindex)
          .map((p) => p.url)
          .sort()[0],
        indexability: 'noindex',
      })
    },
    120_000,
  )

  it('refuses a bad query (unknown sort, negative offset, huge page)', () => {
    for (const bad of [{ sort: 'password' }, { offset: '-1' }, { limit: '5000' }, { status: '6xx' }])
      expect(inventoryQuerySchema.safeParse(bad).success).toBe(false)
  })
})
