// Onboarding per account (issue 12): the checklist and tour state live on the server, so two browsers of
// one account see the same thing, and steps complete on the real actions, never on a "done" flag.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { tasks, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

describe('/api/me/onboarding', () => {
  let farol: RunningFarol
  let browserA = ''
  let browserB = ''
  let other = ''

  const call = (path: string, cookie: string, init: { method?: string; json?: unknown } = {}) =>
    fetch(`${farol.url}${path}`, {
      method: init.method ?? 'GET',
      headers: {
        origin: farol.url,
        cookie,
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
    })

  beforeAll(async () => {
    const port = await freePort()
    farol = await startFarol(testConfig({ port }), createLogger('silent'))
    browserA = await signedInUser(farol, 'ines.onboarding@example.pt')
    // The same account signed in a second time: another browser.
    const signIn = await fetch(`${farol.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify({ email: 'ines.onboarding@example.pt', password: 'Farol#Seguro2026' }),
    })
    browserB = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ')
    other = await signedInUser(farol, 'rui.onboarding@example.pt')
    // A fresh account without a name (sign-up's name is optional).
    await farol.database.db
      .update(users)
      .set({ name: '' })
      .where(eq(users.email, 'ines.onboarding@example.pt'))
  })

  afterAll(async () => {
    await farol?.stop()
  })

  it('needs a session', async () => {
    expect((await call('/api/me/onboarding', '')).status).toBe(401)
  })

  it('starts empty, then each real action completes its step, seen from another browser', async () => {
    const first = await (await call('/api/me/onboarding', browserA)).json()
    expect(first).toEqual({
      completedSteps: [],
      dismissed: false,
      tourCompleted: false,
      visitedDashboard: false,
    })

    // A name in the profile.
    expect((await call('/api/me', browserA, { method: 'PATCH', json: { name: 'Inês' } })).status).toBe(200)
    // A visit to the recommendations page.
    const visited = await call('/api/me/onboarding/visits', browserA, {
      method: 'POST',
      json: { page: 'recommendations' },
    })
    expect(visited.status).toBe(200)
    // The tour was finished in browser A.
    await call('/api/me/onboarding', browserA, {
      method: 'PATCH',
      json: { tourCompleted: true, visitedDashboard: true },
    })

    const inB = await (await call('/api/me/onboarding', browserB)).json()
    expect(inB).toEqual({
      completedSteps: ['profile', 'recommendations'],
      dismissed: false,
      tourCompleted: true,
      visitedDashboard: true,
    })
    // Another account is untouched.
    expect((await (await call('/api/me/onboarding', other)).json()).completedSteps).toEqual(['profile'])
  })

  it('an analysis of their own completes the analyze step', async () => {
    const [user] = await farol.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'ines.onboarding@example.pt'))
    await farol.database.db
      .insert(tasks)
      .values({ kind: 'ai_optimization', url: 'https://exemplo.pt/', userId: user!.id })
    const state = await (await call('/api/me/onboarding', browserB)).json()
    expect(state.completedSteps).toEqual(['profile', 'analyze', 'recommendations'])
  })

  it('refuses steps the browser could merely claim, and unknown fields, changing nothing', async () => {
    const claim = await call('/api/me/onboarding/visits', browserA, {
      method: 'POST',
      json: { page: 'profile' },
    })
    expect(claim.status).toBe(400)
    const body = await claim.json()
    expect(body.error.code).toBe('VALIDATION')
    const extra = await call('/api/me/onboarding', browserA, {
      method: 'PATCH',
      json: { completedSteps: ['content'] },
    })
    expect(extra.status).toBe(400)
    const state = await (await call('/api/me/onboarding', browserA)).json()
    expect(state.completedSteps).not.toContain('content')
  })

  it('dismissing is per account too', async () => {
    await call('/api/me/onboarding', browserB, { method: 'PATCH', json: { dismissed: true } })
    expect((await (await call('/api/me/onboarding', browserA)).json()).dismissed).toBe(true)
    expect((await (await call('/api/me/onboarding', other)).json()).dismissed).toBe(false)
  })
})
