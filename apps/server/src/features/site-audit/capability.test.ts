// site_crawl through the HTTP task API: login required, bad input refused with a translated message,
// a crawl of the defect site with its issues, progress and link scores, and the per-user page quota.
import { defectSite } from '@farol/engine/crawl/testing/fixture-site.ts'
import { type SiteServer, startSiteServer } from '@farol/engine/crawl/testing/site-server.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { finishedTask, freePort, signedInUser, testConfig } from '../../../test/helpers.ts'
import { unzip } from '../../../test/unzip.ts'
import { type RunningFarol, startFarol } from '../../composition/server.ts'
import { createLogger } from '../../platform/log.ts'
import { etaSeconds, parseSiteCrawlRequest, type SiteCrawlResult } from './capability.ts'

const log = createLogger('silent')

interface Status {
  status: string
  results: SiteCrawlResult | null
  errorCode: string | null
  message: string | null
}

describe('parseSiteCrawlRequest', () => {
  it('normalises the address and defaults maxPages to 100 (or the maximum when lower)', () => {
    expect(parseSiteCrawlRequest({ url: 'exemplo.pt' }, false, 500)).toEqual({
      url: 'https://exemplo.pt/',
      maxPages: 100,
    })
    expect(parseSiteCrawlRequest({ url: 'exemplo.pt', maxPages: '20' }, false, 50)).toEqual({
      url: 'https://exemplo.pt/',
      maxPages: 20,
    })
    expect(parseSiteCrawlRequest({ url: 'exemplo.pt' }, false, 50).maxPages).toBe(50)
    expect(parseSiteCrawlRequest({ url: 'exemplo.pt', nearDuplicate: '0.85' }, false, 50)).toMatchObject({
      nearDuplicate: 0.85,
    })
    expect(parseSiteCrawlRequest({ url: 'exemplo.pt', render: 'auto' }, false, 50).render).toBe('auto')
    expect(parseSiteCrawlRequest({ url: 'exemplo.pt', render: 'on' }, false, 50).render).toBe('on')
    expect(parseSiteCrawlRequest({ url: 'exemplo.pt', render: 'off' }, false, 50).render).toBeUndefined()
  })
  it.each([
    [{ url: 'exemplo.pt', maxPages: 0 }, 'CRAWL_MAX_PAGES'],
    [{ url: 'exemplo.pt', maxPages: 501 }, 'CRAWL_MAX_PAGES'],
    [{ url: 'exemplo.pt', maxPages: 2.5 }, 'CRAWL_MAX_PAGES'],
    [{ url: 'exemplo.pt', nearDuplicate: 0.3 }, 'CRAWL_NEAR_DUPLICATE'],
    [{ url: 'exemplo.pt', nearDuplicate: 'muito' }, 'CRAWL_NEAR_DUPLICATE'],
    [{ url: 'exemplo.pt', render: 'sempre' }, 'CRAWL_RENDER_MODE'],
    [{ url: 'exemplo.pt', render: true }, 'CRAWL_RENDER_MODE'],
    [{ url: ' ' }, 'URL_REQUIRED'],
    [{}, 'URL_REQUIRED'],
    [{ url: 'http://127.0.0.1/' }, 'BLOCKED_ADDRESS'],
  ])('%j is refused with %s', (data, code) => {
    expect(() => parseSiteCrawlRequest(data, false, 500)).toThrow(expect.objectContaining({ code }))
  })
  it('estimates the time left from the rate and the pages still allowed', () => {
    expect(etaSeconds(10, 100, 2, 50)).toBe(20)
    expect(etaSeconds(10, 5, 5, 50)).toBe(1)
    expect(etaSeconds(0, 5, 0, 50)).toBeNull()
  })
})

