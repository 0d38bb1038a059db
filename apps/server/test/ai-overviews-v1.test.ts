// Google's AI answers through /api/v1 and MCP (issue 43 item 3), on PGlite and (when TEST_DATABASE_URL is
// set) PostgreSQL, against the loopback DataForSEO fake: a run started with its confirmed cost and read by
// its links; a tracked site's keywords checked at its scheduled run, its checks' changes; one keyword's
// history (a citation lost and gained); where keywords come from, Search Console included through a faked
// Google grant (the token refreshed at a fake of Google's token endpoint, the queries read from a fake of
// searchAnalytics.query) into a run; a run's cited pages. One naming case, links that are /api/v1 routes
// the token opens, no user's id; a token of another workspace is refused everything.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type FakeGsc, startFakeGsc } from '../../../packages/engine/test/fakes/positions-gsc.ts'
import { checkTrackedSite } from '../src/features/ai-overviews/tracking.ts'
import { gscScope } from '../src/features/sites/keywords.ts'
import { accounts, aiOverviewAnswers } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { overviewsBackends, overviewsWorld, seededTrackedSite } from './ai-overviews-world.ts'
import { type FakeGoogleOAuth, startFakeGoogleOAuth } from './fake-google-oauth.ts'

const googleClient = { clientId: 'farol-aio.apps.googleusercontent.com', clientSecret: 'segredo' }
const place = { locations: [{ locationCode: 2620, languageCode: 'pt' }], devices: ['desktop'] }

/** Every key of a JSON value, however deep. */
function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf)
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)])
  return []
}

/** Every string that is an address, however deep. */
function linksOf(value: unknown): string[] {
  if (typeof value === 'string') return /^https?:\/\//.test(value) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(linksOf)
  if (value && typeof value === 'object') return Object.values(value).flatMap(linksOf)
  return []
}

