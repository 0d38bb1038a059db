// The rendered crawl end to end on loopback sites, in Debian's Chromium through the egress proxy: a SPA
// (raw crawl: 1 page; rendered: all), the hybrid site (each rendered check fires on its planted pages) and
// its server-rendered twin (none fires), a page that cannot render keeps its raw facts, and the SSRF rule
// holds for every request a rendered page makes.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { siteIssues } from '../crawl/checks/index.ts'
import { renderedChecks } from '../crawl/checks/rendered.ts'
import { crawl } from '../crawl/crawler.ts'
import { type SiteServer, startSiteServer } from '../crawl/testing/site-server.ts'
import { isBlockedAddress } from '../fetch/address.ts'
import { findChrome } from '../lighthouse/chrome.ts'
import { HYBRID_PLANTED, hybridSite, spaSite } from './testing/sites.ts'

const chrome = findChrome()
const renderedIds = new Set(renderedChecks.map((c) => c.id))
const options = { allowPrivate: true, sitemaps: false, concurrency: 4, renderConcurrency: 2 } as const

/** The rendered checks' findings, as paths. */
function renderedFindings(run: Awaited<ReturnType<typeof crawl>>, origin: string): Record<string, string[]> {
  const out: Record<string, string[]> = {}
  for (const issue of siteIssues(run.tables)) {
    if (!renderedIds.has(issue.type)) continue
    out[issue.type] = issue.urls.map((u) => u.slice(origin.length) || '/').sort()
  }
  return out
}

describe.skipIf(!chrome)('rendered crawl', () => {
  let spa: SiteServer
  let hybrid: SiteServer
  let twin: SiteServer
  beforeAll(async () => {
    spa = await startSiteServer(spaSite(25))
    let hybridOrigin = ''
    hybrid = await startSiteServer((path) => hybridSite(hybridOrigin)(path))
    hybridOrigin = hybrid.origin
    let twinOrigin = ''
    twin = await startSiteServer((path) => hybridSite(twinOrigin, true)(path))
    twinOrigin = twin.origin
  })
  afterAll(async () => {
    await Promise.all([spa?.close(), hybrid?.close(), twin?.close()])
  })

  it('a raw crawl of the SPA finds its one shell; the rendered crawl finds every page', async () => {
    const raw = await crawl(spa.url, options)
    expect(raw.tables.pages.map((p) => p.url)).toEqual([spa.url])
    expect(raw.render).toBeUndefined()
    const rendered = await crawl(spa.url, { ...options, render: 'on' })
    expect(rendered.tables.pages.filter((p) => p.status === 200)).toHaveLength(25)
    expect(rendered.render).toMatchObject({ mode: 'on', rendered: true, reason: 'asked', concurrency: 2 })
    const page7 = rendered.tables.pages.find((p) => p.url === `${spa.origin}/p/7`)!
    expect(page7.title).toBe('Página 7')
    expect(page7.h1).toBe('Página 7')
    expect(page7.description).toBe('Descrição da página 7')
    expect(page7.wordCount).toBeGreaterThanOrEqual(100)
    expect(page7.render).toMatchObject({
      error: null,
      raw: { title: 'App', wordCount: 0, links: [], h1: null },
      scriptErrors: [],
      blockedResources: [],
    })
    expect(page7.links.map((l) => l.url).sort()).toEqual(
      [`${spa.origin}/p/3`, `${spa.origin}/p/15`, `${spa.origin}/p/16`].sort(),
    )
    const found = renderedFindings(rendered, spa.origin)
    expect(found['content-only-rendered']).toHaveLength(25)
    expect(found['title-changed-by-js']).toHaveLength(25)
    // The start page's links are JavaScript's; every other page is reachable only through such links.
    expect(found['links-only-rendered']).toHaveLength(25)
  }, 120_000)

  it('auto renders the SPA (its raw start page has no text) and says why', async () => {
    const run = await crawl(spa.url, { ...options, render: 'auto', maxPages: 5 })
    expect(run.render).toMatchObject({ mode: 'auto', rendered: true, reason: 'auto-text' })
    expect(run.tables.pages).toHaveLength(5)
  }, 120_000)

  it('auto keeps a server-rendered site raw and says why', async () => {
    const run = await crawl(twin.url, { ...options, render: 'auto', maxPages: 3 })
    expect(run.render).toMatchObject({ mode: 'auto', rendered: false, reason: 'auto-not-needed' })
    expect(run.tables.pages.every((p) => p.render === undefined)).toBe(true)
  }, 120_000)

  it('on the hybrid site each rendered check fires on its planted pages, and nowhere on the twin', async () => {
    const run = await crawl(hybrid.url, { ...options, render: 'on' })
    expect(renderedFindings(run, hybrid.origin)).toEqual(
      Object.fromEntries(Object.entries(HYBRID_PLANTED).map(([k, v]) => [k, [...v].sort()])),
    )
    const title = run.tables.pages.find((p) => p.url === `${hybrid.origin}/title-js`)!
    expect(title.title).toBe('Depois')
    expect(title.render?.raw.title).toBe('Antes')
    const throws = siteIssues(run.tables).find((i) => i.type === 'render-error')!
    expect(throws.details?.[`${hybrid.origin}/throws`]?.errors?.[0]).toMatch(
      new RegExp(`reading 'build'.*${hybrid.origin}/throws:1`),
    )
    const blocked = siteIssues(run.tables).find((i) => i.type === 'blocked-resource')!
    expect(blocked.details?.[`${hybrid.origin}/blocked-script`]?.targets).toEqual([
      `${hybrid.origin}/private/app.js`,
    ])
    const twinRun = await crawl(twin.url, { ...options, render: 'on' })
    expect(twinRun.tables.pages.filter((p) => p.status === 200)).toHaveLength(
      run.tables.pages.filter((p) => p.status === 200).length,
    )
    expect(renderedFindings(twinRun, twin.origin)).toEqual({})
  }, 180_000)

  it('a page that cannot render in time keeps its raw facts and the reason', async () => {
    // A request the page makes that never gets an answer: the network never goes quiet.
    const hold = createServer((_req, _res) => {})
    await new Promise<void>((resolve) => hold.listen(0, '127.0.0.1', resolve))
    const holdPort = (hold.address() as AddressInfo).port
    const page = await startSiteServer((path) =>
      path === '/'
        ? {
            body: `<!doctype html><title>Raw title</title><h1>Raw</h1><p>raw words here</p><script>fetch('http://127.0.0.1:${holdPort}/never')</script>`,
          }
        : undefined,
    )
    try {
      const run = await crawl(page.url, { ...options, render: 'on', renderTimeoutMs: 2_000 })
      const row = run.tables.pages[0]!
      expect(row.title).toBe('Raw title')
      expect(row.render?.error).toBe('RENDER_TIMEOUT')
      expect(row.render?.raw.title).toBe('Raw title')
      const found = renderedFindings(run, page.origin)
      expect(found['render-error']).toEqual(['/'])
      expect(found['title-changed-by-js']).toBeUndefined()
    } finally {
      hold.closeAllConnections()
      hold.close()
      await page.close()
    }
  }, 60_000)
})

