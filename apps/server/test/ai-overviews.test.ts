// Google's AI Overviews and AI Mode (issue 43) through the API, against the loopback DataForSEO fake, on
// PGlite and (when TEST_DATABASE_URL is set) PostgreSQL: the estimate spends nothing, a run needs the
// confirmation of the cost the user saw, answers are cached per keyword, place, device and day, the
// report counts citations per surface with their intervals, every row stays in its workspace, and the
// provider's failures reach the page as translated codes. Without credentials the API says so.
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeDataForSeoSerp,
  fakeCompetitors,
} from '../../../packages/engine/test/fakes/dataforseo-serp.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { overviewsBackends, overviewsWorld } from './ai-overviews-world.ts'
import { apiCaller, finishedTask, freePort, signedInUser, testConfig } from './helpers.ts'

const run = {
  site: 'https://www.exemplo.pt/',
  keywords: ['Seguro auto  citado', 'seguro concorrentes', 'seguro sem resposta', 'seguro mais tarde'],
  competitors: fakeCompetitors,
  locations: [{ locationCode: 2620, languageCode: 'pt' }],
  devices: ['desktop'],
  surfaces: ['ai_overview', 'ai_mode'],
}

for (const backend of overviewsBackends) {
  describe(`/api/ai-overviews on ${backend}`, () => {
    const world = overviewsWorld(backend, { tag: 'aio', users: ['ana', 'rui'] })
    const { cookies, call } = world
    let farol: RunningFarol
    let fake: FakeDataForSeoSerp
    beforeAll(() => {
      ;({ farol, fake } = world)
    })

    let runId = ''
    it('estimates before spending, and refuses a run without the confirmed cost', async () => {
      expect((await call('anon', 'GET', '/ai-overviews/status')).status).toBe(401)
      const status = await call('ana', 'GET', '/ai-overviews/status')
      expect(status.body).toMatchObject({ configured: true, ratePerMinute: 2000, maxKeywords: 500 })
      const estimate = await call('ana', 'POST', '/ai-overviews/estimate', run)
      expect(estimate.status).toBe(200)
      expect(estimate.body.request.keywords[0]).toBe('seguro auto citado')
      expect(estimate.body.request.site).toBe('exemplo.pt')
      expect(estimate.body.estimate).toMatchObject({ calls: 8, cost: 0.024, cached: 0 })
      expect((await call('ana', 'POST', '/ai-overviews/runs', run)).body.error.code).toBe(
        'OVERVIEWS_NOT_CONFIRMED',
      )
      const cheaper = await call('ana', 'POST', '/ai-overviews/runs', {
        ...run,
        confirm: true,
        expectedCost: 0.01,
      })
      expect([cheaper.status, cheaper.body.error.code]).toEqual([409, 'OVERVIEWS_ESTIMATE_CHANGED'])
      const empty = await call('ana', 'POST', '/ai-overviews/estimate', { ...run, keywords: ['  '] })
      expect(empty.body.error.code).toBe('OVERVIEWS_INPUT')
      expect(fake.requests).toHaveLength(0)
    })

    it('runs, keeps every answer, and reports the citations per surface', async () => {
      const started = await call('ana', 'POST', '/ai-overviews/runs', {
        ...run,
        confirm: true,
        expectedCost: 0.024,
      })
      expect(started.status).toBe(201)
      runId = started.body.runId
      const task = await finishedTask<{ status: string; results: { spent: number; calls: number } }>(
        farol.url,
        started.body.taskId,
        { cookie: cookies.ana! },
      )
      expect(task.status).toBe('success')
      expect(task.results).toMatchObject({ calls: 8, spent: 0.024 })
      expect(fake.requests).toHaveLength(8)
      expect(fake.requests.every((r) => r.authorized && r.task.location_code === 2620)).toBe(true)
      const view = await call('ana', 'GET', `/ai-overviews/runs/${runId}`)
      expect(view.body.run).toMatchObject({ status: 'success', spent: 0.024, calls: 8 })
      const overview = view.body.report.summaries[0]
      expect(overview.surface).toBe('ai_overview')
      expect(overview.asked).toBe(4)
      expect(overview.shown).toMatchObject({ k: 3, n: 4 })
      expect(overview.site).toMatchObject({ k: 2, n: 3 })
      expect(overview.site.low).toBeGreaterThan(0)
      expect(overview.site.high).toBeLessThan(1)
      expect(overview.domains.slice(0, 2).map((d: { domain: string }) => d.domain)).toEqual(fakeCompetitors)
      expect(overview.gaps).toEqual([{ keyword: 'seguro concorrentes', competitors: fakeCompetitors }])
      const cited = view.body.report.rows.find(
        (r: { keyword: string; surface: string }) =>
          r.keyword === 'seguro auto citado' && r.surface === 'ai_overview',
      )
      expect(cited.cited).toBe(true)
      expect(cited.site[0].position).toBe(1)
      expect(cited.text.some((t: { mark: string }) => t.mark === 'site')).toBe(true)
      expect(cited.text.some((t: { mark: string }) => t.mark === 'competitor')).toBe(true)
      const late = view.body.report.rows.find(
        (r: { keyword: string; surface: string }) =>
          r.keyword === 'seguro mais tarde' && r.surface === 'ai_overview',
      )
      expect(late).toMatchObject({ shown: true, asynchronous: true, cited: true })
      expect(view.body.report.missing).toBe(0)
    })

    it("answers a second run from the day's cache, free, and keeps a history per keyword", async () => {
      const again = await call('ana', 'POST', '/ai-overviews/estimate', run)
      expect(again.body.estimate).toMatchObject({ calls: 0, cost: 0, cached: 8 })
      const started = await call('ana', 'POST', '/ai-overviews/runs', {
        ...run,
        confirm: true,
        expectedCost: 0,
      })
      const task = await finishedTask<{ status: string }>(farol.url, started.body.taskId, {
        cookie: cookies.ana!,
      })
      expect(task.status).toBe('success')
      expect(fake.requests).toHaveLength(8)
      const history = await call(
        'ana',
        'GET',
        `/ai-overviews/history?site=exemplo.pt&keyword=${encodeURIComponent('Seguro auto citado')}`,
      )
      expect(history.body.history).toHaveLength(2)
      expect(history.body.history[0]).toMatchObject({ surface: 'ai_mode' })
      expect(
        history.body.history.find((h: { surface: string }) => h.surface === 'ai_overview'),
      ).toMatchObject({
        shown: true,
        cited: true,
        positions: [1],
      })
      const runs = await call('ana', 'GET', '/ai-overviews/runs')
      expect(runs.body.runs).toHaveLength(2)
    })

    it("keeps a workspace's runs and answers from another's, even through the task API", async () => {
      expect((await call('rui', 'GET', `/ai-overviews/runs/${runId}`)).status).toBe(404)
      expect((await call('rui', 'GET', '/ai-overviews/runs')).body.runs).toEqual([])
      const history = await call(
        'rui',
        'GET',
        '/ai-overviews/history?site=exemplo.pt&keyword=seguro%20auto%20citado',
      )
      expect(history.body.history).toEqual([])
      // Rui's estimate does not see Ana's cache: his workspace would pay for its own calls.
      expect((await call('rui', 'POST', '/ai-overviews/estimate', run)).body.estimate.cached).toBe(0)
      const stolen = await call('rui', 'POST', '/seo-task-manager/create', {
        task_name: 'ai_overviews',
        requested_data: { runId },
      })
      expect(stolen.status).toBe(201)
      const task = await finishedTask<{ status: string; errorCode: string }>(farol.url, stolen.body.taskId, {
        cookie: cookies.rui!,
      })
      expect([task.status, task.errorCode]).toEqual(['failed', 'NOT_FOUND'])
    })

    it('the same through /api/v1 with a token, and the MCP tool asks before it spends', async () => {
      const created = await call('ana', 'POST', '/account/tokens', { name: 'aio', scopes: ['read', 'audit'] })
      const token = created.body.token as string
      const v1 = (method: string, path: string, body?: unknown) =>
        fetch(`${farol.url}/api/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(async (r) => ({ status: r.status, body: await r.json() }))
      const fresh = { ...run, keywords: ['seguro vida citado'], surfaces: ['ai_overview'] }
      const estimate = await v1('POST', '/overviews/estimate', fresh)
      expect(estimate.body.estimate).toMatchObject({ calls: 1, cost: 0.002 })
      const before = fake.requests.length
      const started = await v1('POST', '/overviews/runs', { ...fresh, confirm: true, expectedCost: 0.002 })
      expect(started.status).toBe(201)
      for (let i = 0; ; i++) {
        const status = (await v1('GET', `/tasks/${started.body.taskId}`)).body.status
        if (status === 'success') break
        if (status === 'failed' || i > 200) throw new Error(`task ${status}`)
        await new Promise((r) => setTimeout(r, 250))
      }
      expect(fake.requests.length - before).toBe(1)
      const view = await v1('GET', `/overviews/runs/${started.body.runId}`)
      expect(view.body.report.summaries[0].site).toMatchObject({ k: 1, n: 1 })
      expect((await v1('GET', '/overviews/runs')).body.runs.length).toBeGreaterThanOrEqual(1)
      const doc = await (await fetch(`${farol.url}/api/v1/openapi.json`)).json()
      expect(Object.keys(doc.paths)).toEqual(
        expect.arrayContaining(['/overviews/estimate', '/overviews/runs/{id}']),
      )

      const client = new Client({ name: 'farol-test', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${farol.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      )
      try {
        const pick = { site: 'exemplo.pt', locations: run.locations }
        const args = { ...pick, keywords: ['seguro mota citado'], surfaces: ['ai_mode'] }
        const asked = fake.requests.length
        const first = (await client.callTool({ name: 'google_ai_answers', arguments: args })) as {
          content: { text: string }[]
        }
        expect(first.content[0]!.text).toContain('1 calls to DataForSEO, estimated US$0.004')
        expect(fake.requests.length).toBe(asked)
        const second = (await client.callTool({
          name: 'google_ai_answers',
          arguments: { ...args, confirm: true, expectedCost: 0.004 },
        })) as { content: { text: string }[] }
        expect(second.content[0]!.text).toMatch(/ai_mode: shown 1\/1; cites the site/)
        expect(fake.requests.length).toBe(asked + 1)
      } finally {
        await client.close()
      }
    })

    it("fails with DataForSEO's reason in the reader's words, keeping what was paid for", async () => {
      const broke = { ...run, keywords: ['seguro sem saldo'], surfaces: ['ai_overview'] }
      const started = await call('ana', 'POST', '/ai-overviews/runs', {
        ...broke,
        confirm: true,
        expectedCost: 0.002,
      })
      const task = await finishedTask<{ status: string; errorCode: string; message: string }>(
        farol.url,
        started.body.taskId,
        { cookie: cookies.ana! },
        { lang: 'pt' },
      )
      expect([task.status, task.errorCode]).toEqual(['failed', 'OVERVIEWS_PAYMENT_REQUIRED'])
      expect(task.message).toContain('não tem saldo')
      const view = await call('ana', 'GET', `/ai-overviews/runs/${started.body.runId}`)
      expect(view.body.run).toMatchObject({ status: 'failed', errorCode: 'OVERVIEWS_PAYMENT_REQUIRED' })
    })
  })
}

describe('/api/ai-overviews without DataForSEO credentials', () => {
  let farol: RunningFarol
  const cookies: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)
  beforeAll(async () => {
    farol = await startFarol(testConfig({ port: await freePort() }), createLogger('silent'))
    cookies.ana = await signedInUser(farol, 'ana.aio.none@exemplo.pt')
  })
  afterAll(() => farol?.stop())

  it('says so, and starts nothing', async () => {
    expect((await call('ana', 'GET', '/ai-overviews/status')).body.configured).toBe(false)
    const estimate = await call('ana', 'POST', '/ai-overviews/estimate', run)
    expect(estimate.body).toMatchObject({ configured: false, estimate: { calls: 8 } })
    const started = await call('ana', 'POST', '/ai-overviews/runs', {
      ...run,
      confirm: true,
      expectedCost: 1,
    })
    expect([started.status, started.body.error.code]).toEqual([409, 'OVERVIEWS_NOT_CONFIGURED'])
  })
})
