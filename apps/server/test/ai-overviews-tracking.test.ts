// Google's AI answers over time (issue 43 item 3), on PGlite and (when TEST_DATABASE_URL is set) PostgreSQL,
// against the loopback DataForSEO fake: a tracked site's keywords are checked at its scheduled run only once
// its workspace confirmed what a check costs; a dearer check is not made; a later check compared with the
// one before it keeps the citations lost and gained, posts the `citation.changed` webhook event (signed)
// and mails the owner; another workspace neither sees nor changes the tracking.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, ne } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { FakeDataForSeoSerp } from '../../../packages/engine/test/fakes/dataforseo-serp.ts'
import type { RunningFarol } from '../src/composition/server.ts'
import { checkTrackedSite } from '../src/features/ai-overviews/tracking.ts'
import { verifySignature } from '../src/features/sites/webhooks/signature.ts'
import {
  aiOverviewAnswers,
  botLogAnalyses,
  botLogPages,
  emailOutbox,
  siteCrawlPages,
  siteKeywords,
  tasks,
} from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { overviewsBackends, overviewsWorld, seededTrackedSite } from './ai-overviews-world.ts'
import { finishedTask } from './helpers.ts'

const log = createLogger('silent')

async function until<T>(what: () => Promise<T> | T, ok: (v: T) => boolean, ms = 90_000): Promise<T> {
  const deadline = Date.now() + ms
  for (;;) {
    const v = await what()
    if (ok(v)) return v
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v).slice(0, 400)}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

