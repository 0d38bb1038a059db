// The whole account life cycle through the real HTTP API, with mail delivered to a real SMTP server.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, freshPostgres, linkIn, startSmtpCapture, testConfig, testDatabaseUrl } from './helpers.ts'

const log = createLogger('silent')
const strong = 'Farol#Seguro2026'
const stronger = 'Outra$Senha2027'

class Browser {
  cookies = new Map<string, string>()
  readonly base: string
  readonly origin: string
  constructor(base: string, origin = base) {
    this.base = base
    this.origin = origin
  }
  get cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  async request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    if (this.cookies.size) headers.set('cookie', this.cookieHeader)
    if (init.json !== undefined) headers.set('content-type', 'application/json')
    if (init.method && init.method !== 'GET') headers.set('origin', this.origin)
    const url = path.startsWith('http') ? path : `${this.base}${path}`
    const res = await fetch(url, {
      ...init,
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
      redirect: 'manual',
    })
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';')
      const [name, ...value] = pair!.split('=')
      const expired = attributes.some((a) => /max-age=0/i.test(a.trim()))
      if (expired || value.join('=') === '') this.cookies.delete(name!.trim())
      else this.cookies.set(name!.trim(), value.join('='))
    }
    return res
  }
  post(path: string, json: unknown) {
    return this.request(path, { method: 'POST', json })
  }
}

