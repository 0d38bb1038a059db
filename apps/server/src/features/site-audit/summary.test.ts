// The site audit in the dashboard's recommendations and the PDF report (issue 18): a stored finished
// site_crawl of the analysed host reaches GET /api/site-audit/summary and get-report-data; another user's
// crawl, another host's crawl and an unfinished crawl do not. On PGlite, and on PostgreSQL when available.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from '../../../test/helpers.ts'
import { type RunningFarol, startFarol } from '../../composition/server.ts'
import { tasks, users } from '../../platform/db/schema.ts'
import { createLogger } from '../../platform/log.ts'
import { personalWorkspaceId } from '../../tenancy/access.ts'
import type { SiteCrawlResult } from './capability.ts'

const log = createLogger('silent')
const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000)

/** A finished crawl's stored result, with only what a summary reads filled in. */
function crawlResult(url: string, pages: number, issues: SiteCrawlResult['issues']): SiteCrawlResult {
  return {
    url,
    partial: false,
    stoppedBy: 'done',
    stats: { pages, seconds: 10, urlsPerSecond: pages / 10 },
    issues,
    pages: [],
    sample: [],
    progress: { pages, queued: 0, rate: 1, etaSeconds: 0, maxPages: 100 },
  }
}

const issue = (type: string, severity: 'error' | 'warning' | 'notice', paths: string[], origin: string) => ({
  type,
  severity,
  urls: paths.map((p) => `${origin}${p}`),
  // The stored strings; the summary prefers the check's own.
  title: { pt: type, en: type },
  description: { pt: '', en: '' },
})

const backends: [string, string | undefined][] = [
  ['PGlite', undefined],
  ['PostgreSQL', testDatabaseUrl],
]

