// The crawler against generated sites on loopback: every planted defect is found with exactly the planted
// URLs, the clean twin raises nothing, robots.txt-blocked URLs are never requested and no URL twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteIssues, siteLinkScores } from './checks/index.ts'
import { type CrawlRun, crawl } from './crawler.ts'
import { decodeSignature } from './minhash.ts'
import { verifyOwner } from './owner.ts'
import { parseThreadsAlive } from './parse-pool.ts'
import { cleanSite, defectSite, plantedDefects } from './testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from './testing/site-server.ts'

const fast = { concurrency: 4, allowPrivate: true }

describe('crawl of the defect site', () => {
  let server: SiteServer
  let run: CrawlRun
  beforeAll(async () => {
    let origin = ''
    server = await startSiteServer((path) => defectSite(origin)(path))
    origin = server.origin
    run = await crawl(server.url, fast)
  })
  afterAll(() => server.close())

  const url = (path: string) => `${server.origin}${path}`
  const row = (path: string) => run.tables.pages.find((p) => p.url === url(path))

  it('reports every planted defect with exactly the planted URLs', () => {
    const issues = siteIssues(run.tables)
    const found = Object.fromEntries(
      issues.map((i) => [i.type, i.urls.map((u) => u.slice(server.origin.length)).sort()]),
    )
    const expected = Object.fromEntries(Object.entries(plantedDefects).map(([k, v]) => [k, [...v].sort()]))
    expect(found).toEqual(expected)
  })

  it('gives broken links their sources and chains their hops', () => {
    const issues = siteIssues(run.tables)
    const broken = issues.find((i) => i.type === 'broken-link')!
    expect(broken.details![url('/broken')]).toEqual({ sources: [url('/'), url('/a')], status: 404 })
    const chain = issues.find((i) => i.type === 'redirect-chain')!
    expect(chain.details![url('/r1')]!.chain).toEqual([url('/r1'), url('/r2'), url('/r3')])
  })

  it('never requests a URL robots.txt blocks, and no URL twice', () => {
    expect(server.requests.filter((p) => p.startsWith('/private/'))).toEqual([])
    const counts = new Map<string, number>()
    for (const p of server.requests) counts.set(p, (counts.get(p) ?? 0) + 1)
    expect([...counts].filter(([, n]) => n > 1)).toEqual([])
    expect(row('/private/secret')).toMatchObject({ blockedByRobots: true, status: null })
  })

  it('records exact breadth-first depth, redirect hops and anchor text', () => {
    expect(row('/')!.depth).toBe(0)
    expect(row('/level1')!.depth).toBe(1)
    expect(row('/level6')!.depth).toBe(6)
    expect(row('/orphan')!.depth).toBeNull()
    expect(row('/r2')).toMatchObject({ status: 302, redirectTo: url('/r3'), depth: 1, source: 'redirect' })
    expect(row('/')!.links.find((l) => l.url === url('/level1'))).toMatchObject({
      text: 'Nível 1',
      internal: true,
    })
    expect(row('/a')!.wordCount).toBeGreaterThan(100)
    expect(decodeSignature(row('/a')!.minhash!)).toHaveLength(128)
  })

  it('scores links 0-100 with the home page (linked from everywhere) at the top', () => {
    const scores = siteLinkScores(run.tables)
    expect(scores.get(url('/'))).toBe(100)
    expect(scores.get(url('/level6'))!).toBeLessThan(scores.get(url('/a'))!)
    expect(Math.min(...scores.values())).toBe(0)
  })
})

describe('crawl of the clean twin', () => {
  it('raises no issue at all', async () => {
    let origin = ''
    const server = await startSiteServer((path) => cleanSite(origin)(path))
    origin = server.origin
    try {
      const run = await crawl(server.url, fast)
      expect(run.tables.pages.length).toBe(10)
      expect(siteIssues(run.tables)).toEqual([])
    } finally {
      await server.close()
    }
  })
})