for (const backend of overviewsBackends) {
  describe(`/api/v1/overviews and the MCP tools on ${backend}`, () => {
    let gsc: FakeGsc
    let google: FakeGoogleOAuth
    beforeAll(async () => {
      gsc = await startFakeGsc()
      google = await startFakeGoogleOAuth(googleClient)
      return async () => {
        await gsc?.close()
        await google?.close()
      }
    })
    const world = overviewsWorld(backend, {
      tag: 'v1',
      users: ['ana', 'rui'],
      env: () => ({
        GOOGLE_CLIENT_ID: googleClient.clientId,
        GOOGLE_CLIENT_SECRET: googleClient.clientSecret,
        FAROL_GOOGLE_TOKEN_URL: google.tokenUrl,
        FAROL_GSC_URL: gsc.origin,
      }),
    })
    const tokens: Record<string, string> = {}
    let anaId = ''
    let workspaceId = ''
    let siteId = ''
    let runId = ''
    let consoleRunId = ''

    const v1 = async (who: string, method: string, path: string, body?: unknown) => {
      const r = await fetch(path.startsWith('http') ? path : `${world.farol.url}/api/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      const text = await r.text()
      // biome-ignore lint/suspicious/noExplicitAny: each test reads the fields it asked for
      const json: any = text ? JSON.parse(text) : null
      return { status: r.status, body: json }
    }
    /** The answer keeps to v1's conventions: camelCase, no user's id, links to /api/v1 on this server. */
    const conventional = (body: unknown) => {
      expect(keysOf(body).filter((k) => k.includes('_') && !/^ai_/.test(k))).toEqual([])
      expect(JSON.stringify(body)).not.toContain(anaId)
      for (const link of linksOf(body).filter((l) => l.startsWith(world.farol.url)))
        expect(link.startsWith(`${world.farol.url}/api/v1/`), link).toBe(true)
    }

    beforeAll(async () => {
      const _db = world.farol.database.db
      for (const [who, scopes] of [
        ['ana', ['read', 'audit', 'sites']],
        ['anaRead', ['read']],
        ['rui', ['read', 'audit', 'sites']],
      ] as const) {
        const owner = who === 'anaRead' ? 'ana' : who
        const created = await world.call(owner, 'POST', '/account/tokens', { name: who, scopes })
        tokens[who] = created.body.token
      }
      ;({ userId: anaId, workspaceId, siteId } = await seededTrackedSite(world, 'ana', 'weekly'))
    })

    it('starts a run with its confirmed cost and reads its status and results by their links', async () => {
      const body = {
        site: 'https://www.exemplo.pt/',
        keywords: ['seguro auto citado', 'seguro concorrentes'],
        surfaces: ['ai_overview'],
        ...place,
      }
      const estimate = await v1('ana', 'POST', '/overviews/estimate', body)
      expect(estimate.body.estimate).toMatchObject({ calls: 2, cost: 0.004 })
      const unconfirmed = await v1('ana', 'POST', '/overviews/runs', body)
      expect(unconfirmed.body.error.code).toBe('OVERVIEWS_NOT_CONFIRMED')
      const readOnly = await v1('anaRead', 'POST', '/overviews/runs', {
        ...body,
        confirm: true,
        expectedCost: 1,
      })
      expect([readOnly.status, readOnly.body.error.code]).toEqual([403, 'TOKEN_SCOPE'])
      expect(world.fake.requests).toHaveLength(0)
      const started = await v1('ana', 'POST', '/overviews/runs', {
        ...body,
        confirm: true,
        expectedCost: 0.004,
      })
      expect(started.status).toBe(201)
      runId = started.body.runId
      const listed = await v1('ana', 'GET', '/overviews/runs')
      const mine = listed.body.runs.find((r: { id: string }) => r.id === runId)
      conventional(listed.body)
      expect(mine.runUrl).toBe(`${world.farol.url}/api/v1/overviews/runs/${runId}`)
      for (let i = 0; ; i++) {
        const task = await v1('ana', 'GET', mine.taskUrl)
        if (task.body.status === 'success') break
        if (task.body.status === 'failed' || i > 400) throw new Error(JSON.stringify(task.body))
        await new Promise((r) => setTimeout(r, 100))
      }
      const view = await v1('ana', 'GET', mine.runUrl)
      conventional(view.body)
      expect(view.body.run).toMatchObject({ status: 'success', calls: 2, spent: 0.004 })
      expect(view.body.report.summaries[0]).toMatchObject({ surface: 'ai_overview', site: { k: 1, n: 2 } })
      const pages = await v1('ana', 'GET', view.body.run.pagesUrl)
      conventional(pages.body)
      expect(pages.body).toMatchObject({ crawl: null, logs: null })
      expect(pages.body.pages[0]).toMatchObject({ cited: 1, crawl: null, googlebot: null })
    })

    it("keeps a workspace's tracking, runs, history and keyword sources from another workspace's token", async () => {
      for (const path of [`/overviews/runs/${runId}`, `/overviews/runs/${runId}/pages`])
        expect((await v1('rui', 'GET', path)).body.error.code).toBe('NOT_FOUND')
      expect((await v1('rui', 'GET', '/overviews/runs')).body.runs).toEqual([])
      expect((await v1('rui', 'GET', '/overviews/tracking')).body.sites).toEqual([])
      expect((await v1('rui', 'GET', '/overviews/keyword-sources')).body).toMatchObject({
        sites: [],
        research: [],
      })
      const history = await v1(
        'rui',
        'GET',
        '/overviews/history?site=exemplo.pt&keyword=seguro%20auto%20citado',
      )
      expect(history.body.history).toEqual([])
      for (const source of ['site', 'search-console'])
        expect((await v1('rui', 'GET', `/overviews/keywords?source=${source}&siteId=${siteId}`)).status).toBe(
          404,
        )
      const settings = { surfaces: ['ai_overview'], ...place }
      expect((await v1('rui', 'POST', `/overviews/tracking/${siteId}/estimate`, settings)).status).toBe(404)
      const put = await v1('rui', 'PUT', `/overviews/tracking/${siteId}`, {
        ...settings,
        confirm: true,
        expectedCost: 1,
      })
      expect(put.status).toBe(404)
      expect((await v1('rui', 'DELETE', `/overviews/tracking/${siteId}`)).status).toBe(404)
      // No token: refused before anything is read.
      expect((await fetch(`${world.farol.url}/api/v1/overviews/tracking`)).status).toBe(401)
    })

    it("tracks a site's keywords with the cost of a check confirmed; its checks carry the changes", async () => {
      const settings = { surfaces: ['ai_overview'], ...place }
      const empty = await v1('ana', 'GET', '/overviews/tracking')
      conventional(empty.body)
      expect(empty.body.sites).toEqual([
        expect.objectContaining({ siteId, keywords: 2, tracking: null, checks: [] }),
      ])
      const estimate = await v1('ana', 'POST', `/overviews/tracking/${siteId}/estimate`, settings)
      expect(estimate.body.estimate).toMatchObject({ calls: 2, cost: 0.004 })
      const withoutScope = await v1('anaRead', 'PUT', `/overviews/tracking/${siteId}`, {
        ...settings,
        confirm: true,
        expectedCost: 0.004,
      })
      expect([withoutScope.status, withoutScope.body.error.code]).toEqual([403, 'TOKEN_SCOPE'])
      const cheap = await v1('ana', 'PUT', `/overviews/tracking/${siteId}`, {
        ...settings,
        confirm: true,
        expectedCost: 0.001,
      })
      expect(cheap.body.error.code).toBe('OVERVIEWS_ESTIMATE_CHANGED')
      const saved = await v1('ana', 'PUT', `/overviews/tracking/${siteId}`, {
        ...settings,
        confirm: true,
        expectedCost: 0.004,
      })
      expect([saved.status, saved.body.maxCost]).toEqual([200, 0.004])
      // The site's scheduled run hands over to the check (the monitor's hook), answered from the day's cache.
      const deps = {
        db: world.farol.database.db,
        boss: world.farol.boss,
        config: world.config,
        log: createLogger('silent'),
      }
      const site = { id: siteId, url: 'https://www.exemplo.pt/', userId: anaId, workspaceId }
      const check = await checkTrackedSite(deps, site, 'en')
      expect(check?.taskId).toBeTruthy()
      let listed = await v1('ana', 'GET', '/overviews/tracking?lang=en')
      for (let i = 0; listed.body.sites[0].checks[0]?.baseline !== true; i++) {
        if (i > 400) throw new Error(JSON.stringify(listed.body))
        await new Promise((r) => setTimeout(r, 100))
        listed = await v1('ana', 'GET', '/overviews/tracking?lang=en')
      }
      conventional(listed.body)
      const tracked = listed.body.sites[0]
      expect(tracked.tracking).toMatchObject({ maxCost: 0.004, surfaces: ['ai_overview'] })
      expect(tracked.checks[0]).toMatchObject({ status: 'success', baseline: true, changes: [] })
      expect((await v1('ana', 'GET', tracked.checks[0].runUrl)).body.run.id).toBe(tracked.checks[0].runId)
    })

    it("one keyword's history: shown, cited and where, the competitors, the citation lost", async () => {
      // The answers so far as yesterday's; today Google cites only competitors for the cited keyword.
      await world.farol.database.db
        .update(aiOverviewAnswers)
        .set({ day: '2026-01-01' })
        .where(eq(aiOverviewAnswers.workspaceId, workspaceId))
      world.fake.scenarios.set('seguro auto citado', 'competitors')
      const body = {
        site: 'exemplo.pt',
        keywords: ['seguro auto citado'],
        surfaces: ['ai_overview'],
        ...place,
      }
      const started = await v1('ana', 'POST', '/overviews/runs', {
        ...body,
        confirm: true,
        expectedCost: 0.002,
      })
      for (let i = 0; ; i++) {
        const task = await v1('ana', 'GET', `/tasks/${started.body.taskId}`)
        if (task.body.status === 'success') break
        if (task.body.status === 'failed' || i > 400) throw new Error(JSON.stringify(task.body))
        await new Promise((r) => setTimeout(r, 100))
      }
      const history = await v1(
        'ana',
        'GET',
        '/overviews/history?site=exemplo.pt&keyword=Seguro%20auto%20citado&competitors=concorrente-a.pt',
      )
      conventional(history.body)
      expect(history.body).toMatchObject({ keyword: 'seguro auto citado', site: 'exemplo.pt' })
      expect(history.body.history).toHaveLength(2)
      const [before, after] = history.body.history
      expect(before).toMatchObject({
        day: '2026-01-01',
        shown: true,
        cited: true,
        positions: [1],
        change: null,
      })
      expect(before.citations[0].url).toContain('exemplo.pt')
      expect(after).toMatchObject({ shown: true, cited: false, positions: [], change: 'lost' })
      expect(after.competitors).toEqual(['concorrente-a.pt'])
      const missing = await v1('ana', 'GET', '/overviews/history?keyword=seguro')
      expect(missing.status).toBe(400)
    })

    it('takes keywords from Search Console through a faked Google grant into a run', async () => {
      // Ana links Google with Search Console access; the stored token expired an hour ago, so Farol
      // refreshes it at Google's token endpoint before it asks searchAnalytics.query.
      await world.farol.database.db.insert(accounts).values({
        id: `google-${backend}-ana`,
        accountId: `sub-${backend}-ana`,
        providerId: 'google',
        userId: anaId,
        accessToken: 'ya29.expired',
        refreshToken: '1//refresh-ana',
        accessTokenExpiresAt: new Date(Date.now() - 3_600_000),
        scope: `openid,email,profile,${gscScope}`,
      })
      google.grants.set('1//refresh-ana', { accessToken: gsc.token, scope: `openid ${gscScope}` })
      gsc.rows['sc-domain:exemplo.pt'] = [
        {
          keys: ['seguro casa citado', 'https://www.exemplo.pt/casa'],
          clicks: 4,
          impressions: 300,
          ctr: 0.01,
          position: 7,
        },
        {
          keys: ['seguro casa citado', 'https://www.exemplo.pt/'],
          clicks: 1,
          impressions: 20,
          ctr: 0.05,
          position: 9,
        },
        {
          keys: ['seguro sem resposta', 'https://www.exemplo.pt/'],
          clicks: 0,
          impressions: 90,
          ctr: 0,
          position: 30,
        },
      ]
      const sources = await v1('ana', 'GET', '/overviews/keyword-sources')
      conventional(sources.body)
      expect(sources.body.searchConsole).toBe(true)
      const source = sources.body.sites.find((s: { siteId: string }) => s.siteId === siteId)
      const fromSite = await v1('ana', 'GET', source.keywordsUrl)
      expect(fromSite.body.keywords).toEqual(['seguro auto citado', 'seguro concorrentes'])
      const found = await v1('ana', 'GET', source.searchConsoleUrl)
      expect(found.status, JSON.stringify(found.body)).toBe(200)
      expect(found.body).toEqual({
        source: 'search-console',
        site: 'https://www.exemplo.pt/',
        keywords: ['seguro casa citado', 'seguro sem resposta'],
      })
      expect(gsc.requests.at(-1)).toMatchObject({
        property: 'sc-domain:exemplo.pt',
        body: { dimensions: ['query', 'page'] },
      })
      expect(
        google.requests.filter((r) => r.form.refresh_token === '1//refresh-ana' && r.status === 200),
      ).toHaveLength(1)

      const body = {
        site: found.body.site,
        keywords: found.body.keywords,
        surfaces: ['ai_overview'],
        ...place,
      }
      const asked = world.fake.requests.length
      const started = await v1('ana', 'POST', '/overviews/runs', {
        ...body,
        confirm: true,
        expectedCost: 0.004,
      })
      expect(started.status).toBe(201)
      for (let i = 0; ; i++) {
        const task = await v1('ana', 'GET', `/tasks/${started.body.taskId}`)
        if (task.body.status === 'success') break
        if (task.body.status === 'failed' || i > 400) throw new Error(JSON.stringify(task.body))
        await new Promise((r) => setTimeout(r, 100))
      }
      consoleRunId = started.body.runId
      expect(world.fake.requests.slice(asked).map((r) => r.task.keyword)).toEqual([
        'seguro casa citado',
        'seguro sem resposta',
      ])
      const view = await v1('ana', 'GET', `/overviews/runs/${started.body.runId}`)
      const rows = view.body.report.rows as { keyword: string; shown: boolean; cited: boolean }[]
      expect(rows.map((r) => [r.keyword, r.shown, r.cited])).toEqual([
        ['seguro casa citado', true, true],
        ['seguro sem resposta', false, false],
      ])
      // Rui has no Google grant: the same source tells him what is needed (on his own sites; Ana's is 404).
      expect((await v1('rui', 'GET', source.searchConsoleUrl)).status).toBe(404)
    })

    it('documents every route it answers', async () => {
      const doc = await (await fetch(`${world.farol.url}/api/v1/openapi.json`)).json()
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining([
          '/overviews/runs/{id}/pages',
          '/overviews/history',
          '/overviews/keyword-sources',
          '/overviews/keywords',
          '/overviews/tracking',
          '/overviews/tracking/{siteId}/estimate',
          '/overviews/tracking/{siteId}',
        ]),
      )
      expect(Object.keys(doc.paths['/overviews/tracking/{siteId}'])).toEqual(['put', 'delete'])
      expect(doc.paths['/overviews/tracking/{siteId}'].put['x-scope']).toBe('sites')
    })

    it('the MCP tools read runs, tracking, history, keyword sources and cited pages as the token', async () => {
      const connect = async (who: string) => {
        const client = new Client({ name: 'farol-test', version: '1.0.0' })
        await client.connect(
          new StreamableHTTPClientTransport(new URL(`${world.farol.url}/mcp`), {
            requestInit: { headers: { authorization: `Bearer ${tokens[who]}` } },
          }),
        )
        return client
      }
      const ana = await connect('ana')
      const rui = await connect('rui')
      const text = async (client: Client, name: string, args: Record<string, unknown> = {}) => {
        const r = (await client.callTool({ name, arguments: args })) as {
          content: { text: string }[]
          isError?: boolean
        }
        return { text: r.content[0]!.text, error: r.isError === true }
      }
      try {
        const run = await text(ana, 'google_ai_run', { runId: consoleRunId })
        expect(run.text).toMatch(
          /ai_overview: shown 1\/2; cites the site 1\/1 \(95% CI \d+%–100%\); gaps: none/,
        )
        expect((await text(ana, 'google_ai_run')).text).toContain(runId)
        const tracking = await text(ana, 'google_ai_tracking')
        expect(tracking.text).toContain(
          `https://www.exemplo.pt/ (id ${siteId}): 2 keywords, checked at each weekly run`,
        )
        const cost = await text(ana, 'google_ai_tracking', { siteId, surfaces: ['ai_mode'], ...place })
        expect(cost.text).toContain('One check of 2 keywords: 2 calls to DataForSEO, US$0.008 at most.')
        const history = await text(ana, 'google_ai_keyword_history', {
          site: 'exemplo.pt',
          keyword: 'seguro auto citado',
        })
        expect(history.text).toContain('2026-01-01 ai_overview 2620/pt desktop: cites the site at 1')
        expect(history.text).toMatch(/does not cite the site.*\(lost\)/)
        const sources = await text(ana, 'google_ai_keywords')
        expect(sources.text).toContain(`https://www.exemplo.pt/ (2 keywords, siteId ${siteId})`)
        const keywords = await text(ana, 'google_ai_keywords', { source: 'site', siteId })
        expect(keywords.text).toBe(
          '2 keywords for https://www.exemplo.pt/: seguro auto citado, seguro concorrentes',
        )
        const pages = await text(ana, 'google_ai_cited_pages', { runId: consoleRunId })
        expect(pages.text).toMatch(
          /^\d+ pages of the site:\n- https:\/\/.*exemplo\.pt.*: cited 1, expected 0; not in the latest crawl/,
        )
        // Another workspace's token: not found, and nothing of Ana's listed.
        const foreign = await text(rui, 'google_ai_run', { runId })
        expect(foreign.error).toBe(true)
        expect(foreign.text).toContain('NOT_FOUND')
        expect((await text(rui, 'google_ai_cited_pages', { runId })).error).toBe(true)
        expect((await text(rui, 'google_ai_tracking')).text).toBe('No tracked sites yet.')
        expect((await text(rui, 'google_ai_tracking', { siteId, stop: true })).error).toBe(true)
        const stopped = await text(ana, 'google_ai_tracking', { siteId, stop: true })
        expect(stopped.text).toBe(`The keywords of site ${siteId} are no longer checked.`)
      } finally {
        await ana.close()
        await rui.close()
      }
    })
  })
}
