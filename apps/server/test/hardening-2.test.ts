// Hardening, second round (issue 26), through the real HTTP server: the body reader (nesting depth,
// content type, null bodies, wrong types), headers (Permissions-Policy, no-store on session routes), the
// session list without tokens, a password change that ends every other session, competitor URLs under
// the URL rules, and the password reset that answers before it knows whether the address exists.
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { llmSettings, verifications } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')
const password = 'Farol#Seguro2026'

describe('hardening, second round', () => {
  let farol: RunningFarol
  let cookie: string
  let json: Record<string, string>

  beforeAll(async () => {
    const port = await freePort()
    farol = await startFarol(
      testConfig({
        port,
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '0', FAROL_RATE_LIMIT_SIGN_UP: '50', FAROL_WORKERS: '0' },
      }),
      log,
    )
    cookie = await signedInUser(farol, `hard.${Date.now()}@example.pt`)
    json = { 'content-type': 'application/json', origin: farol.url }
    // Opening the embedded database takes over a minute on a loaded 2-core machine.
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
  })

  const send = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    fetch(`${farol.url}${path}`, { method, headers, body })

  it('a deeply nested body is a translated 400 INVALID_JSON on every JSON route, sign-in included', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`
    for (const path of ['/api/auth/sign-in/email', '/api/contact', '/api/seo-task-manager/create']) {
      const res = await send('POST', path, { ...json, 'accept-language': 'en' }, deep)
      expect(res.status, path).toBe(400)
      const body = (await res.json()) as { error: { code: string; message: string } }
      expect(body.error.code).toBe('INVALID_JSON')
      expect(body.error.message).toMatch(/JSON/)
    }
    // 64 levels are fine (the route's own validation answers), 65 are not.
    const ok = await send('PATCH', '/api/me', { ...json, cookie }, `${'['.repeat(64)}${']'.repeat(64)}`)
    expect(ok.status).toBe(400)
    expect(((await ok.json()) as { error: { code: string } }).error.code).toBe('VALIDATION')
    const over = await send('PATCH', '/api/me', { ...json, cookie }, `${'['.repeat(65)}${']'.repeat(65)}`)
    expect(((await over.json()) as { error: { code: string } }).error.code).toBe('INVALID_JSON')
  })

  it('JSON routes refuse other content types with 415, before the route reads the body', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const headers: Record<string, string> = { origin: farol.url, cookie }
      if (type) headers['content-type'] = type
      const res = await send('PATCH', '/api/me', headers, JSON.stringify({ name: 'Outro' }))
      expect(res.status, type).toBe(415)
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('UNSUPPORTED_MEDIA_TYPE')
    }
    const res = await send(
      'POST',
      '/api/auth/sign-in/email',
      { origin: farol.url, 'content-type': 'text/plain' },
      '{}',
    )
    expect(res.status).toBe(415)
  })

  it('a null body or wrong types are a 400, never a TypeError', async () => {
    const cases: [string, string, string][] = [
      ['PUT', '/api/llm/settings', 'null'],
      ['PUT', '/api/llm/settings', '{"url":1}'],
      ['PUT', '/api/llm/settings', '{"url":"https://a.pt","competitors":"x"}'],
      ['POST', '/api/reports', 'null'],
      ['POST', '/api/reports', '{"url":["x"]}'],
      ['POST', '/api/contact', 'null'],
      ['POST', '/api/seo-task-manager/create', 'null'],
      ['POST', '/api/get-report-data', 'null'],
      ['PATCH', '/api/me', 'null'],
      ['PATCH', '/api/me/settings', 'null'],
      ['POST', '/api/sites', 'null'],
      ['PUT', '/api/knowledge/facts', 'null'],
      ['POST', '/api/knowledge/corrections', 'null'],
      ['PATCH', '/api/me/onboarding', 'null'],
      ['POST', '/api/writer/ideas', 'null'],
    ]
    for (const [method, path, body] of cases) {
      const res = await send(method, path, { ...json, cookie }, body)
      expect(res.status, `${method} ${path} ${body}`).toBeGreaterThanOrEqual(400)
      expect(res.status, `${method} ${path} ${body}`).toBeLessThan(500)
    }
  })

  it('a bodiless DELETE that names the JSON type still works (the web clients set it on every request)', async () => {
    const created = await send(
      'POST',
      '/api/sites',
      { ...json, cookie },
      '{"url":"https://oficina-exemplo.pt/"}',
    )
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }
    const removed = await send('DELETE', `/api/sites/${id}`, { ...json, cookie })
    expect(removed.status).toBe(204)
    const again = await send('DELETE', `/api/sites/${id}`, { ...json, cookie })
    expect(again.status).toBe(404)
  })

  it('a blog slug no post can have is a 404 (the /blog/%00 page showed "unavailable", a 503)', async () => {
    for (const slug of ['%00', '%ED%A0%80', 'a%00b'])
      expect((await send('GET', `/api/blog-posts/${slug}`, {})).status, slug).toBe(404)
  })

  it('every response says no camera, microphone, geolocation or payment', async () => {
    for (const path of ['/api/health', '/api/session', '/']) {
      const policy = (await send('GET', path, {})).headers.get('permissions-policy') ?? ''
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment'])
        expect(policy, path).toContain(`${feature}=()`)
    }
  })

  it('session and account routes are never cached', async () => {
    for (const path of ['/api/session', '/api/me', '/api/me/settings', '/api/auth/get-session']) {
      const res = await send('GET', path, { cookie })
      expect(res.headers.get('cache-control'), path).toContain('no-store')
    }
  })

  it('the session list carries no session tokens', async () => {
    const res = await send('GET', '/api/auth/list-sessions', { cookie })
    expect(res.status).toBe(200)
    const sessions = (await res.json()) as Record<string, unknown>[]
    expect(sessions.length).toBeGreaterThan(0)
    for (const s of sessions) expect(s).not.toHaveProperty('token')
  })

  it('a password change ends every other session, whatever the client asks', async () => {
    const email = `change.${Date.now()}@example.pt`
    const first = await signedInUser(farol, email)
    const signIn = await send('POST', '/api/auth/sign-in/email', json, JSON.stringify({ email, password }))
    const second = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    const changed = await send(
      'POST',
      '/api/auth/change-password',
      { ...json, cookie: first },
      JSON.stringify({
        currentPassword: password,
        newPassword: 'Farol#Novo2026!',
        revokeOtherSessions: false,
      }),
    )
    expect(changed.status).toBe(200)
    const other = (await (await send('GET', '/api/session', { cookie: second })).json()) as { user: unknown }
    expect(other.user).toBeNull()
  })

  it('competitor addresses follow the URL rules (no private addresses)', async () => {
    const res = await send(
      'PUT',
      '/api/llm/settings',
      { ...json, cookie },
      JSON.stringify({
        url: 'https://exemplo.pt',
        competitors: ['http://127.0.0.1:8080/', 'http://10.0.0.1/'],
      }),
    )
    expect(res.status).toBe(400)
    const rows = await farol.database.db.select().from(llmSettings)
    expect(rows.every((r) => !JSON.stringify(r).includes('127.0.0.1'))).toBe(true)
  })

  it('a password reset does the same work for a known and an unknown address: one queued job', async () => {
    const email = `reset.${Date.now()}@example.pt`
    await signedInUser(farol, email)
    const ask = (address: string) =>
      send(
        'POST',
        '/api/auth/request-password-reset',
        json,
        JSON.stringify({ email: address, redirectTo: `${farol.url}/reset-password` }),
      )
    const known = await ask(email)
    const unknown = await ask(`nobody.${Date.now()}@example.pt`)
    expect(known.status).toBe(200)
    expect(await known.text()).toBe(await unknown.text())
    // Workers are off here: the address was not looked up, no token was made, in the request.
    const tokens = await farol.database.db.select().from(verifications)
    expect(tokens.filter((t) => t.identifier.startsWith('reset-password:'))).toEqual([])
    const { rows } = (await farol.database.db.execute(
      sql`select data from pgboss.job where name = 'account.password-reset'`,
    )) as unknown as { rows: { data: { email: string } }[] }
    expect(rows.map((r) => r.data.email).sort()).toHaveLength(2)
  })
})
