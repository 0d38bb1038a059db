// Keyword positions of tracked sites end to end: keywords added through the API, then each scheduled
// run stores their positions — from DataForSEO's SERP API for a user without Search Console, from
// Search Console for a user whose Google account carries the webmasters.readonly scope — both against
// loopback fakes of the real protocols. Without either, the API says which connection is needed.
// A Search Console token past its hour is refreshed at a fake of Google's token endpoint (Better Auth's
// getAccessToken, FAROL_GOOGLE_TOKEN_URL) and stored; a refused refresh asks the user to reconnect.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeDataForSeo,
  fakeRanking,
  startFakeDataForSeo,
} from '../../../packages/engine/test/fakes/keywords-dataforseo.ts'
import { type FakeGsc, startFakeGsc } from '../../../packages/engine/test/fakes/positions-gsc.ts'
import { searchConsoleLinkBody } from '../../web/app/features/sites/search-console.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { gscScope, positionSource } from '../src/features/sites/keywords.ts'
import { accounts, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import type { Auth } from '../src/tenancy/auth.ts'
import { type FakeGoogleOAuth, startFakeGoogleOAuth } from './fake-google-oauth.ts'
import { freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

interface KeywordsView {
  source: string
  needs: string[]
  searchConsole: string
  notice: { code: string; message: string } | null
  keywords: { id: string; keyword: string; latest: { position: number | null; source: string } | null }[]
}

describe('keyword positions of tracked sites', () => {
  let site: Server
  let siteUrl: string
  let dfs: FakeDataForSeo
  let gsc: FakeGsc
  let google: FakeGoogleOAuth
  let farol: RunningFarol
  const client = { clientId: 'farol-test.apps.googleusercontent.com', clientSecret: 'segredo' }
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
    google = await startFakeGoogleOAuth(client)
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
          // Seven users sign up from one address.
          FAROL_RATE_LIMIT_SIGN_UP: '50',
          DATAFORSEO_LOGIN: dfs.login,
          DATAFORSEO_PASSWORD: dfs.password,
          DATAFORSEO_URL: dfs.origin,
          GOOGLE_CLIENT_ID: client.clientId,
          GOOGLE_CLIENT_SECRET: client.clientSecret,
          FAROL_GOOGLE_TOKEN_URL: google.tokenUrl,
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
    await google?.close()
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
    expect(v.searchConsole).toBe('not-connected')
    expect(v.notice).toBeNull()
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

  /** A Google account row as Better Auth stores it after link-social (scopes comma-separated). */
  async function linkGoogle(email: string, tokens: { accessToken: string; refreshToken: string | null }) {
    const [user] = await farol.database.db.select().from(users).where(eq(users.email, email))
    await farol.database.db.insert(accounts).values({
      id: `google-${email}`,
      accountId: `sub-${email}`,
      providerId: 'google',
      userId: user!.id,
      accessToken: tokens.accessToken,
      refreshToken: tokens.refreshToken,
      accessTokenExpiresAt: new Date(Date.now() - 60_000),
      scope: `openid,email,profile,https://www.googleapis.com/auth/userinfo.email,${gscScope}`,
    })
    return `google-${email}`
  }

  it('refreshes an expired Search Console token at Google, stores it and queries with it', async () => {
    const ivo = await signedInUser(farol, 'ivo.kw@exemplo.pt')
    const accountId = await linkGoogle('ivo.kw@exemplo.pt', {
      accessToken: 'ya29.expired-an-hour-ago',
      refreshToken: '1//refresh-ivo',
    })
    google.grants.set('1//refresh-ivo', { accessToken: gsc.token, scope: `openid ${gscScope}` })
    const id = await followWithKeyword(ivo)
    // The fake Search Console accepts only the refreshed token: a position means it was queried with it.
    const v = await until(ivo, id, (v) => v.keywords[0]?.latest !== null)
    expect(v).toMatchObject({ source: 'search-console', searchConsole: 'connected', notice: null })
    expect(v.keywords[0]!.latest).toMatchObject({ position: 5.5, source: 'search-console' })

    const refreshes = google.requests.filter((r) => r.form.refresh_token === '1//refresh-ivo')
    expect(refreshes[0]).toEqual({
      contentType: 'application/x-www-form-urlencoded',
      form: { grant_type: 'refresh_token', refresh_token: '1//refresh-ivo', client_id: client.clientId },
      status: 200,
    })
    // Stored: later reads use the new token until it expires, without asking Google again.
    expect(refreshes).toHaveLength(1)
    const [row] = await farol.database.db.select().from(accounts).where(eq(accounts.id, accountId))
    expect(row!.accessToken).toBe(gsc.token)
    expect(row!.refreshToken).toBe('1//refresh-ivo')
    expect(row!.accessTokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 3_000_000)
  }, 150_000)

  it('asks to reconnect when Google refuses the refresh, and falls back to DataForSEO', async () => {
    const rita = await signedInUser(farol, 'rita.kw@exemplo.pt')
    const accountId = await linkGoogle('rita.kw@exemplo.pt', {
      accessToken: 'ya29.expired-rita',
      refreshToken: '1//revoked-by-rita',
    })
    const id = await followWithKeyword(rita)
    const v = await until(rita, id, (v) => v.keywords[0]?.latest !== null)
    expect(v.source).toBe('dataforseo')
    expect(v.searchConsole).toBe('reconnect')
    expect(v.notice).toEqual({
      code: 'SEARCH_CONSOLE_RECONNECT',
      message:
        'A ligação ao Google Search Console deixou de funcionar (acesso revogado ou expirado). Ligue-o de novo para continuar a medir as posições.',
    })
    expect(v.keywords[0]!.latest).toMatchObject({ position: 3, source: 'dataforseo' })
    expect(
      google.requests.some((r) => r.form.refresh_token === '1//revoked-by-rita' && r.status === 400),
    ).toBe(true)
    const en = (await (await api(rita, `/sites/${id}/keywords?lang=en`)).json()) as KeywordsView
    expect(en.notice?.message).toBe(
      'The Google Search Console connection stopped working (access revoked or expired). Connect it again to keep measuring positions.',
    )
    // Nothing was stored over the dead grant: a new link replaces it.
    const [row] = await farol.database.db.select().from(accounts).where(eq(accounts.id, accountId))
    expect(row!.accessToken).toBe('ya29.expired-rita')
  }, 150_000)

  it('asks to reconnect an expired token that has no refresh token, without asking Google', async () => {
    const leo = await signedInUser(farol, 'leo.kw@exemplo.pt')
    await linkGoogle('leo.kw@exemplo.pt', { accessToken: 'ya29.expired-leo', refreshToken: null })
    const id = await followWithKeyword(leo)
    const before = google.requests.length
    const v = (await (await api(leo, `/sites/${id}/keywords`)).json()) as KeywordsView
    expect(v).toMatchObject({ source: 'dataforseo', searchConsole: 'reconnect' })
    expect(v.notice?.code).toBe('SEARCH_CONSOLE_RECONNECT')
    // Only a request on Leo's behalf counts. Requests for the earlier users (their own refresh tokens,
    // e.g. Rita's revoked one asked again by her tracked site's reads) may still arrive on a loaded
    // machine while this test runs.
    const earlierUsers = new Set(['1//refresh-ivo', '1//revoked-by-rita'])
    expect(
      google.requests.slice(before).filter((r) => !earlierUsers.has(r.form.refresh_token ?? '')),
    ).toEqual([])
  }, 60_000)

  it('links Google with the Search Console scope and offline access, back to /suite/sites', async () => {
    const mia = await signedInUser(farol, 'mia.kw@exemplo.pt')
    const response = await fetch(`${farol.url}/api/auth/link-social`, {
      method: 'POST',
      headers: { cookie: mia, 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify(searchConsoleLinkBody()),
    })
    expect(response.status).toBe(200)
    const to = new URL(((await response.json()) as { url: string }).url)
    expect(to.origin + to.pathname).toBe('https://accounts.google.com/o/oauth2/v2/auth')
    expect(to.searchParams.get('scope')!.split(' ')).toContain(gscScope)
    expect(to.searchParams.get('access_type')).toBe('offline')
    expect(to.searchParams.get('prompt')).toBe('select_account consent')
    expect(to.searchParams.get('include_granted_scopes')).toBe('true')
    expect(to.searchParams.get('client_id')).toBe(client.clientId)
    expect(to.searchParams.get('redirect_uri')).toMatch(/\/api\/auth\/callback\/google$/)
  })

  it('says which connection is needed when neither is available', async () => {
    const [user] = await farol.database.db.select().from(users).where(eq(users.email, 'ana.kw@exemplo.pt'))
    // Never reached here: Ana has no Google account carrying the scope.
    const auth = {} as Auth
    const db = farol.database.db
    expect(await positionSource({ db, config: testConfig(), auth }, user!.id)).toEqual({
      kind: 'none',
      needs: ['dataforseo'],
      searchConsole: 'unavailable',
    })
    expect(
      await positionSource(
        { db, config: testConfig({ env: { GOOGLE_CLIENT_ID: 'x', GOOGLE_CLIENT_SECRET: 'y' } }), auth },
        user!.id,
      ),
    ).toEqual({ kind: 'none', needs: ['search-console', 'dataforseo'], searchConsole: 'not-connected' })
  })
})