for (const backend of overviewsBackends) {
  describe(`AI answers of tracked sites on ${backend}`, () => {
    let receiver: Server
    let receiverUrl = ''
    const received: { body: string; signature: string; event: string }[] = []
    beforeAll(async () => {
      receiver = createServer((req, res) => {
        let body = ''
        req.on('data', (c) => (body += c))
        req.on('end', () => {
          received.push({
            body,
            signature: String(req.headers['x-farol-signature']),
            event: String(req.headers['x-farol-event']),
          })
          res.writeHead(204).end()
        })
      })
      await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r))
      receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
      return () => {
        receiver.close()
      }
    })
    const world = overviewsWorld(backend, {
      tag: 'track',
      users: ['ana', 'rui'],
      env: () => ({ FAROL_ALLOW_PRIVATE_TARGETS: '1' }),
    })
    const { cookies, call } = world
    let farol: RunningFarol
    let fake: FakeDataForSeoSerp
    let siteId = ''
    let anaId = ''
    let workspaceId = ''
    const deps = () => ({ db: farol.database.db, boss: farol.boss, config: world.config, log })

    beforeAll(async () => {
      ;({ farol, fake } = world)
      // Tracked without the baseline audit: the monitor's hook is what is tested.
      ;({ userId: anaId, workspaceId, siteId } = await seededTrackedSite(world, 'ana', 'daily'))
    })

    const settings = {
      locations: [{ locationCode: 2620, languageCode: 'pt' }],
      devices: ['desktop'],
      surfaces: ['ai_overview'],
    }

    it('checks nothing until the cost of a check is confirmed, then keeps the tracking', async () => {
      expect(
        await checkTrackedSite(
          deps(),
          { id: siteId, url: 'https://www.exemplo.pt/', userId: anaId, workspaceId },
          'pt',
        ),
      ).toBeNull()
      const listed = await call('ana', 'GET', '/ai-overviews/tracking')
      expect(listed.body.sites).toHaveLength(1)
      expect(listed.body.sites[0]).toMatchObject({ siteId, keywords: 2, tracking: null })
      const estimate = await call('ana', 'POST', `/ai-overviews/tracking/${siteId}/estimate`, settings)
      expect(estimate.body.estimate).toMatchObject({ calls: 2, cost: 0.004 })
      const unconfirmed = await call('ana', 'PUT', `/ai-overviews/tracking/${siteId}`, settings)
      expect(unconfirmed.body.error.code).toBe('OVERVIEWS_NOT_CONFIRMED')
      const cheap = await call('ana', 'PUT', `/ai-overviews/tracking/${siteId}`, {
        ...settings,
        confirm: true,
        expectedCost: 0.002,
      })
      expect([cheap.status, cheap.body.error.code]).toEqual([409, 'OVERVIEWS_ESTIMATE_CHANGED'])
      // Another workspace neither sees the site nor tracks it.
      expect((await call('rui', 'GET', '/ai-overviews/tracking')).body.sites).toEqual([])
      const foreign = await call('rui', 'PUT', `/ai-overviews/tracking/${siteId}`, {
        ...settings,
        confirm: true,
        expectedCost: 1,
      })
      expect(foreign.status).toBe(404)
      const saved = await call('ana', 'PUT', `/ai-overviews/tracking/${siteId}`, {
        ...settings,
        confirm: true,
        expectedCost: 0.004,
      })
      expect(saved.status).toBe(200)
      expect(saved.body.maxCost).toBe(0.004)
      expect(fake.requests).toHaveLength(0)
      const hook = await call('ana', 'POST', `/sites/${siteId}/webhooks`, {
        url: `${receiverUrl}/json`,
        events: ['citation.changed'],
      })
      expect(hook.status).toBe(201)
      cookies.secret = hook.body.secret
    })

    it('a scheduled check runs the keywords; the next one, a day later, reports the citation lost and gained', async () => {
      const site = { id: siteId, url: 'https://www.exemplo.pt/', userId: anaId, workspaceId }
      const first = await checkTrackedSite(deps(), site, 'pt')
      expect(first?.taskId).toBeTruthy()
      expect(
        (await finishedTask<{ status: string }>(farol.url, first!.taskId!, { cookie: cookies.ana! })).status,
      ).toBe('success')
      expect(fake.requests).toHaveLength(2)
      let listed = await until(
        () => call('ana', 'GET', '/ai-overviews/tracking'),
        (r) => r.body.sites[0].checks[0]?.baseline === true,
      )
      expect(listed.body.sites[0].checks[0]).toMatchObject({ status: 'success', changes: [] })
      // Yesterday's answers, as far as the cache knows: the next check asks again.
      const db = farol.database.db
      await db
        .update(aiOverviewAnswers)
        .set({ day: '2026-01-01' })
        .where(eq(aiOverviewAnswers.workspaceId, workspaceId))
      const { aiOverviewRuns } = await import('../src/platform/db/schema.ts')
      await db
        .update(aiOverviewRuns)
        .set({ day: '2026-01-01', createdAt: new Date(Date.now() - 86_400_000) })
        .where(eq(aiOverviewRuns.id, first!.runId))
      // Google changes its mind: the cited keyword now cites only competitors, the other now cites the site.
      fake.scenarios.set('seguro auto citado', 'competitors')
      fake.scenarios.set('seguro concorrentes', 'site')
      const second = await checkTrackedSite(deps(), site, 'pt')
      expect(
        (await finishedTask<{ status: string }>(farol.url, second!.taskId!, { cookie: cookies.ana! })).status,
      ).toBe('success')
      expect(fake.requests).toHaveLength(4)
      listed = await until(
        () => call('ana', 'GET', '/ai-overviews/tracking?lang=pt'),
        (r) => r.body.sites[0].checks[0]?.baseline === false,
      )
      const changes = listed.body.sites[0].checks[0].changes as {
        kind: string
        keyword: string
        text: string
        urls: string[]
      }[]
      expect(changes.map((c) => [c.kind, c.keyword])).toEqual([
        ['lost', 'seguro auto citado'],
        ['gained', 'seguro concorrentes'],
      ])
      expect(changes[0]!.text).toBe(
        '«seguro auto citado»: a Google deixou de citar o site (AI Overview, Portugal, computador).',
      )
      expect(changes[0]!.urls.length).toBeGreaterThan(0)
      // The webhook event, signed with the hook's secret.
      const delivery = await until(
        () => received.filter((r) => r.event === 'citation.changed'),
        (r) => r.length > 0,
      )
      const payload = JSON.parse(delivery[0]!.body)
      expect(payload).toMatchObject({ event: 'citation.changed', site: { id: siteId } })
      expect(payload.data.lost).toHaveLength(1)
      expect(payload.data.gained).toHaveLength(1)
      expect(verifySignature(cookies.secret!, delivery[0]!.signature, delivery[0]!.body)).toBeTruthy()
      // The owner's email, in their language.
      const mails = await db
        .select()
        .from(emailOutbox)
        .where(and(eq(emailOutbox.to, world.emailOf('ana')), eq(emailOutbox.kind, 'ai-citation-alert')))
      expect(mails).toHaveLength(1)
      expect(mails[0]!.text).toContain('a Google passou a citar o site')
    })

    it("offers the keywords of the workspace's tracked sites and researches, never another's", async () => {
      const db = farol.database.db
      const [research] = await db
        .insert(tasks)
        .values({
          kind: 'keyword_research',
          url: '',
          status: 'success',
          userId: anaId,
          workspaceId,
          input: { keyword: 'seguro auto', url: null, lang: 'pt', country: 'PT' },
          results: {
            related: [
              { keyword: 'seguro auto barato', volume: 90 },
              { keyword: 'seguro auto online', volume: null },
            ],
            longTail: [{ keyword: 'seguro auto para jovens', volume: 400 }],
          },
        })
        .returning()
      const sources = await call('ana', 'GET', '/ai-overviews/keyword-sources')
      expect(sources.body.sites).toEqual([{ siteId, url: 'https://www.exemplo.pt/', keywords: 2 }])
      expect(sources.body.research).toMatchObject([{ taskId: research!.id, seed: 'seguro auto' }])
      const fromSite = await call('ana', 'GET', `/ai-overviews/keywords?source=site&siteId=${siteId}`)
      expect(fromSite.body).toEqual({
        source: 'site',
        site: 'https://www.exemplo.pt/',
        keywords: ['seguro auto citado', 'seguro concorrentes'],
      })
      const fromResearch = await call(
        'ana',
        'GET',
        `/ai-overviews/keywords?source=research&taskId=${research!.id}`,
      )
      expect(fromResearch.body.keywords).toEqual([
        'seguro auto para jovens',
        'seguro auto barato',
        'seguro auto online',
      ])
      // Without Google sign-in on this installation, Search Console says what is needed.
      const gsc = await call(
        'ana',
        'GET',
        `/ai-overviews/keywords?source=search-console&siteId=${siteId}&lang=pt`,
      )
      expect([gsc.status, gsc.body.error.code]).toEqual([409, 'OVERVIEWS_SEARCH_CONSOLE'])
      const other = await call('rui', 'GET', '/ai-overviews/keyword-sources')
      expect(other.body).toMatchObject({ sites: [], research: [] })
      expect((await call('rui', 'GET', `/ai-overviews/keywords?source=site&siteId=${siteId}`)).status).toBe(
        404,
      )
      expect(
        (await call('rui', 'GET', `/ai-overviews/keywords?source=research&taskId=${research!.id}`)).status,
      ).toBe(404)
    })

    it("each cited page beside its crawl facts and Googlebot's last fetch, from the workspace's own data", async () => {
      const body = {
        site: 'https://www.exemplo.pt/',
        keywords: ['seguro saude citado'],
        locations: [{ locationCode: 2620, languageCode: 'pt' }],
        surfaces: ['ai_overview'],
      }
      const started = await call('ana', 'POST', '/ai-overviews/runs', {
        ...body,
        confirm: true,
        expectedCost: 0.002,
      })
      expect(started.status).toBe(201)
      await finishedTask(farol.url, started.body.taskId, { cookie: cookies.ana! })
      const bare = await call('ana', 'GET', `/ai-overviews/runs/${started.body.runId}/pages`)
      expect(bare.body).toMatchObject({ crawl: null, logs: null })
      const cited = bare.body.pages[0] as { url: string; cited: number; crawl: null; googlebot: null }
      expect(cited).toMatchObject({ cited: 1, expected: 0, crawl: null, googlebot: null })
      const path = new URL(cited.url).pathname
      // The workspace's crawl of the site (its page under the bare host, with a trailing slash) and logs.
      const db = farol.database.db
      const [crawl] = await db
        .insert(tasks)
        .values({
          kind: 'site_crawl',
          url: 'https://exemplo.pt/',
          status: 'success',
          userId: anaId,
          workspaceId,
          finishedAt: new Date(),
        })
        .returning()
      await db.insert(siteCrawlPages).values({
        crawlId: crawl!.id,
        id: 1,
        url: `https://exemplo.pt${path}/`,
        source: 'link',
        status: 200,
        indexable: true,
        canonical: `https://exemplo.pt${path}/`,
        wordCount: 812,
        fetchedAt: new Date(),
      })
      const [analysis] = await db
        .insert(botLogAnalyses)
        .values({
          userId: anaId,
          workspaceId,
          siteUrl: 'https://www.exemplo.pt/',
          host: 'www.exemplo.pt',
          summary: { period: { from: null, to: null }, bots: [] },
        })
        .returning()
      await db.insert(botLogPages).values({
        analysisId: analysis!.id,
        path,
        hits: 3,
        bots: [
          {
            token: 'GPTBot',
            hits: 1,
            first: '2026-11-20T10:00:00Z',
            last: '2026-11-20T10:00:00Z',
            lastStatus: 200,
          },
          {
            token: 'Googlebot',
            hits: 2,
            first: '2026-11-21T08:00:00Z',
            last: '2026-11-26T09:30:00Z',
            lastStatus: 200,
          },
        ],
      })
      const joined = await call('ana', 'GET', `/ai-overviews/runs/${started.body.runId}/pages`)
      expect(joined.body.crawl.id).toBe(crawl!.id)
      expect(joined.body.pages[0]).toMatchObject({
        url: cited.url,
        crawl: { status: 200, indexable: true, canonical: `https://exemplo.pt${path}/`, words: 812 },
        googlebot: { last: '2026-11-26T09:30:00Z', hits: 2 },
      })
      expect((await call('rui', 'GET', `/ai-overviews/runs/${started.body.runId}/pages`)).status).toBe(404)
    })

    it("the PDF report's data carries the site's latest run and the latest check's changes", async () => {
      const db = farol.database.db
      const made = await db
        .insert(tasks)
        .values(
          ['seo_analysis', 'seo_analysis', 'ai_optimization'].map((kind) => ({
            kind,
            url: 'https://www.exemplo.pt/',
            userId: anaId,
            workspaceId,
          })),
        )
        .returning()
      const ids = { desktopTaskId: made[0]!.id, mobileTaskId: made[1]!.id, aiOptimizationTaskId: made[2]!.id }
      const data = await call('ana', 'POST', '/get-report-data', ids)
      expect(data.status, JSON.stringify(data.body)).toBe(200)
      const googleAi = data.body.googleAi
      expect(googleAi).toMatchObject({ site: 'exemplo.pt', keywords: 1 })
      expect(googleAi.surfaces).toHaveLength(1)
      expect(googleAi.surfaces[0]).toMatchObject({ surface: 'ai_overview', site: { k: 1, n: 1 } })
      expect(googleAi.changes.items.map((c: { kind: string }) => c.kind)).toEqual(['lost', 'gained'])
      expect(googleAi.changes.items[1].text.en).toBe(
        '“seguro concorrentes”: Google now cites the site (AI Overview, Portugal, desktop).',
      )
    })

    it('a check dearer than confirmed is not made, and says why', async () => {
      const db = farol.database.db
      await db.insert(siteKeywords).values({ siteId, keyword: 'seguro vida citado' })
      await db
        .update(aiOverviewAnswers)
        .set({ day: '2026-01-02' })
        .where(and(eq(aiOverviewAnswers.workspaceId, workspaceId), ne(aiOverviewAnswers.day, '2026-01-01')))
      const before = fake.requests.length
      const site = { id: siteId, url: 'https://www.exemplo.pt/', userId: anaId, workspaceId }
      const dear = await checkTrackedSite(deps(), site, 'en')
      expect(dear?.taskId).toBeNull()
      expect(fake.requests.length).toBe(before)
      const listed = await call('ana', 'GET', '/ai-overviews/tracking')
      expect(listed.body.sites[0].checks[0]).toMatchObject({
        status: 'failed',
        errorCode: 'OVERVIEWS_ESTIMATE_CHANGED',
      })
      expect((await call('rui', 'DELETE', `/ai-overviews/tracking/${siteId}`)).status).toBe(404)
      expect((await call('ana', 'DELETE', `/ai-overviews/tracking/${siteId}`)).status).toBe(204)
      expect(await checkTrackedSite(deps(), site, 'en')).toBeNull()
    })
  })
}
