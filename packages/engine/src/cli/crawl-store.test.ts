// `farol crawl --store <dir>`: the same site crawled in memory and into the embedded database gives the
// same issues and the same --json shape; a bad --store path is a usage error; an interrupted crawl resumes,
// a finished one is kept and the next run starts a new crawl.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCrawlStore } from '../crawl/store/open.ts'
import { rowsOf } from '../crawl/store/store.ts'
import { defectSite, plantedDefects } from '../crawl/testing/fixture-site.ts'
import { renderPage, type SiteServer, startSiteServer } from '../crawl/testing/site-server.ts'
import { runCli } from './cli.ts'

function capture() {
  let text = ''
  const stream = new Writable({
    write(chunk, _enc, done) {
      text += chunk.toString()
      done()
    },
  })
  return { stream, text: () => text }
}

async function run(args: string[], signal?: AbortSignal) {
  const out = capture()
  const err = capture()
  const code = await runCli(args, {
    stdout: out.stream,
    stderr: err.stream,
    env: {},
    ...(signal ? { signal } : {}),
  })
  return { code, stdout: out.text(), stderr: err.text() }
}

const tempDir = (name: string) => mkdtempSync(path.join(tmpdir(), `farol-${name}-`))
type Json = {
  stats: { pages: number }
  issues: { type: string; urls: string[]; details?: Record<string, unknown> }[]
  pages: Record<string, unknown>[]
}
const counts = (json: Json) => Object.fromEntries(json.issues.map((i) => [i.type, i.urls.length]))

describe('farol crawl --store on the defect site', () => {
  let server: SiteServer
  let memory: Json
  let stored: Json
  let storeDir: string
  let args: string[]
  beforeAll(async () => {
    let origin = ''
    server = await startSiteServer((p) => defectSite(origin)(p))
    origin = server.origin
    args = ['crawl', server.url, '--concurrency', '4', '--allow-private']
    const inMemory = await run([...args, '--json'])
    expect(inMemory.code).toBe(0)
    memory = JSON.parse(inMemory.stdout)
    storeDir = path.join(tempDir('store'), 'crawl-db')
    const withStore = await run([...args, '--json', '--store', storeDir])
    expect(withStore.stderr).not.toContain('farol:')
    expect(withStore.code).toBe(0)
    stored = JSON.parse(withStore.stdout)
  }, 120_000)
  afterAll(() => server.close())

  it('finds the same issues with the same counts as the in-memory crawl (the planted ones)', () => {
    expect(counts(stored)).toEqual(counts(memory))
    expect(Object.keys(counts(stored)).sort()).toEqual(Object.keys(plantedDefects).sort())
    for (const issue of stored.issues) {
      const same = memory.issues.find((i) => i.type === issue.type)!
      expect(issue.urls).toEqual(same.urls)
    }
  })

  it('prints the same --json shape: stats, issues, pages with the same fields and order', () => {
    expect(Object.keys(stored)).toEqual(Object.keys(memory))
    expect(stored.stats.pages).toBe(memory.stats.pages)
    expect(stored.pages.map((p) => p.url)).toEqual(memory.pages.map((p) => p.url))
    const home = (json: Json) => json.pages.find((p) => p.url === server.url)!
    expect(Object.keys(home(stored)).sort()).toEqual(Object.keys(home(memory)).sort())
    expect(home(stored)).toMatchObject({
      status: 200,
      depth: 0,
      inlinks: home(memory).inlinks,
      outlinks: home(memory).outlinks,
      linkScore: home(memory).linkScore,
    })
    const broken = stored.issues.find((i) => i.type === 'broken-link')!
    expect(broken.details![`${server.origin}/broken`]).toMatchObject({
      sources: [`${server.origin}/`, `${server.origin}/a`],
      status: 404,
    })
  })

  it('prints the same text report (counts per issue type) as the in-memory crawl', async () => {
    const text = (out: string) =>
      out
        .split('\n')
        .filter((l) => /^ {2}\S/.test(l))
        .map((l) => /\(([a-z0-9-]+)\): (\d+)$/.exec(l)?.slice(1).join(' '))
        .filter(Boolean)
        .sort()
    const inMemory = await run([...args, '--lang', 'en'])
    const withStore = await run([...args, '--lang', 'en', '--store', tempDir('store-text')])
    expect(withStore.code).toBe(0)
    expect(text(withStore.stdout)).toEqual(text(inMemory.stdout))
    expect(text(withStore.stdout).length).toBe(Object.keys(plantedDefects).length)
  }, 60_000)

  it('starts a new crawl when the last one of the same URL in the store is finished (and keeps it)', async () => {
    const again = await run([...args, '--json', '--store', storeDir])
    expect(again.code).toBe(0)
    expect(again.stderr).not.toMatch(/retomar|Resuming/)
    expect(counts(JSON.parse(again.stdout))).toEqual(counts(memory))
    const store = await openCrawlStore(storeDir)
    try {
      const crawls = await rowsOf(store.db, sql`SELECT finished_at FROM site_crawls ORDER BY created_at`)
      expect(crawls).toHaveLength(2)
      expect(crawls.every((c) => c.finished_at !== null)).toBe(true)
    } finally {
      await store.close()
    }
  }, 60_000)
})