describe.skipIf(!chrome)('rendered crawl: SSRF', () => {
  it('a rendered page’s requests to other loopback addresses and ports are refused by the egress proxy', async () => {
    // The site is on 127.0.0.3, which this test's policy treats as public (the egress test pattern); every
    // other loopback address stays refused. A service on 127.0.0.1 must never see a request.
    const secretHits: string[] = []
    const secret = createServer((req, res) => {
      secretHits.push(req.url ?? '')
      res.end('secret')
    })
    await new Promise<void>((resolve) => secret.listen(0, '127.0.0.1', resolve))
    const secretPort = (secret.address() as AddressInfo).port
    const body = `<!doctype html><title>Probe</title><h1>Probe</h1><p>${'word '.repeat(60)}</p>
<script src="http://localhost:${secretPort}/script.js"></script>
<iframe src="http://127.0.0.1:${secretPort}/frame"></iframe>
<script>fetch('http://127.0.0.1:${secretPort}/xhr').catch(() => {}); fetch('http://[::1]:${secretPort}/v6').catch(() => {})</script>`
    const site = createServer((req, res) => {
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end(body)
      } else res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.3', resolve))
    const port = (site.address() as AddressInfo).port
    const refused: string[] = []
    try {
      const run = await crawl(`http://127.0.0.3:${port}/`, {
        allowPrivate: false,
        isBlocked: (ip) => ip !== '127.0.0.3' && isBlockedAddress(ip),
        sitemaps: false,
        render: 'on',
        renderConcurrency: 1,
        onRenderRefused: (target) => refused.push(target),
      })
      const row = run.tables.pages[0]!
      expect(row.status).toBe(200)
      expect(row.render?.error).toBeNull()
      expect(row.title).toBe('Probe')
      expect(secretHits).toEqual([])
      expect(refused).toEqual(
        expect.arrayContaining([
          `http://localhost:${secretPort}/script.js`,
          `http://127.0.0.1:${secretPort}/frame`,
          `http://127.0.0.1:${secretPort}/xhr`,
          `http://[::1]:${secretPort}/v6`,
        ]),
      )
      // The refused script is a script that failed to load, said by render-error.
      expect(row.render?.scriptErrors.join(' ')).toMatch(/script/)
    } finally {
      secret.close()
      site.close()
    }
  }, 60_000)
})
