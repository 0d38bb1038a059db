// The wiring of Google's AI answers into a tracked site's schedule (issue 43 item 3): the monitor's run of
// a site whose workspace confirmed a check's cost starts the check of its keywords (composition/workers.ts
// hands the monitor its afterRun hook), and the finished check is compared (its first is the baseline).
// The real monitor job, with the audit minus Lighthouse, against the loopback DataForSEO fake.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeDataForSeoSerp,
  startFakeDataForSeoSerp,
} from '../../../packages/engine/test/fakes/dataforseo-serp.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { baselineRun } from '../src/features/sites/monitor.ts'
import {
  aiOverviewRuns,
  aiOverviewTracking,
  members,
  siteKeywords,
  trackedSites,
  users,
} from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { apiCaller, freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

describe("a tracked site's scheduled run checks its keywords in Google's AI answers", () => {
  let site: Server
  let siteUrl = ''
  let farol: RunningFarol
  let fake: FakeDataForSeoSerp
  const cookies: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)

  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html lang="pt"><head><title>Seguros</title></head><body><h1>Seguros</h1></body></html>',
      )
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}/`
    fake = await startFakeDataForSeoSerp({ site: 'localhost' })
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          DATAFORSEO_LOGIN: fake.login,
          DATAFORSEO_PASSWORD: fake.password,
          DATAFORSEO_URL: fake.origin,
        },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
    cookies.ana = await signedInUser(farol, 'ana.monitor.aio@exemplo.pt')
  })
  afterAll(async () => {
    await farol?.stop()
    await fake?.close()
    site?.close()
  })

  it('the monitor job starts the check, and the check is kept as the baseline', async () => {
    await call('ana', 'GET', '/ai-overviews/status')
    const db = farol.database.db
    const [ana] = await db.select().from(users).where(eq(users.email, 'ana.monitor.aio@exemplo.pt'))
    const [membership] = await db.select().from(members).where(eq(members.userId, ana!.id))
    const workspaceId = membership!.organizationId
    const [tracked] = await db
      .insert(trackedSites)
      .values({ userId: ana!.id, workspaceId, url: siteUrl, frequency: 'weekly' })
      .returning()
    await db.insert(siteKeywords).values({ siteId: tracked!.id, keyword: 'seguro auto citado' })
    await db.insert(aiOverviewTracking).values({
      siteId: tracked!.id,
      workspaceId,
      userId: ana!.id,
      locations: [{ locationCode: 2620, languageCode: 'pt' }],
      devices: ['desktop'],
      surfaces: ['ai_overview', 'ai_mode'],
      maxCost: 0.006,
    })
    await baselineRun(farol.boss, tracked!.id)
    const deadline = Date.now() + 180_000
    let runs: (typeof aiOverviewRuns.$inferSelect)[] = []
    while (Date.now() < deadline) {
      runs = await db.select().from(aiOverviewRuns).where(eq(aiOverviewRuns.siteId, tracked!.id))
      if (runs[0]?.changes) break
      await new Promise((r) => setTimeout(r, 500))
    }
    expect(runs).toHaveLength(1)
    expect(runs[0]).toMatchObject({ status: 'success', calls: 2, changes: { baseline: true } })
    // The check's two calls (the monitor's keyword positions read the same SERP API besides).
    const asked = fake.requests.filter(
      (r) => r.endpoint === 'ai_mode' || r.task.load_async_ai_overview === true,
    )
    expect(asked.map((r) => [r.endpoint, r.task.keyword]).sort()).toEqual([
      ['ai_mode', 'seguro auto citado'],
      ['organic', 'seguro auto citado'],
    ])
  }, 200_000)
})
