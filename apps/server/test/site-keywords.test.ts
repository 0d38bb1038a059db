// Keyword positions of tracked sites end to end: keywords added through the API, then each scheduled
// run stores their positions — from DataForSEO's SERP API for a user without Search Console, from
// Search Console for a user whose Google account carries the webmasters.readonly scope — both against
// loopback fakes of the real protocols. Without either, the API says which connection is needed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { audit } from '@farol/engine'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeDataForSeo,
  fakeRanking,
  startFakeDataForSeo,
} from '../../../packages/engine/test/fakes/keywords-dataforseo.ts'
import { type FakeGsc, startFakeGsc } from '../../../packages/engine/test/fakes/positions-gsc.ts'
import { accounts, users } from '../src/db/schema.ts'
import { createLogger } from '../src/log.ts'
import { type RunningFarol, startFarol } from '../src/server.ts'
import { gscScope, positionSource } from '../src/sites/keywords.ts'
import type { AuditFn } from '../src/tasks/worker.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const withoutLighthouse: AuditFn = (url, opts, deps) => audit(url, { ...opts, device: 'none' }, deps)

interface KeywordsView {
  source: string
  needs: string[]
  keywords: { id: string; keyword: string; latest: { position: number | null; source: string } | null }[]
}

describe('keyword positions of tracked sites', () => {
  let site: Server
  let siteUrl: string
  let dfs: FakeDataForSeo
  let gsc: FakeGsc
  let farol: RunningFarol
  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html lang="pt"><head><title>Padaria Sol</title></head><body><h1>Pão</h1></body></html>',
      )
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    dfs = await startFakeDataForSeo()
    gsc = await startFakeGsc()
    fakeRanking['pão em faro'] = { domain: '127.0.0.1', position: 3 }
    gsc.rows['sc-domain:127.0.0.1'] = [
      { keys: ['pão em faro', siteUrl], clicks: 12, impressions: 200, ctr: 0.06, position: 5.5 },
    ]
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_MONITOR_EVERY_S: '5',
          FAROL_TASK_REUSE_SECONDS: '0',
          DATAFORSEO_LOGIN: dfs.login,
          DATAFORSEO_PASSWORD: dfs.password,
          DATAFORSEO_URL: dfs.origin,
          GOOGLE_CLIENT_ID: 'farol-test.apps.googleusercontent.com',
          GOOGLE_CLIENT_SECRET: 'segredo',
          FAROL_GSC_URL: gsc.origin,
        },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
  })
  afterAll(async () => {
    await farol?.stop()
    await dfs?.close()
    await gsc?.close()
    site?.close()
  })

  const api = (cookie: string, path: string, init: RequestInit = {}) =>
    fetch(`${farol.url}/api${path}`, {
      ...init,
      headers: { cookie, 'content-type': 'application/json', origin: farol.url },
    })
  async function until(cookie: string, id: string, ok: (v: KeywordsView) => boolean) {
    const deadline = Date.now() + 120_000
    for (;;) {
      const v = (await (await api(cookie, `/sites/${id}/keywords`)).json()) as KeywordsView
      if (ok(v)) return v
      if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(v)}`)
      await new Promise((r) => setTimeout(r, 500))
    }
  }
  async function followWithKeyword(cookie: string) {
    const { id } = await (
      await api(cookie, '/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    ).json()
    const added = await api(cookie, `/sites/${id}/keywords`, {
      method: 'POST',
      body: JSON.stringify({ keyword: '  Pão   em Faro ' }),
    })
    expect(added.status).toBe(201)
    expect((await added.json()).keyword).toBe('pão em faro')
    return id as string
  }

  it('stores SERP positions at each run when DataForSEO is the source', async () => {
    const ana = await signedInUser(farol, 'ana.kw@exemplo.pt')
    const id = await followWithKeyword(ana)
    const v = await until(ana, id, (v) => v.keywords[0]?.latest !== null)
    expect(v.source).toBe('dataforseo')
    expect(v.keywords[0]!.latest).toMatchObject({ position: 3, source: 'dataforseo' })
    expect(dfs.requests.some((r) => r.fn === 'serp/google/organic' && r.task.keyword === 'pão em faro')).toBe(
      true,
    )

    // Bad input changes nothing; another user's site is a 404; a keyword can be removed.
    expect((await api(ana, `/sites/${id}/keywords`, { method: 'POST', body: '{"keyword":""}' })).status).toBe(
      400,
    )
    const rui = await signedInUser(farol, 'rui.kw@exemplo.pt')
    expect((await api(rui, `/sites/${id}/keywords`)).status).toBe(404)
    const kw = v.keywords[0]!.id
    expect((await api(ana, `/sites/${id}/keywords/${kw}`, { method: 'DELETE' })).status).toBe(204)
    expect(((await (await api(ana, `/sites/${id}/keywords`)).json()) as KeywordsView).keywords).toEqual([])
  }, 150_000)

  it('uses Search Console when the user linked Google with the webmasters.readonly scope', async () => {
    const eva = await signedInUser(farol, 'eva.kw@exemplo.pt')
    const [user] = await farol.database.db.select().from(users).where(eq(users.email, 'eva.kw@exemplo.pt'))
    await farol.database.db.insert(accounts).values({
      id: 'google-eva',
      accountId: '1093',
      providerId: 'google',
      userId: user!.id,
      accessToken: gsc.token,
      accessTokenExpiresAt: new Date(Date.now() + 3_600_000),
      scope: `openid email profile ${gscScope}`,
    })
    const id = await followWithKeyword(eva)
    const v = await until(eva, id, (v) => v.keywords[0]?.latest !== null)
    expect(v.source).toBe('search-console')
    expect(v.keywords[0]!.latest).toMatchObject({ position: 5.5, source: 'search-console' })
    expect(gsc.requests.at(-1)!.body).toMatchObject({ dimensions: ['query', 'page'] })
  }, 150_000)

  it('says which connection is needed when neither is available', async () => {
    const [user] = await farol.database.db.select().from(users).where(eq(users.email, 'ana.kw@exemplo.pt'))
    expect(await positionSource(farol.database.db, testConfig(), user!.id)).toEqual({
      kind: 'none',
      needs: ['dataforseo'],
    })
    expect(
      await positionSource(
        farol.database.db,
        testConfig({ env: { GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y' } }),
        user!.id,
      ),
    ).toEqual({ kind: 'none', needs: ['search-console', 'dataforseo'] })
  })
})