describe.each(backends)('site audit in recommendations and reports (%s)', (name, serverUrl) => {
  const skip = name === 'PostgreSQL' && !serverUrl
  let farol: RunningFarol
  let dropDatabase: (() => Promise<void>) | undefined
  const cookies: Record<string, string> = {}

  beforeAll(async () => {
    if (skip) return
    const database = serverUrl ? await freshPostgres(serverUrl) : undefined
    dropDatabase = database?.drop
    const port = await freePort()
    farol = await startFarol(
      testConfig({ port, databaseUrl: database?.url, env: { FAROL_WORKERS: '0' } }),
      log,
    )
    for (const who of ['ana', 'rui', 'eva']) cookies[who] = await signedInUser(farol, `${who}@example.pt`)
    const idOf = async (who: string) =>
      (
        await farol.database.db
          .select()
          .from(users)
          .where(eq(users.email, `${who}@example.pt`))
      )[0]!.id
    const ana = await idOf('ana')
    const rui = await idOf('rui')
    // A personal workspace is made on its user's first request: the crawls below are made in them.
    for (const who of Object.keys(cookies))
      expect((await call('/api/workspaces', cookies[who])).status).toBe(200)
    const crawlRow = (
      userId: string,
      url: string,
      finishedAt: Date,
      results: SiteCrawlResult,
      status = 'success',
    ) => ({
      kind: 'site_crawl',
      url,
      userId,
      // Each made in its maker's personal workspace, where they read it (issue 40).
      workspaceId: personalWorkspaceId(userId),
      status,
      input: { url, maxPages: 100 },
      results,
      createdAt: finishedAt,
      finishedAt: status === 'success' ? finishedAt : null,
    })
    const site = 'https://exemplo.pt'
    await farol.database.db.insert(tasks).values([
      // Ana's older crawl of the site: superseded by the next one.
      crawlRow(
        ana,
        `${site}/`,
        hoursAgo(48),
        crawlResult(`${site}/`, 3, [issue('dead-end', 'notice', ['/x'], site)]),
      ),
      // Ana's latest finished crawl of the site: the one shown.
      crawlRow(
        ana,
        `${site}/`,
        hoursAgo(24),
        crawlResult(`${site}/`, 42, [
          issue('deep-page', 'notice', ['/a/b/c/d/e'], site),
          issue('broken-link', 'error', ['/gone-1', '/gone-2', '/gone-3', '/gone-4', '/gone-5'], site),
          issue('duplicate-title', 'warning', ['/t1', '/t2'], site),
        ]),
      ),
      // Newer, but not finished.
      crawlRow(ana, `${site}/`, hoursAgo(1), crawlResult(`${site}/`, 5, []), 'running'),
      // Newer, but another host (www is another host: the crawl's scope is exactly its start host).
      crawlRow(
        ana,
        'https://www.exemplo.pt/',
        hoursAgo(2),
        crawlResult('https://www.exemplo.pt/', 7, [issue('redirect-loop', 'error', ['/loop'], site)]),
      ),
      // Newest of all, same host, another user.
      crawlRow(
        rui,
        `${site}/`,
        hoursAgo(0.5),
        crawlResult(`${site}/`, 9, [issue('canonical-to-error', 'error', ['/c'], site)]),
      ),
    ])
  })
  afterAll(async () => {
    await farol?.stop()
    await dropDatabase?.()
  })

  const call = (path: string, cookie?: string, json?: unknown) =>
    fetch(`${farol.url}${path}`, {
      method: json === undefined ? 'GET' : 'POST',
      headers: {
        origin: farol.url,
        ...(cookie ? { cookie } : {}),
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
  const summaryFor = async (who: string, url: string) => {
    const res = await call(`/api/site-audit/summary?${new URLSearchParams({ url })}`, cookies[who])
    expect(res.status).toBe(200)
    return (await res.json()).siteAudit
  }

  const expected = {
    url: 'https://exemplo.pt/',
    crawledAt: expect.any(String),
    pages: 42,
    issues: [
      {
        type: 'broken-link',
        severity: 'error',
        count: 5,
        examples: ['https://exemplo.pt/gone-1', 'https://exemplo.pt/gone-2', 'https://exemplo.pt/gone-3'],
        title: { pt: 'Ligações internas quebradas', en: 'Broken internal links' },
        description: expect.objectContaining({ en: expect.stringMatching(/./) }),
      },
      expect.objectContaining({ type: 'duplicate-title', severity: 'warning', count: 2 }),
      expect.objectContaining({ type: 'deep-page', severity: 'notice', count: 1 }),
    ],
  }

  it.skipIf(skip)('gives the latest finished crawl of the same host, for any page of it', async () => {
    const summary = await summaryFor('ana', 'https://exemplo.pt/blog/artigo?x=1')
    expect(summary).toEqual(expected)
    expect(Date.now() - Date.parse(summary.crawledAt)).toBeGreaterThan(23 * 3_600_000)
  })

  it.skipIf(skip)('never another user’s crawl, nor a crawl of another host', async () => {
    expect(await summaryFor('eva', 'https://exemplo.pt/')).toBeNull()
    expect(
      (await summaryFor('rui', 'https://exemplo.pt/')).issues.map((i: { type: string }) => i.type),
    ).toEqual(['canonical-to-error'])
    expect(await summaryFor('ana', 'https://outro.pt/')).toBeNull()
    expect((await summaryFor('ana', 'https://www.exemplo.pt/')).pages).toBe(7)
    expect((await call('/api/site-audit/summary?url=https://exemplo.pt/')).status).toBe(401)
  })

  it.skipIf(skip)('puts the owner’s crawl in the report data, and no one else’s', async () => {
    const reportOf = async (who: string) => {
      const created = await call('/api/reports', cookies[who], { url: 'exemplo.pt/servicos' })
      expect(created.status).toBe(201)
      const r = await created.json()
      const ids = {
        desktopTaskId: r.desktopTaskId,
        mobileTaskId: r.mobileTaskId,
        aiOptimizationTaskId: r.aiOptimizationTaskId,
      }
      const res = await call('/api/get-report-data', cookies[who], ids)
      expect(res.status).toBe(200)
      return await res.json()
    }
    expect((await reportOf('ana')).siteAudit).toEqual(expected)
    // Eva has no crawl: her report has none, though Ana and Rui crawled the same host.
    expect((await reportOf('eva')).siteAudit).toBeNull()
  })
})