describe('politeness in a crawl', () => {
  it("honours Crawl-delay (robots.txt) as the host's floor and records robots-blocked URLs unfetched", async () => {
    const server = await startSiteServer((path) =>
      path === '/robots.txt'
        ? {
            headers: { 'content-type': 'text/plain' },
            body: 'User-agent: *\nCrawl-delay: 1\nDisallow: /no\n',
          }
        : path === '/'
          ? { body: '<title>home</title><a href="/two">two</a><a href="/no/x">no</a>' }
          : { body: '<title>two</title><a href="/">home</a>' },
    )
    try {
      const run = await crawl(server.url, { allowPrivate: true, sitemaps: false })
      expect(run.hosts[server.origin]).toEqual({ floorMs: 1000, intervalMs: 1000, limit: 2, ceiling: 8 })
      expect(server.requests).not.toContain('/no/x')
      const rows = run.tables.pages.map((p) => [
        p.url.slice(server.origin.length),
        p.status,
        p.blockedByRobots,
      ])
      expect(rows.sort()).toEqual([
        ['/', 200, false],
        ['/no/x', null, true],
        ['/two', 200, false],
      ])
    } finally {
      await server.close()
    }
  })

  it('retries after a 429 once the Retry-After pause is over, and slows the host down', async () => {
    let asked = 0
    const server = await startSiteServer((path) => {
      if (path === '/robots.txt') return undefined
      if (path === '/busy' && asked++ === 0) return { status: 429, headers: { 'retry-after': '1' }, body: '' }
      return { body: '<title>t</title><a href="/busy">busy</a>' }
    })
    try {
      const run = await crawl(server.url, { concurrency: 4, allowPrivate: true, sitemaps: false })
      expect(run.tables.pages.find((p) => p.url.endsWith('/busy'))!.status).toBe(200)
      expect(server.requests.filter((p) => p === '/busy')).toHaveLength(2)
      expect(run.hosts[server.origin]!.intervalMs).toBeGreaterThan(0)
    } finally {
      await server.close()
    }
  })
})

describe('crawl limits', () => {
  it('stops at maxPages and maxDepth, and keeps www, slashes and parameters apart', async () => {
    const server = await startSiteServer((path) => {
      const n = Number(/\/p(\d+)/.exec(path)?.[1] ?? 0)
      return {
        body: `<title>p${n}</title><a href="/p${n + 1}">next</a><a href="/p${n + 1}/">slash</a><a href="/p${n}?v=${n}">v</a>`,
      }
    })
    try {
      const deep = await crawl(`${server.origin}/p0`, { ...fast, maxDepth: 2, sitemaps: false })
      const urls = deep.tables.pages.map((p) => p.url.slice(server.origin.length)).sort()
      expect(urls).toEqual(['/p0', '/p0?v=0', '/p1', '/p1/', '/p1?v=1', '/p2', '/p2/'].sort())
      const capped = await crawl(`${server.origin}/p0`, { ...fast, maxPages: 3, sitemaps: false })
      expect(capped.tables.pages.length).toBe(3)
      expect(capped.stoppedBy).toBe('max-pages')
    } finally {
      await server.close()
    }
  })

  it('caps query variants per path', async () => {
    const server = await startSiteServer(() => ({
      body: Array.from({ length: 40 }, (_, i) => `<a href="/list?page=${i}">${i}</a>`).join(''),
    }))
    try {
      const run = await crawl(`${server.origin}/list`, { ...fast, maxQueryVariants: 5, sitemaps: false })
      expect(run.tables.pages.filter((p) => p.url.includes('?')).length).toBe(5)
    } finally {
      await server.close()
    }
  })

  it('refuses private addresses unless allowed, on every hop', async () => {
    await expect(crawl('http://127.0.0.1:9/', { allowPrivate: false })).rejects.toMatchObject({
      code: 'BLOCKED_ADDRESS',
    })
    const server = await startSiteServer((path) =>
      path === '/'
        ? { body: '<a href="/go">go</a>' }
        : path === '/go'
          ? { status: 302, headers: { location: 'http://10.0.0.1/' } }
          : undefined,
    )
    try {
      // 127.0.0.1 counts as public here; the redirect's private target must still be refused.
      const run = await crawl(server.url, {
        ...fast,
        allowPrivate: false,
        isBlocked: (ip) => ip.startsWith('10.'),
        includeSubdomains: false,
        sitemaps: false,
      })
      expect(run.tables.pages.find((p) => p.url === `${server.origin}/go`)!.redirectTo).toBe(
        'http://10.0.0.1/',
      )
      // Out of scope: recorded as the hop's target, never fetched.
      expect(run.tables.pages.some((p) => p.url.startsWith('http://10.'))).toBe(false)
    } finally {
      await server.close()
    }
  })
})

