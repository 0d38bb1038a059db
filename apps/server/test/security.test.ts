// Hardening through the real HTTP server: CSRF without Host trust and the loopback twins, body limits,
// bad ids and text, security headers, sign-up enumeration, sign-up limits, the favicon limit.
import { request as httpRequest } from 'node:http'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { emailOutbox } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')
const password = 'Farol#Seguro2026'

/** A request with exactly these headers (fetch would not let a test choose Host). */
function raw(
  base: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(path, base)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks).toString() }),
        )
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

describe('hardening', () => {
  let farol: RunningFarol
  let port: number
  let cookie: string

  beforeAll(async () => {
    port = await freePort()
    farol = await startFarol(
      testConfig({
        port,
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_RATE_LIMIT_FAVICON: '2',
          FAROL_RATE_LIMIT_SIGN_UP: '50',
          FAROL_WORKERS: '0',
        },
      }),
      log,
    )
    cookie = await signedInUser(farol, `rita.${Date.now()}@example.pt`)
  })
  afterAll(async () => {
    await farol?.stop()
  })

  const json = (origin: string | null, extra: Record<string, string> = {}) => ({
    'content-type': 'application/json',
    ...(origin ? { origin } : {}),
    ...extra,
  })

  describe('CSRF: Origin against the public URL, never Host', () => {
    it('refuses a foreign Origin even when Host names the same foreign site', async () => {
      const create = await raw(
        farol.url,
        'POST',
        '/api/seo-task-manager/create',
        json('http://evil.example', { host: 'evil.example', cookie }),
        JSON.stringify({ task_name: 'seo_analysis', requested_data: { url: 'https://example.com' } }),
      )
      expect(create.status).toBe(403)
      const settings = await raw(
        farol.url,
        'PATCH',
        '/api/me/settings',
        json('http://evil.example', { host: 'evil.example', cookie }),
        JSON.stringify({ darkMode: true }),
      )
      expect(settings.status).toBe(403)
    })

    it('refuses a state change with neither Origin nor Sec-Fetch-Site, accepts Sec-Fetch-Site: same-origin', async () => {
      const body = JSON.stringify({ darkMode: false })
      const bare = await raw(farol.url, 'PATCH', '/api/me/settings', json(null, { cookie }), body)
      expect(bare.status).toBe(403)
      const crossSite = await raw(
        farol.url,
        'PATCH',
        '/api/me/settings',
        json(null, { cookie, 'sec-fetch-site': 'cross-site' }),
        body,
      )
      expect(crossSite.status).toBe(403)
      const sameOrigin = await raw(
        farol.url,
        'PATCH',
        '/api/me/settings',
        json(null, { cookie, 'sec-fetch-site': 'same-origin' }),
        body,
      )
      expect(sameOrigin.status).toBe(200)
    })

    it('refuses a foreign form posted to a page', async () => {
      const res = await raw(
        farol.url,
        'POST',
        '/contacto',
        { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://evil.example' },
        'name=a&email=a%40b.pt&message=hi',
      )
      expect(res.status).toBe(403)
    })

    it('signs up and in from every loopback spelling of the public URL (127.0.0.1, localhost, [::1])', async () => {
      for (const host of ['127.0.0.1', 'localhost', '[::1]']) {
        const origin = `http://${host}:${port}`
        const email = `twin.${host.replace(/\W/g, '')}.${Date.now()}@example.pt`
        const signUp = await raw(
          farol.url,
          'POST',
          '/api/auth/sign-up/email',
          json(origin),
          JSON.stringify({ name: 'Twin', email, password }),
        )
        expect(signUp.status, `${origin}: ${signUp.body}`).toBe(200)
        const signIn = await raw(
          farol.url,
          'POST',
          '/api/auth/sign-in/email',
          json(origin),
          JSON.stringify({ email, password }),
        )
        // Not verified yet: Better Auth's own 403 EMAIL_NOT_VERIFIED, not an origin refusal.
        expect(JSON.parse(signIn.body).code, origin).toBe('EMAIL_NOT_VERIFIED')
      }
      const otherPort = await raw(
        farol.url,
        'POST',
        '/api/auth/sign-in/email',
        json(`http://localhost:${port + 1}`),
        JSON.stringify({ email: 'x@example.pt', password }),
      )
      expect(otherPort.status).toBe(403)
    })
  })

  describe('body limits', () => {
    it('answers 413, translated, from Content-Length before reading the body (auth routes too)', async () => {
      for (const path of ['/api/contact', '/api/auth/sign-in/email']) {
        // Announces 100 MB and sends 1 KB: the answer must come without the rest.
        const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port,
              path: `${path}?lang=en`,
              method: 'POST',
              headers: { ...json(farol.url), 'content-length': String(100 * 1024 * 1024) },
            },
            (res) => {
              const chunks: Buffer[] = []
              res.on('data', (c: Buffer) => chunks.push(c))
              res.on('end', () =>
                resolve({ status: res.statusCode!, body: Buffer.concat(chunks).toString() }),
              )
            },
          )
          req.on('error', reject)
          req.write('x'.repeat(1024))
        })
        expect(answer.status, path).toBe(413)
        expect(JSON.parse(answer.body).error).toEqual({
          code: 'PAYLOAD_TOO_LARGE',
          message: 'The request is too large.',
        })
      }
    })

    it('stops a chunked body at the limit', async () => {
      const big = new TextEncoder().encode(`{"name":"${'a'.repeat(200 * 1024)}"}`)
      const res = await fetch(`${farol.url}/api/contact`, {
        method: 'POST',
        headers: json(farol.url),
        body: new ReadableStream({
          start(controller) {
            controller.enqueue(big)
            controller.close()
          },
        }),
        duplex: 'half',
      } as RequestInit)
      expect(res.status).toBe(413)
      expect((await res.json()).error.message).toBe('O pedido é demasiado grande.')
    })
  })

  describe('bad input answers 4xx', () => {
    it('answers 404 for malformed task and report ids', async () => {
      for (const path of [
        `/api/seo-task-manager/status?taskId=${'f'.repeat(36)}`,
        `/api/seo-task-manager/status?taskId=${'-'.repeat(36)}`,
        '/api/seo-task-manager/status?taskId=',
        `/api/tasks/${'f'.repeat(36)}/events`,
        `/api/reports/${'-'.repeat(36)}/file`,
      ]) {
        const res = await fetch(`${farol.url}${path}`, { headers: { cookie } })
        expect(res.status, path).toBe(404)
      }
      const data = await fetch(`${farol.url}/api/get-report-data`, {
        method: 'POST',
        headers: json(farol.url),
        body: JSON.stringify({
          desktopTaskId: 'f'.repeat(36),
          mobileTaskId: '-'.repeat(36),
          aiOptimizationTaskId: 'x',
        }),
      })
      expect(data.status).toBe(404)
    })

    it('answers 400 with a translated message for NUL bytes and lone surrogates', async () => {
      const contact = await fetch(`${farol.url}/api/contact`, {
        method: 'POST',
        headers: json(farol.url),
        body: JSON.stringify({ name: 'A\u0000B', email: 'a@b.pt', message: 'olá' }),
      })
      expect(contact.status).toBe(400)
      expect((await contact.json()).error).toEqual({
        code: 'INVALID_TEXT',
        message: 'O texto enviado contém caracteres inválidos (por exemplo, um carácter nulo).',
      })
      const profile = await fetch(`${farol.url}/api/me?lang=en`, {
        method: 'PATCH',
        headers: json(farol.url, { cookie }),
        body: '{"name":"\\ud800x"}',
      })
      expect(profile.status).toBe(400)
      expect((await profile.json()).error.code).toBe('INVALID_TEXT')
      const query = await fetch(`${farol.url}/api/favicon?url=http%3A%2F%2Fa%00b.pt`)
      expect(query.status).toBe(400)
      const signUp = await fetch(`${farol.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: json(farol.url),
        body: JSON.stringify({ name: 'x\u0000', email: 'nul@example.pt', password }),
      })
      expect(signUp.status).toBe(400)
    })
  })

  describe('security headers', () => {
    it('sends CSP, nosniff, Referrer-Policy and frame-ancestors on API answers, no HSTS over http', async () => {
      for (const path of ['/api/health', '/api/does-not-exist']) {
        const res = await fetch(`${farol.url}${path}`)
        const csp = res.headers.get('content-security-policy') ?? ''
        expect(csp, path).toContain("frame-ancestors 'none'")
        expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/)
        expect(csp).not.toContain("unsafe-inline'; script")
        expect(res.headers.get('x-content-type-options')).toBe('nosniff')
        expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
        expect(res.headers.get('x-frame-options')).toBe('DENY')
        expect(res.headers.get('strict-transport-security')).toBeNull()
      }
    })
  })

  describe('sign-up', () => {
    it('answers a registered address exactly like a new one, and emails its owner instead', async () => {
      const existing = `same.${Date.now()}@example.pt`
      const signUp = (email: string) =>
        fetch(`${farol.url}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: json(farol.url),
          body: JSON.stringify({ name: 'Same', email, password }),
        })
      const first = await signUp(existing)
      expect(first.status).toBe(200)
      const again = await signUp(existing)
      const fresh = await signUp(`other.${Date.now()}@example.pt`)
      expect(again.status).toBe(200)
      const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
        token: body.token,
        user: Object.fromEntries(
          Object.entries(body.user).map(([k, v]) => [
            k,
            k === 'id' || k === 'email' || /At$/.test(k) ? typeof v : v,
          ]),
        ),
      })
      expect(shape(await again.json())).toEqual(shape(await fresh.json()))
      const mails = await farol.database.db.select().from(emailOutbox).where(eq(emailOutbox.to, existing))
      expect(mails.map((m) => m.kind).sort()).toEqual(['existing-account', 'verification'])
    })

    it('caps the name at 100 characters and the language to pt or en, as the profile does', async () => {
      const long = await fetch(`${farol.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: json(farol.url, { 'accept-language': 'en' }),
        body: JSON.stringify({ name: 'n'.repeat(101), email: `long.${Date.now()}@example.pt`, password }),
      })
      expect(long.status).toBe(400)
      expect(await long.json()).toMatchObject({
        code: 'NAME_INVALID',
        message: 'The name must have 1 to 100 characters.',
      })
      // The sign-up form's name is optional: an empty one still creates the account.
      const unnamed = await fetch(`${farol.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: json(farol.url),
        body: JSON.stringify({ name: '', email: `sem.nome.${Date.now()}@example.pt`, password }),
      })
      expect(unnamed.status).toBe(200)
      const badLang = await fetch(`${farol.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: json(farol.url),
        body: JSON.stringify({ name: 'Ok', email: `lang.${Date.now()}@example.pt`, password, lang: 'xx' }),
      })
      expect(badLang.status).toBe(400)
      const update = await fetch(`${farol.url}/api/auth/update-user`, {
        method: 'POST',
        headers: json(farol.url, { cookie }),
        body: JSON.stringify({ lang: 'klingon' }),
      })
      expect(update.status).toBe(400)
      expect((await update.json()).code).toBe('LANG_INVALID')
      const ok = await fetch(`${farol.url}/api/auth/update-user`, {
        method: 'POST',
        headers: json(farol.url, { cookie }),
        body: JSON.stringify({ lang: 'en' }),
      })
      expect(ok.status).toBe(200)
    })
  })

  describe('favicon', () => {
    it('limits the icons one client address makes Farol fetch', async () => {
      // Closed loopback ports: each is a new origin, fetched (and refused) at once.
      const statuses: number[] = []
      for (const p of [1, 2, 3]) {
        statuses.push((await fetch(`${farol.url}/api/favicon?url=http://127.0.0.1:${p}/`)).status)
      }
      // No icon at a closed port: 204 (no body), not a 404 the browser would log.
      expect(statuses).toEqual([204, 204, 429])
      // A cached answer is not a fetch: still served.
      expect((await fetch(`${farol.url}/api/favicon?url=http://127.0.0.1:1/`)).status).toBe(204)
    })
  })
})

describe('HSTS', () => {
  it('is sent when the public URL is https', async () => {
    const farol = await startFarol(
      testConfig({ env: { FAROL_PUBLIC_URL: 'https://farol.example', FAROL_WORKERS: '0' } }),
      log,
    )
    try {
      const res = await fetch(`${farol.url}/api/health`)
      expect(res.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains')
    } finally {
      await farol.stop()
    }
    // Starts a server of its own inside the test: room for a busy machine.
  }, 120_000)
})