describe('farol crawl --store: a bad path is a usage error', () => {
  it('refuses a file, a folder of other files, and an empty value, with a clear message and exit 64', async () => {
    const dir = tempDir('bad-store')
    const file = path.join(dir, 'notes.txt')
    writeFileSync(file, 'not a database')
    const url = 'http://127.0.0.1:9/'
    const onFile = await run(['crawl', url, '--store', file])
    expect(onFile.code).toBe(64)
    expect(onFile.stderr).toContain(`--store: ${file} não é uma pasta`)
    const onFolder = await run(['crawl', url, '--store', dir, '--lang', 'en'])
    expect(onFolder.code).toBe(64)
    expect(onFolder.stderr).toContain(`--store: ${dir} is neither empty nor a farol crawl database`)
    const under = await run(['crawl', url, '--store', path.join(file, 'db')])
    expect(under.code).toBe(64)
    expect(under.stderr).toContain('--store: não foi possível criar a pasta')
    const empty = await run(['crawl', url, '--store', ''])
    expect(empty.code).toBe(64)
    expect(empty.stderr).toContain('--store needs a directory')
    // Nothing was written into the folder of other files.
    expect((await import('node:fs')).readdirSync(dir)).toEqual(['notes.txt'])
  })
})

describe('farol crawl --store: an interrupted crawl resumes', () => {
  const PAGES = 60
  let server: SiteServer
  let abort: AbortController
  beforeAll(async () => {
    const href = (i: number) => (i === 0 ? '/' : `/p/${i}`)
    server = await startSiteServer((p) => {
      const i = p === '/' ? 0 : Number(/^\/p\/(\d+)$/.exec(p)?.[1] ?? Number.NaN)
      if (!(i >= 0 && i < PAGES)) return undefined
      // The first run is interrupted once it has asked for 20 pages.
      if (server && server.requests.filter((r) => r.startsWith('/p/')).length === 20) abort.abort()
      const links: [string, string][] = [['/', 'Início']]
      for (let c = i * 3 + 1; c <= i * 3 + 3 && c < PAGES; c++) links.push([href(c), `Página ${c}`])
      return {
        body: renderPage({ title: `Página ${i}`, description: `Descrição ${i}`, links, text: `texto ${i}` }),
      }
    })
  })
  afterAll(() => server.close())

  it('stops with 130 and says so; the same command resumes and ends with every page once', async () => {
    const dir = tempDir('resume')
    mkdirSync(dir, { recursive: true })
    abort = new AbortController()
    const args = [
      'crawl',
      server.url,
      '--concurrency',
      '2',
      '--allow-private',
      '--store',
      dir,
      '--lang',
      'en',
    ]
    const first = await run([...args, '--json'], abort.signal)
    expect(first.code).toBe(130)
    expect(first.stderr).toContain(`Interrupted. The crawl stays in ${dir}: run the same command again`)
    const fetchedFirst = server.requests.filter((r) => r.startsWith('/p/')).length
    expect(fetchedFirst).toBeLessThan(PAGES - 1)
    const second = await run([...args, '--json'])
    expect(second.code).toBe(0)
    expect(second.stderr).toMatch(/Resuming the crawl of .* stored in .* \(\d+ pages already stored\)/)
    const json = JSON.parse(second.stdout) as Json
    expect(json.pages.map((p) => p.url).sort()).toEqual(
      Array.from({ length: PAGES }, (_, i) => `${server.origin}${i === 0 ? '/' : `/p/${i}`}`).sort(),
    )
    // Resumed, not restarted: the second run fetched only what the first had not finished.
    const fetchedSecond = server.requests.filter((r) => r.startsWith('/p/')).length - fetchedFirst
    expect(fetchedSecond).toBeLessThan(PAGES - 1)
    expect(fetchedFirst + fetchedSecond).toBeLessThanOrEqual(PAGES - 1 + 4)
  }, 60_000)
})