describe('adaptive pace in a crawl', () => {
  /** A tree of pages, each linking to two children: plenty to crawl, nothing else to read. */
  const tree = (path: string) => {
    if (path === '/robots.txt') return undefined
    const n = path === '/' ? 0 : Number(path.slice(3))
    const child = (k: number) => `<a href="/p/${k}">${k}</a>`
    return { body: `<title>p ${n}</title><main>page ${n}</main>${child(2 * n + 1)}${child(2 * n + 2)}` }
  }

  it('speeds up on a server that keeps up, backs off when it slows down, never above the ceiling', async () => {
    // The loopback site answers in 40 ms up to 5 requests at once, in 600 ms past that.
    let peak = 0
    let firstSlowAnswer: number | null = null
    const server = await startSiteServer(tree, {
      delayFor: (inProgress) => {
        peak = Math.max(peak, inProgress)
        if (inProgress <= 5) return 40
        firstSlowAnswer ??= Date.now() + 600
        return 600
      },
    })
    const decisions: { at: number; limit: number; code: string }[] = []
    try {
      await crawl(server.url, {
        allowPrivate: true,
        sitemaps: false,
        maxPages: 80,
        // The polite start at a shorter spacing, so the test runs in seconds; the rules are the same.
        minIntervalMs: 20,
        onPace: (origin, pace) => {
          if (origin === server.origin)
            decisions.push({ at: Date.now(), limit: pace.limit, code: pace.reason.code })
        },
      })
    } finally {
      await server.close()
    }
    const limits = decisions.map((d) => d.limit)
    expect(limits[0]).toBe(2)
    // It rose past what the server handles, never above the ceiling…
    expect(Math.max(...limits)).toBeGreaterThan(5)
    expect(Math.max(...limits)).toBeLessThanOrEqual(8)
    expect(peak).toBeLessThanOrEqual(8)
    // …and halved on the strain, within a few answers (and seconds) of the first slow answer.
    expect(firstSlowAnswer).not.toBeNull()
    const after = decisions.findIndex((d) => d.at >= firstSlowAnswer!)
    const backOff = decisions.findIndex((d, i) => i >= after && i > 0 && d.limit < limits[i - 1]!)
    expect(backOff).toBeGreaterThanOrEqual(after)
    expect(['latency', 'slow']).toContain(decisions[backOff]!.code)
    expect(backOff - after).toBeLessThan(25)
    expect(decisions[backOff]!.at - firstSlowAnswer!).toBeLessThan(5000)
  })

  it('lets an owner-verified start host go up to the owner ceiling', async () => {
    const server = await startSiteServer((path) =>
      path === '/'
        ? { body: '<head><meta name="farol-verification" content="tok-123"></head><a href="/two">two</a>' }
        : tree(path),
    )
    try {
      const base = { allowPrivate: true, sitemaps: false, maxPages: 5 }
      const owned = await crawl(server.url, { ...base, owner: { token: 'tok-123', ceiling: 32 } })
      expect(owned.ownerVerified).toBe(true)
      expect(owned.hosts[server.origin]!.ceiling).toBe(32)
      const other = await crawl(server.url, { ...base, owner: { token: 'someone-else', ceiling: 32 } })
      expect(other.ownerVerified).toBe(false)
      expect(other.hosts[server.origin]!.ceiling).toBe(8)
    } finally {
      await server.close()
    }
  })

  it('reads the token from /.well-known/farol-verification.txt too', async () => {
    const server = await startSiteServer((path) =>
      path === '/.well-known/farol-verification.txt'
        ? { headers: { 'content-type': 'text/plain' }, body: 'tok-456\n' }
        : { body: '<title>home</title>' },
    )
    try {
      expect(await verifyOwner(server.url, 'tok-456', { allowPrivate: true })).toBe(true)
      expect(await verifyOwner(server.url, 'tok-45', { allowPrivate: true })).toBe(false)
      expect(await verifyOwner(server.url, ' ', { allowPrivate: true })).toBe(false)
    } finally {
      await server.close()
    }
  })
})

describe('crawl with parsing threads', () => {
  let server: SiteServer
  beforeAll(async () => {
    let origin = ''
    server = await startSiteServer((path) => defectSite(origin)(path))
    origin = server.origin
  })
  afterAll(() => server.close())

  it('parses the same on parsing threads as on the crawler thread', async () => {
    // Timings and fetch times differ between runs; every fact read from the pages must not.
    const facts = (r: CrawlRun) =>
      r.tables.pages
        .map(({ firstByteMs, totalMs, fetchedAt, ...rest }) => rest)
        .sort((a, b) => a.url.localeCompare(b.url))
    const inline = await crawl(server.url, { ...fast, parseThreads: 0 })
    const threaded = await crawl(server.url, { ...fast, parseThreads: 2 })
    expect(threaded.tables.pages.some((p) => p.links.length > 0)).toBe(true)
    expect(facts(threaded)).toEqual(facts(inline))
    // Really on threads: a thread that failed to load would leave every page to the crawler's thread.
    expect(parseThreadsAlive()).toBe(2)
  })
})