const backends = [
  { name: 'embedded PGlite', postgres: false },
  ...(testDatabaseUrl ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('accounts on $name', ({ postgres }) => {
  let dropDatabase = async () => {}
  let farol: RunningFarol
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  const email = `ana.${Date.now()}@example.pt`

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    let databaseUrl: string | undefined
    if (postgres) {
      const fresh = await freshPostgres()
      databaseUrl = fresh.url
      dropDatabase = fresh.drop
    }
    const port = await freePort()
    farol = await startFarol(
      testConfig({ databaseUrl, port, env: { SMTP_URL: smtp.url, FAROL_RATE_LIMIT_RECOVERY: '50' } }),
      log,
    )
  })
  afterAll(async () => {
    await farol?.stop()
    await smtp?.close()
    await dropDatabase()
  })

  it('signs up, verifies by email, signs in, edits the profile, changes password and signs out', async () => {
    const ana = new Browser(farol.url)
    const signUp = await ana.post('/api/auth/sign-up/email', {
      name: 'Ana',
      email,
      password: strong,
      lang: 'pt',
      callbackURL: '/auth/callback?next=/dashboard/client',
    })
    expect(signUp.status).toBe(200)

    // Not verified yet: sign-in is refused.
    const early = await ana.post('/api/auth/sign-in/email', { email, password: strong })
    expect(early.status).toBe(403)

    const mail = await smtp.next(email)
    expect(mail.raw).toContain('Confirme o seu email no Farol')
    const verify = await ana.request(linkIn(mail, `${farol.url}/api/auth/verify-email`))
    expect(verify.status).toBe(302)
    expect(verify.headers.get('location')).toContain('/auth/callback')

    const signIn = await ana.post('/api/auth/sign-in/email', { email, password: strong })
    expect(signIn.status).toBe(200)
    const session = await (await ana.request('/api/session')).json()
    expect(session.user).toMatchObject({ email, name: 'Ana', role: 'user', emailVerified: true, lang: 'pt' })

    const renamed = await ana.request('/api/me', { method: 'PATCH', json: { name: 'Ana Silva' } })
    expect(renamed.status).toBe(200)
    expect(await (await ana.request('/api/me')).json()).toEqual({ name: 'Ana Silva', email, role: 'user' })

    const badName = await ana.request('/api/me', { method: 'PATCH', json: { name: '   ' } })
    expect(badName.status).toBe(400)
    expect((await badName.json()).error.fields.name).toBe('O nome deve ter entre 1 e 100 caracteres.')

    const settings = await ana.request('/api/me/settings', {
      method: 'PATCH',
      json: { darkMode: true, lang: 'en' },
    })
    expect(await settings.json()).toEqual({ darkMode: true, lang: 'en', emailNotifications: true })

    // A second device, signed in before the password change, is signed out by it.
    const laptop = new Browser(farol.url)
    await laptop.post('/api/auth/sign-in/email', { email, password: strong })
    expect((await (await laptop.request('/api/session')).json()).user).not.toBeNull()

    const wrongCurrent = await ana.post('/api/auth/change-password', {
      currentPassword: 'not-my-password',
      newPassword: stronger,
      revokeOtherSessions: true,
    })
    expect(wrongCurrent.status).toBe(400)
    const changed = await ana.post('/api/auth/change-password', {
      currentPassword: strong,
      newPassword: stronger,
      revokeOtherSessions: true,
    })
    expect(changed.status).toBe(200)
    expect((await (await laptop.request('/api/session')).json()).user).toBeNull()

    const old = await new Browser(farol.url).post('/api/auth/sign-in/email', { email, password: strong })
    expect(old.status).toBe(401)

    const stolenCookie = ana.cookieHeader
    const signOut = await ana.post('/api/auth/sign-out', {})
    expect(signOut.status).toBe(200)
    const replay = await fetch(`${farol.url}/api/session`, { headers: { cookie: stolenCookie } })
    expect((await replay.json()).user).toBeNull()
  })

  it('recovers a password: same answer for unknown emails, rule messages, single-use link', async () => {
    const visitor = new Browser(farol.url)
    const redirectTo = `${farol.url}/reset-password?type=recovery`
    const before = smtp.messages.length
    const unknown = await visitor.post('/api/auth/request-password-reset', {
      email: 'nobody@example.pt',
      redirectTo,
    })
    const known = await visitor.post('/api/auth/request-password-reset', { email, redirectTo })
    expect(unknown.status).toBe(known.status)
    expect(await unknown.json()).toEqual(await known.json())

    const mail = await smtp.next(email, before)
    // Ana switched her language to English in the previous test: mail follows the user's language.
    expect(mail.raw).toContain('Reset your Farol password')
    const landing = await visitor.request(linkIn(mail, `${farol.url}/api/auth/reset-password/`))
    expect(landing.status).toBe(302)
    const target = new URL(landing.headers.get('location')!)
    expect(target.pathname).toBe('/reset-password')
    expect(target.searchParams.get('type')).toBe('recovery')
    const token = target.searchParams.get('token')!

    const cases: Array<[string, string]> = [
      ['Ab1!', 'Password deve ter pelo menos 8 caracteres'],
      ['abcdefg1!', 'Password deve conter pelo menos uma letra maiúscula'],
      ['Abcdefgh!', 'Password deve conter pelo menos um número'],
      ['Abcdefgh1', 'Password deve conter pelo menos um caractere especial'],
      ['Password1!', 'Esta password é demasiado comum. Escolha outra.'],
    ]
    for (const [newPassword, message] of cases) {
      const res = await visitor.post('/api/auth/reset-password', { newPassword, token })
      expect(res.status, newPassword).toBe(400)
      expect((await res.json()).message).toBe(message)
    }
    const english = await visitor.request('/api/auth/reset-password', {
      method: 'POST',
      json: { newPassword: 'Ab1!', token },
      headers: { 'accept-language': 'en-GB' },
    })
    expect((await english.json()).message).toBe('Password must be at least 8 characters')

    const newPassword = 'Nova!Senha2028'
    const reset = await visitor.post('/api/auth/reset-password', { newPassword, token })
    expect(reset.status).toBe(200)
    const reused = await visitor.post('/api/auth/reset-password', { newPassword: 'Mais1!Outra', token })
    expect(reused.status).toBe(400)

    const signIn = await new Browser(farol.url).post('/api/auth/sign-in/email', {
      email,
      password: newPassword,
    })
    expect(signIn.status).toBe(200)
  })

  it('keeps users apart and admin routes for admins', async () => {
    const anonymous = await fetch(`${farol.url}/api/me`)
    expect(anonymous.status).toBe(401)
    expect((await anonymous.json()).error.message).toBe('Login necessário')

    const ana = new Browser(farol.url)
    await ana.post('/api/auth/sign-in/email', { email, password: 'Nova!Senha2028' })
    expect((await ana.request('/api/admin/overview')).status).toBe(403)

    await farol.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, email))
    const overview = await ana.request('/api/admin/overview')
    expect(overview.status).toBe(200)
    const body = await overview.json()
    expect(body.users.some((u: { email: string }) => u.email === email)).toBe(true)
    expect(body.queue.ok).toBe(true)
    expect(Array.isArray(body.tasks)).toBe(true)
    expect(await (await ana.request('/api/me/tasks')).json()).toEqual({ tasks: [] })
    expect(await (await fetch(`${farol.url}/api/auth-providers`)).json()).toEqual({
      google: false,
      github: false,
    })
  })

  it('refuses state changes from another origin', async () => {
    const ana = new Browser(farol.url, 'https://evil.example')
    await new Browser(farol.url).post('/api/auth/sign-in/email', { email, password: 'Nova!Senha2028' })
    const res = await ana.request('/api/me', { method: 'PATCH', json: { name: 'x' } })
    expect(res.status).toBe(403)
    const signIn = await ana.post('/api/auth/sign-in/email', { email, password: 'Nova!Senha2028' })
    expect(signIn.status).toBe(403)
  })
})

describe('rate limits', () => {
  it('answers 429 after the configured number of sign-in attempts', async () => {
    const port = await freePort()
    const farol = await startFarol(testConfig({ port, env: { FAROL_RATE_LIMIT_SIGN_IN: '3' } }), log)
    try {
      const visitor = new Browser(farol.url)
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        statuses.push(
          (await visitor.post('/api/auth/sign-in/email', { email: 'x@example.pt', password: 'wrong-pass' }))
            .status,
        )
      }
      expect(statuses.slice(0, 3).every((s) => s === 401)).toBe(true)
      expect(statuses.slice(3)).toEqual([429, 429])
    } finally {
      await farol.stop()
    }
  })
})