describe('site_crawl task', () => {
  let site: SiteServer
  let farol: RunningFarol
  let cookie: string

  beforeAll(async () => {
    let origin = ''
    site = await startSiteServer((p) => defectSite(origin)(p))
    origin = site.origin
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_CRAWL_CONCURRENCY: '4', FAROL_CRAWL_PAGE_QUOTA: '70' },
      }),
      log,
    )
    cookie = await signedInUser(farol, 'rastreio@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    await site?.close()
  })

  async function create(body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }
  const until = (taskId: string, who = cookie) => finishedTask<Status>(farol.url, taskId, { cookie: who })

  it('refuses anonymous visitors with 401', async () => {
    const res = await create({ task_name: 'site_crawl', requested_data: { url: site.url } })
    expect(res.status).toBe(401)
  })

  it('refuses a bad page count with a translated message', async () => {
    const pt = await create(
      { task_name: 'site_crawl', requested_data: { url: site.url, maxPages: 0 } },
      { cookie },
    )
    expect(pt.status).toBe(400)
    expect(pt.body.error).toMatchObject({
      code: 'CRAWL_MAX_PAGES',
      message: 'O número de páginas tem de estar entre 1 e o máximo permitido.',
    })
  })

  it('crawls the site and stores issues, pages with link scores and the final progress', {
    timeout: 180_000,
  }, async () => {
    const res = await create(
      { task_name: 'site_crawl', requested_data: { url: site.url, maxPages: 60 } },
      { cookie },
    )
    expect(res.status).toBe(201)
    const body = await until(res.body.taskId)
    expect(body.status).toBe('success')
    const r = body.results!
    expect(r.partial).toBe(false)
    expect(r.stats.pages).toBe(54)
    expect(r.progress).toMatchObject({ pages: 54, queued: 0, maxPages: 60 })
    const broken = r.issues.find((i) => i.type === 'broken-link')!
    expect(broken.severity).toBe('error')
    expect(broken.details![`${site.origin}/broken`]!.sources).toEqual([`${site.origin}/`, `${site.origin}/a`])
    expect(r.issues.map((i) => i.type)).toContain('orphan-in-sitemap')
    expect(r.pages.find((p) => p.url === site.url)?.linkScore).toBe(100)
    // Lighthouse sample: one page per template, the /level* pages (one segment each) are their own.
    expect(r.sample[0]).toMatchObject({ url: site.url })
    expect(r.sample.length).toBeLessThanOrEqual(10)
    expect(r.issues.find((i) => i.type === 'broken-link')?.title.en).toBe('Broken internal links')
    expect(r.crawlId).toBe(res.body.taskId)
    expect(r.comparison).toBeNull()

    // The crawl's tables, paged in the database, for its owner only.
    const get = (path: string, who = cookie) =>
      fetch(`${farol.url}/api/site-audit/crawls/${r.crawlId}/${path}`, { headers: { cookie: who } })
    const issues = await (await get('issues?type=broken-link&limit=1')).json()
    expect(issues).toMatchObject({
      total: broken.count,
      rows: [{ type: 'broken-link', url: `${site.origin}/broken` }],
    })
    const pages = await (await get('pages?sort=linkScore&limit=2')).json()
    expect(pages.total).toBe(54)
    expect(pages.rows[0]).toMatchObject({ url: site.url, linkScore: 100 })
    const sources = await (await get(`sources?url=${encodeURIComponent(`${site.origin}/broken`)}`)).json()
    expect(sources.rows.map((s: { source: string }) => s.source)).toEqual([
      `${site.origin}/`,
      `${site.origin}/a`,
    ])
    // The issues export in the reader's language (issue 41 item 4); codes only when asked for.
    const csv = await get('export.csv')
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(await csv.text()).toContain(
      `Ligações internas quebradas,Erro,${site.origin}/broken,${site.origin}/a`,
    )
    const codes = await get('export.csv?codes=1')
    expect(await codes.text()).toContain(`broken-link,error,${site.origin}/broken,${site.origin}/a`)

    // The inventory (issue #29): filtered by a page-level problem, its counts, a URL's detail, the exports.
    const inventory = await (await get('inventory?issue=missing-description')).json()
    expect(inventory).toMatchObject({ total: 1, rows: [{ url: `${site.origin}/no-description` }] })
    const facets = await (await get('inventory/facets')).json()
    expect(facets.pages).toBe(54)
    expect(facets.issues.find((i: { type: string }) => i.type === 'missing-description')).toMatchObject({
      count: 1,
      title: { pt: 'A página não tem meta descrição' },
    })
    const detail = await (await get(`page?url=${encodeURIComponent(`${site.origin}/broken`)}`)).json()
    expect(detail.inlinks.total).toBe(2)
    expect((await get(`page?url=${encodeURIComponent(`${site.origin}/nowhere`)}`)).status).toBe(404)
    const bad = await get('inventory?sort=password&lang=en')
    expect(bad.status).toBe(400)
    expect((await bad.json()).error).toMatchObject({ code: 'VALIDATION', message: 'Invalid data.' })
    const filteredCsv = await get('inventory.csv?issue=missing-description&lang=en')
    expect(filteredCsv.headers.get('content-disposition')).toContain('attachment')
    const lines = (await filteredCsv.text()).trimEnd().split('\n')
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatch(/^URL,Status,/)
    expect(lines[1]).toMatch(new RegExp(`^${site.origin}/no-description,200,`))
    const xlsx = await get('inventory.xlsx?status=4xx')
    expect(xlsx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    )
    expect(unzip(Buffer.from(await xlsx.arrayBuffer())).get('xl/worksheets/sheet1.xml')).toContain(
      `${site.origin}/broken`,
    )
    const groups = await (await get('groups?type=duplicate-title')).json()
    expect(groups.groups[0]).toMatchObject({ value: 'Título repetido', size: 2 })
    expect((await get('groups?type=nope')).status).toBe(400)
    const other = await signedInUser(farol, 'outra@exemplo.pt')
    expect((await get('issues', other)).status).toBe(404)
    for (const path of [
      'inventory',
      'inventory/facets',
      'inventory.csv',
      'inventory.xlsx',
      `page?url=${site.url}`,
      'groups?type=duplicate-title',
    ])
      expect((await get(path, other)).status).toBe(404)
    expect((await fetch(`${farol.url}/api/site-audit/crawls/${r.crawlId}/issues`)).status).toBe(401)
  })

  it('compares a second crawl of the same site with the first', { timeout: 300_000 }, async () => {
    const res = await create(
      { task_name: 'site_crawl', requested_data: { url: site.url, maxPages: 5 } },
      { cookie },
    )
    const body = await until(res.body.taskId)
    expect(body.status).toBe('success')
    // The same site, 5 pages instead of 54: 49 pages gone, no page added, nothing changed status.
    expect(body.results!.comparison).toMatchObject({ pagesAdded: 0, pagesGone: 49, statusChangeCount: 0 })
  })

  it('fails with the reason when the start page cannot be fetched at all', { timeout: 180_000 }, async () => {
    const res = await create(
      { task_name: 'site_crawl', requested_data: { url: 'http://127.0.0.1:1/', maxPages: 5 } },
      { cookie },
    )
    const body = await until(res.body.taskId)
    expect(body.status).toBe('failed')
    expect(body.errorCode).toBe('CONNECTION_REFUSED')
    expect(body.message).toBe('The server refused the connection: nothing answers at this address and port.')
  })

  it("gives each user a verification token; a site showing the requester's crawls at the owner's pace", {
    timeout: 180_000,
  }, async () => {
    expect((await fetch(`${farol.url}/api/site-audit/verification`)).status).toBe(401)
    const owner = await signedInUser(farol, 'dona@exemplo.pt')
    const res = await fetch(`${farol.url}/api/site-audit/verification`, { headers: { cookie: owner } })
    const { token, meta, path, ownerMax } = (await res.json()) as {
      token: string
      meta: string
      path: string
      ownerMax: number
    }
    expect(ownerMax).toBe(32)
    expect(token).toMatch(/^farol-[0-9a-f]{24}$/)
    expect(meta).toBe(`<meta name="farol-verification" content="${token}">`)
    expect(path).toBe('/.well-known/farol-verification.txt')
    const own = await startSiteServer((p) =>
      p === '/' ? { body: `<head>${meta}</head><title>Loja</title>` } : undefined,
    )
    try {
      const crawlOf = async (who: string) => {
        const created = await create(
          { task_name: 'site_crawl', requested_data: { url: own.url, maxPages: 3 } },
          {
            cookie: who,
          },
        )
        return (await until(created.body.taskId, who)).results!
      }
      // The result says whether the token was found (this server's pace is fixed at 4 in flight).
      expect((await crawlOf(owner)).ownerVerified).toBe(true)
      expect((await crawlOf(await signedInUser(farol, 'outra@exemplo.pt'))).ownerVerified).toBe(false)
    } finally {
      await own.close()
    }
  })

  it('holds each user to the daily page quota', { timeout: 180_000 }, async () => {
    // 60 of the 70 pages are used (54, 5, and the refused start page above): the next crawl gets 10, then none.
    const second = await until(
      (await create({ task_name: 'site_crawl', requested_data: { url: site.url, maxPages: 50 } }, { cookie }))
        .body.taskId,
    )
    expect(second.status).toBe('success')
    expect(second.results!.stats.pages).toBe(10)
    const third = await until(
      (await create({ task_name: 'site_crawl', requested_data: { url: site.url, maxPages: 50 } }, { cookie }))
        .body.taskId,
    )
    expect(third.status).toBe('failed')
    expect(third.errorCode).toBe('CRAWL_QUOTA_EXCEEDED')
    expect(third.message).toBe('You have reached the daily limit of crawled pages. Try again tomorrow.')
  })
})
