// Personal API tokens on /api/v1: shown once and stored hashed, scope by scope, expired and revoked
// tokens refused, another user's objects are 404s, account routes refuse tokens (403), no CSRF origin
// check for bearer requests and no cookie identity on /api/v1, a per-token rate limit.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { apiTokens, tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { hashToken } from '../src/tenancy/tokens.ts'
import { freePort, signedInUser, testConfig, withoutLighthouse } from './helpers.ts'

const rateLimit = 40

describe('personal API tokens', () => {
  let site: Server
  let siteUrl: string
  let farol: RunningFarol
  let ana: string
  let rui: string
  beforeAll(async () => {
    site = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html lang="pt"><head><title>Padaria Sol</title></head><body><h1>Pão</h1></body></html>',
      )
    })
    await new Promise<void>((r) => site.listen(0, '127.0.0.1', r))
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}/`
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_RATE_LIMIT_API_TOKEN: String(rateLimit) },
      }),
      createLogger('silent'),
      { runAudit: withoutLighthouse },
    )
    ana = await signedInUser(farol, 'ana.tokens@exemplo.pt')
    rui = await signedInUser(farol, 'rui.tokens@exemplo.pt')
  }, 180_000) // starting Farol on a loaded machine (as main's field tests)
  afterAll(async () => {
    await farol?.stop()
    site?.close()
  })

  const withCookie = (cookie: string, path: string, init: RequestInit = {}) =>
    fetch(`${farol.url}/api${path}`, {
      ...init,
      headers: {
        cookie,
        origin: farol.url,
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.headers ?? {}),
      },
    })
  /** A bearer request as a script sends it: no cookie, no Origin. */
  const withToken = (token: string, path: string, init: RequestInit = {}) =>
    fetch(`${farol.url}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        ...(init.headers ?? {}),
      },
    })
  async function newToken(cookie: string, scopes: string[], extra: object = {}) {
    const res = await withCookie(cookie, '/account/tokens', {
      method: 'POST',
      body: JSON.stringify({ name: `t-${scopes.join('-')}`, scopes, ...extra }),
    })
    expect(res.status).toBe(201)
    return (await res.json()) as { token: string; id: string; scopes: string[] }
  }

  it('is shown once, stored as a hash, listed with its last use', async () => {
    const created = await newToken(ana, ['read'])
    expect(created.token).toMatch(/^farol_[A-Za-z0-9_-]{43}$/)
    const [row] = await farol.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id))
    expect(row!.tokenHash).toBe(hashToken(created.token))
    expect(JSON.stringify(row)).not.toContain(created.token)
    const listed = await (await withCookie(ana, '/account/tokens')).json()
    expect(JSON.stringify(listed)).not.toContain(created.token)
    expect(listed.tokens[0].lastUsedAt).toBeNull()
    expect((await withToken(created.token, '/api/v1/sites')).status).toBe(200)
    const after = await (await withCookie(ana, '/account/tokens')).json()
    expect(after.tokens.find((t: { id: string }) => t.id === created.id).lastUsedAt).not.toBeNull()
  })

  it('refuses bad token requests with a translated message', async () => {
    const bad = await withCookie(ana, '/account/tokens?lang=en', {
      method: 'POST',
      body: JSON.stringify({ name: '', scopes: [] }),
    })
    expect(bad.status).toBe(400)
    const body = await bad.json()
    expect(body.error.fields.name).toMatch(/name/)
    expect(body.error.fields.scopes).toMatch(/permission/)
    // No session: no token management.
    expect((await fetch(`${farol.url}/api/account/tokens`)).status).toBe(401)
  })

  it('grants exactly its scopes', async () => {
    const read = await newToken(ana, ['read'])
    const auditor = await newToken(ana, ['audit'])
    const sites = await newToken(ana, ['sites'])
    const createSite = (t: string) =>
      withToken(t, '/api/v1/sites', { method: 'POST', body: JSON.stringify({ url: siteUrl }) })
    const createTask = (t: string) =>
      withToken(t, '/api/v1/tasks', {
        method: 'POST',
        // fresh: tracking the site starts its baseline run, whose identical AIO task would be reused (200).
        body: JSON.stringify({ task_name: 'ai_optimization', requested_data: { url: siteUrl, fresh: true } }),
      })

    // read: reads only.
    expect((await withToken(read.token, '/api/v1/sites')).status).toBe(200)
    const refused = await createSite(read.token)
    expect(refused.status).toBe(403)
    expect((await refused.json()).error.code).toBe('TOKEN_SCOPE')
    expect((await createTask(read.token)).status).toBe(403)

    // sites: manages tracked sites, reads nothing.
    const tracked = await createSite(sites.token)
    expect(tracked.status).toBe(201)
    const { id: siteId } = await tracked.json()
    expect((await withToken(sites.token, '/api/v1/sites')).status).toBe(403)
    expect((await createTask(sites.token)).status).toBe(403)
    const patched = await withToken(sites.token, `/api/v1/sites/${siteId}`, {
      method: 'PATCH',
      body: JSON.stringify({ frequency: 'daily' }),
    })
    expect((await patched.json()).frequency).toBe('daily')

    // audit: starts tasks as the user (their quota), cannot read them back nor touch sites.
    const task = await createTask(auditor.token)
    expect(task.status).toBe(201)
    const { taskId } = await task.json()
    const [row] = await farol.database.db.select().from(tasks).where(eq(tasks.id, taskId))
    const [owner] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'ana.tokens@exemplo.pt'))
    expect(row!.userId).toBe(owner!.id)
    expect((await withToken(auditor.token, `/api/v1/tasks/${taskId}`)).status).toBe(403)
    expect((await createSite(auditor.token)).status).toBe(403)
    expect((await withToken(read.token, `/api/v1/tasks/${taskId}`)).status).toBe(200)

    expect((await withToken(sites.token, `/api/v1/sites/${siteId}`, { method: 'DELETE' })).status).toBe(204)
  })

  it('refuses expired and revoked tokens', async () => {
    const expiring = await newToken(ana, ['read'], { expiresInDays: 1 })
    expect((await withToken(expiring.token, '/api/v1/sites')).status).toBe(200)
    await farol.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expiring.id))
    const expired = await withToken(expiring.token, '/api/v1/sites?lang=en')
    expect(expired.status).toBe(401)
    expect((await expired.json()).error.message).toMatch(/expired or revoked/)

    const revoking = await newToken(ana, ['read'])
    expect((await withToken(revoking.token, '/api/v1/sites')).status).toBe(200)
    // Another user cannot revoke it.
    const byRui = await withCookie(rui, `/account/tokens/${revoking.id}`, { method: 'DELETE' })
    expect(byRui.status, await byRui.clone().text()).toBe(404)
    expect((await withCookie(ana, `/account/tokens/${revoking.id}`, { method: 'DELETE' })).status).toBe(204)
    expect((await withToken(revoking.token, '/api/v1/sites')).status).toBe(401)
    expect((await withToken(`${revoking.token}x`, '/api/v1/sites')).status).toBe(401)
    expect((await fetch(`${farol.url}/api/v1/sites`)).status).toBe(401)
  })

  it("answers 404 for another user's objects", async () => {
    const ruiSite = await withCookie(rui, '/sites', {
      method: 'POST',
      body: JSON.stringify({ url: siteUrl }),
    })
    const { id: siteId } = await ruiSite.json()
    const ruiTask = await withCookie(rui, '/seo-task-manager/create', {
      method: 'POST',
      body: JSON.stringify({ task_name: 'ai_optimization', requested_data: { url: siteUrl } }),
    })
    const { taskId } = await ruiTask.json()
    const anas = await newToken(ana, ['read', 'sites'])
    expect((await withToken(anas.token, `/api/v1/sites/${siteId}/history`)).status).toBe(404)
    const del = await withToken(anas.token, `/api/v1/sites/${siteId}`, { method: 'DELETE' })
    expect(del.status, await del.clone().text()).toBe(404)
    expect((await withToken(anas.token, `/api/v1/tasks/${taskId}`)).status).toBe(404)
    expect((await withToken(anas.token, `/api/v1/tasks/${taskId}/events`)).status).toBe(404)
    expect((await withToken(anas.token, `/api/v1/crawls/${taskId}/issues`)).status).toBe(404)
    const sites = await (await withToken(anas.token, '/api/v1/sites')).json()
    expect(sites.sites.map((s: { id: string }) => s.id)).not.toContain(siteId)
    // Rui's own token sees them.
    const ruis = await newToken(rui, ['read'])
    expect((await withToken(ruis.token, `/api/v1/sites/${siteId}/history`)).status).toBe(200)
  })

  it('never works on account routes, and /api/v1 never uses the session cookie', async () => {
    const all = await newToken(ana, ['read', 'audit', 'sites'])
    for (const [method, path] of [
      ['GET', '/api/account/tokens'],
      ['POST', '/api/account/tokens'],
      ['GET', '/api/me'],
      ['PATCH', '/api/me/settings'],
      ['POST', '/api/auth/change-password'],
      ['POST', '/api/auth/change-email'],
      ['GET', '/api/sites'],
    ] as const) {
      const res = await withToken(all.token, path, { method, body: method === 'GET' ? undefined : '{}' })
      expect(res.status, `${method} ${path}`).toBe(403)
      expect((await res.json()).error.code).toBe('TOKEN_NOT_ALLOWED')
    }
    // Cookie alone on /api/v1: not a token, so 401 (and a cross-site page cannot ride on it).
    const cookieOnly = await withCookie(ana, '/v1/sites')
    expect(cookieOnly.status).toBe(401)
    // A bearer POST needs no Origin (a script has none) and works.
    const noOrigin = await fetch(`${farol.url}/api/v1/sites`, {
      method: 'POST',
      headers: { authorization: `Bearer ${all.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ url: siteUrl }),
    })
    expect([200, 201]).toContain(noOrigin.status)
  })

  it('rate-limits each token on its own', async () => {
    const busy = await newToken(ana, ['read'])
    const other = await newToken(ana, ['read'])
    for (let i = 0; i < rateLimit; i++)
      expect((await withToken(busy.token, '/api/v1/reports')).status).toBe(200)
    const limited = await withToken(busy.token, '/api/v1/reports')
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('60')
    expect((await limited.json()).error.code).toBe('TOKEN_RATE_LIMITED')
    expect((await withToken(other.token, '/api/v1/reports')).status).toBe(200)
  })
})
