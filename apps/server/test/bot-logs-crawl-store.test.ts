// The bot-log joins read the latest crawl's page store (site_crawl_pages), not the crawl result's top
// pages: on a crawl of 1,200 pages whose result lists only its 5 best-linked pages, each join fires on
// its planted page (all outside the result's pages) and nowhere else.
import { randomUUID } from 'node:crypto'
import type { PageSummary } from '@farol/engine/logs/aggregate.ts'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { joinsFor } from '../src/features/bot-logs/joins.ts'
import { ensureCrawl } from '../src/features/site-audit/frontier.ts'
import { type Database, openDatabase } from '../src/platform/db/database.ts'
import { organizations, tasks, users } from '../src/platform/db/schema.ts'
import { freshPostgres, tempDataDir, testDatabaseUrl } from './helpers.ts'

const SITE = 'https://loja-exemplo.pt'
const N = 1200

interface Planted {
  path: string
  status: number
  indexable: boolean
  inlinks: number
  linkScore: number | null
  redirectTo?: string
}
// Link scores fall with the page number: page i has score N - i. The planted pages sit far down.
const planted: Planted[] = [
  { path: '/velho', status: 404, indexable: false, inlinks: 3, linkScore: null },
  { path: '/mudou', status: 301, indexable: false, inlinks: 2, linkScore: null, redirectTo: `${SITE}/novo` },
  { path: '/rascunho', status: 200, indexable: false, inlinks: 4, linkScore: 7 },
  { path: '/orfa', status: 200, indexable: true, inlinks: 0, linkScore: 1 },
]

const visit = (path: string, token: string): PageSummary => ({
  path,
  hits: 2,
  bots: [
    { token, hits: 2, first: '2026-11-20T10:00:00.000Z', last: '2026-11-21T10:00:00.000Z', lastStatus: 200 },
  ],
})

describe.each([
  ['PGlite', null],
  ['PostgreSQL', testDatabaseUrl ?? 'skip'],
])('bot-log joins with the crawl page store on %s', (_name, serverUrl) => {
  const skip = serverUrl === 'skip'
  let database: Database
  let drop: (() => Promise<void>) | null = null
  const userId = randomUUID()
  const workspaceId = `ws-${userId}`

  beforeAll(async () => {
    if (skip) return
    if (serverUrl) {
      const fresh = await freshPostgres(serverUrl)
      drop = fresh.drop
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
    } else database = await openDatabase({ dataDir: tempDataDir() })
    await database.db.insert(users).values({ id: userId, name: 'Rui', email: `rui-${userId}@exemplo.pt` })
    await database.db.insert(organizations).values({ id: workspaceId, name: 'Rui', slug: `ws-${userId}` })
    const crawlId = randomUUID()
    const regular = Array.from({ length: N }, (_, i) => ({
      path: i === 0 ? '/' : `/produto-${i}`,
      status: 200,
      indexable: true,
      inlinks: 5,
      linkScore: N - i,
    }))
    await ensureCrawl(database.db, { id: crawlId, userId, startUrl: `${SITE}/`, maxPages: 5000 })
    const all = [...regular, ...planted]
    const column = <T>(f: (p: Planted) => T) => sql.param(all.map(f))
    await database.db.execute(sql`INSERT INTO site_crawl_pages
      (crawl_id, url, id, source, status, redirect_to, indexable, fetched_at)
      SELECT ${crawlId}::uuid, u.url, u.id, 'link', u.status, u.redirect_to, u.indexable, now()
      FROM unnest(${column((p) => `${SITE}${p.path}`)}::text[], ${sql.param(all.map((_, i) => i + 1))}::bigint[],
        ${column((p) => p.status)}::int[], ${column((p) => p.redirectTo ?? null)}::text[],
        ${column((p) => p.indexable)}::boolean[])
      AS u(url, id, status, redirect_to, indexable)`)
    // Inlinks and link scores live in their own table (migration 0030), by page id.
    await database.db.execute(sql`INSERT INTO site_crawl_scores (crawl_id, page_id, inlinks, link_score)
      SELECT ${crawlId}::uuid, * FROM unnest(${sql.param(all.map((_, i) => i + 1))}::bigint[],
        ${column((p) => p.inlinks)}::int[], ${column((p) => p.linkScore)}::int[])`)
    // The crawl's stored result: its 5 best-linked pages only (what the join read before the store).
    await database.db.insert(tasks).values({
      id: crawlId,
      kind: 'site_crawl',
      url: `${SITE}/`,
      userId,
      workspaceId,
      status: 'success',
      finishedAt: new Date(),
      results: {
        issues: [],
        pages: regular.slice(0, 5).map((p) => ({
          url: `${SITE}${p.path}`,
          status: 200,
          redirectTo: null,
          indexable: true,
          inlinks: 5,
          linkScore: p.linkScore,
        })),
      },
    })
  }, 120_000)
  afterAll(async () => {
    await database?.close()
    await drop?.()
  })

  it.skipIf(skip)('each join fires on its planted page, all outside the result’s top pages', async () => {
    const fetched = [
      ...planted.map((p) => visit(p.path, 'ClaudeBot')),
      // The best-linked pages 0-9 fetched by GPTBot; 10-19 only by ChatGPT-User (a person, not a crawler).
      ...Array.from({ length: 10 }, (_, i) => visit(i === 0 ? '/' : `/produto-${i}`, 'GPTBot')),
      ...Array.from({ length: 10 }, (_, i) => visit(`/produto-${i + 10}`, 'ChatGPT-User')),
      visit('/produto-900', 'GPTBot'),
      visit('/nao-rastreada', 'GPTBot'),
    ]
    const { crawl } = await joinsFor(database.db, { userId, workspaceId }, SITE, fetched)
    expect(crawl).not.toBeNull()
    expect(crawl!.broken.map((r) => [r.path, r.status])).toEqual([['/velho', 404]])
    expect(crawl!.redirected.map((r) => [r.path, r.redirectTo])).toEqual([['/mudou', `${SITE}/novo`]])
    expect(crawl!.nonIndexable.map((r) => r.path)).toEqual(['/rascunho'])
    expect(crawl!.orphan.map((r) => r.path)).toEqual(['/orfa'])
    // The 20 best-linked indexable pages come from the store: 10-19 were never fetched by an AI crawler.
    expect(crawl!.unfetched.map((p) => p.path)).toEqual(
      Array.from({ length: 10 }, (_, i) => `/produto-${i + 10}`),
    )
    expect(crawl!.unfetched[0]).toMatchObject({ linkScore: N - 10, inlinks: 5 })
  })
})
