// Issue 42 item 2: a page reached only through redirects from a linked URL (home → /promocoes →
// /promocoes-2024 → /campanhas/verao) is linked. The in-memory crawl, the page store (the CLI's --store
// and the server's tables) and the bot-log join must all say so, with the same figures.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runCli } from '../cli/cli.ts'
import type { PageSummary } from '../logs/aggregate.ts'
import { type CrawlFacts, joinWithCrawl } from '../logs/joins.ts'
import { openCrawlStore } from './store/open.ts'
import { listSources, rowsOf } from './store/store.ts'
import { redirectedCampaignSite } from './testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from './testing/site-server.ts'

async function run(args: string[]) {
  let stdout = ''
  let stderr = ''
  const sink = (add: (s: string) => void) =>
    new Writable({
      write(chunk, _enc, done) {
        add(chunk.toString())
        done()
      },
    })
  const code = await runCli(args, {
    stdout: sink((s) => (stdout += s)),
    stderr: sink((s) => (stderr += s)),
    env: {},
  })
  return { code, stdout, stderr }
}

interface Json {
  issues: { type: string; urls: string[] }[]
  pages: {
    url: string
    status: number | null
    depth: number | null
    inlinks: number
    linkScore: number | null
  }[]
}

describe('a page reached through redirects from a linked URL', () => {
  let server: SiteServer
  let memory: Json
  let stored: Json
  let storeDir: string
  const u = (p: string) => `${server.origin}${p}`
  beforeAll(async () => {
    let origin = ''
    server = await startSiteServer((p) => redirectedCampaignSite(origin)(p))
    origin = server.origin
    const args = ['crawl', server.url, '--concurrency', '2', '--allow-private', '--json']
    const inMemory = await run(args)
    expect(inMemory.code).toBe(0)
    memory = JSON.parse(inMemory.stdout)
    storeDir = path.join(mkdtempSync(path.join(tmpdir(), 'farol-redirect-')), 'db')
    const withStore = await run([...args, '--store', storeDir])
    expect(withStore.code).toBe(0)
    stored = JSON.parse(withStore.stdout)
  }, 120_000)
  afterAll(() => server.close())

  const orphans = (json: Json) => json.issues.find((i) => i.type === 'orphan-in-sitemap')?.urls ?? []
  const pageOf = (json: Json, p: string) => json.pages.find((x) => x.url === u(p))!

  it('is not an orphan, in memory and in the store; the page linked from nowhere still is', () => {
    expect(orphans(memory)).toEqual([u('/esquecida')])
    expect(orphans(stored)).toEqual([u('/esquecida')])
  })

  it('has depth 1 and one inlink (home, through the redirects; not its own link to /promocoes) in both', () => {
    for (const json of [memory, stored]) {
      expect(pageOf(json, '/campanhas/verao')).toMatchObject({ status: 200, depth: 1, inlinks: 1 })
      expect(pageOf(json, '/esquecida')).toMatchObject({ inlinks: 0 })
      // A redirect keeps the links to itself: home's and the campaign page's.
      expect(pageOf(json, '/promocoes').inlinks).toBe(2)
      expect(pageOf(json, '/sobre').inlinks).toBe(2)
    }
    expect(stored.pages.map((p) => [p.url, p.inlinks, p.linkScore])).toEqual(
      memory.pages.map((p) => [p.url, p.inlinks, p.linkScore]),
    )
  })

  it("lists the inlink in the URL's detail with the hop shown (the server's and the CLI's store)", async () => {
    const store = await openCrawlStore(storeDir)
    try {
      const [crawl] = await rowsOf(store.db, sql`SELECT id FROM site_crawls ORDER BY created_at DESC LIMIT 1`)
      const id = String(crawl!.id)
      const verao = await listSources(store.db, id, u('/campanhas/verao'), {})
      expect(verao).toEqual({
        total: 1,
        rows: [{ source: u('/'), anchor: 'Promoções', nofollow: false, via: u('/promocoes') }],
      })
      // A redirect's own inlinks are the links to it, named directly.
      const promocoes = await listSources(store.db, id, u('/promocoes'), {})
      expect(promocoes.rows.map((r) => [r.source, r.via])).toEqual([
        [u('/'), null],
        [u('/campanhas/verao'), null],
      ])
      expect((await listSources(store.db, id, u('/esquecida'), {})).total).toBe(0)
    } finally {
      await store.close()
    }
  })

  it('is not among the orphan pages robots fetched in the bot-log join, from either crawl', () => {
    const visits: PageSummary[] = ['/campanhas/verao', '/esquecida'].map((p) => ({
      path: p,
      hits: 3,
      bots: [{ token: 'GPTBot', hits: 3, last: '2026-05-04T10:00:00Z' }],
    })) as PageSummary[]
    for (const json of [memory, stored]) {
      const facts: CrawlFacts = {
        startUrl: server.url,
        crawledAt: null,
        pages: json.pages.map((p) => ({
          url: p.url,
          status: p.status,
          redirectTo: null,
          indexable: p.status === 200,
          inlinks: p.inlinks,
          linkScore: p.linkScore,
        })),
      }
      expect(joinWithCrawl(visits, facts).orphan.map((r) => r.path)).toEqual(['/esquecida'])
    }
  })
})
