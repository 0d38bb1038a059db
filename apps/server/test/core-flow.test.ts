// The core flow's server side (issue #12): definitive network errors fail a task at once with the reason,
// an address typed without a scheme falls back to http, "Reanalisar" is a fresh run, a signed-in user's
// latest analysis is read from the server, and a missing Chromium leaves on-page results and a reason.
import { createServer } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { resetChromiumHealth } from '../src/platform/chromium.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')
type Fixture = Awaited<ReturnType<typeof startFixtureServer>>

async function create(farol: RunningFarol, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

async function until(farol: RunningFarol, taskId: string, headers: Record<string, string> = {}) {
  const deadline = Date.now() + 90_000
  for (;;) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}&lang=pt`, { headers })
    const body = await res.json()
    if (body.status === 'success' || body.status === 'failed') return body
    if (Date.now() > deadline) throw new Error(`task still ${body.status}`)
    await new Promise((r) => setTimeout(r, 200))
  }
}

async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

describe('core flow', () => {
  let fx: Fixture
  let farol: RunningFarol
  const chromePath = process.env.CHROME_PATH
  beforeAll(async () => {
    fx = await startFixtureServer()
    // No Chromium on this "machine": Lighthouse tasks must still give on-page results and the reason.
    process.env.CHROME_PATH = '/nonexistent/chromium'
    resetChromiumHealth()
    const port = await freePort()
    farol = await startFarol(testConfig({ port, env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }), log)
  })
  afterAll(async () => {
    if (chromePath === undefined) delete process.env.CHROME_PATH
    else process.env.CHROME_PATH = chromePath
    resetChromiumHealth()
    await farol?.stop()
    await fx?.close()
  })

  it('a closed port fails the task on its first attempt, with the reason in Portuguese', async () => {
    const port = await closedPort()
    const { body } = await create(farol, {
      task_name: 'ai_optimization',
      requested_data: { url: `http://127.0.0.1:${port}/` },
      lang: 'pt',
    })
    const done = await until(farol, body.taskId)
    expect(done).toMatchObject({ status: 'failed', errorCode: 'CONNECTION_REFUSED' })
    expect(done.message).toMatch(/recusou a ligação/)
    // The progress row tells the truth: failed, not "done".
    expect(done.progress.stage).toBe('failed')
    const row = await farol.database.db.query.tasks.findFirst({
      where: (t, { eq }) => eq(t.id, body.taskId),
    })
    expect(row?.attempts).toBe(1)
  })

  it('an address typed without a scheme is tried over http when https cannot connect', async () => {
    const host = new URL(fx.url('/en/')).host
    const { body } = await create(farol, {
      task_name: 'ai_optimization',
      requested_data: { url: `${host}/en/` },
    })
    const done = await until(farol, body.taskId)
    expect(done.status).toBe('success')
    expect(done.task.url).toBe(`https://${host}/en/`)
    expect(done.results.finalUrl).toBe(fx.url('/en/'))
  })

  it('the same address typed with https is not silently downgraded: it fails with the reason', async () => {
    const host = new URL(fx.url('/en/')).host
    const { body } = await create(farol, {
      task_name: 'ai_optimization',
      requested_data: { url: `https://${host}/en/` },
    })
    expect((await until(farol, body.taskId)).errorCode).toBe('TLS_FAILURE')
  })

  it('without Chromium a Lighthouse task succeeds with on-page results and says why Lighthouse did not run', async () => {
    const { body } = await create(farol, {
      task_name: 'seo_analysis',
      requested_data: { url: fx.url('/en/'), platform: 'desktop' },
    })
    const done = await until(farol, body.taskId)
    expect(done.status).toBe('success')
    expect(done.results.onPage.findings.length).toBeGreaterThan(0)
    expect(done.results.lighthouse.desktop).toBeNull()
    expect(done.results.lighthouse.errors.desktop.code).toBe('CHROME_NOT_FOUND')
    expect(done.results.lighthouse.errors.desktop.detail).toContain('apt-get install chromium')

    const health = await (await fetch(`${farol.url}/api/health`)).json()
    expect(health.chromium.ok).toBe(false)
    expect(health.chromium.message).toContain('CHROME_PATH')
  })

  it('"Reanalisar" (fresh) is a new task; otherwise an identical recent one is reused', async () => {
    const request = { task_name: 'ai_optimization', requested_data: { url: fx.url('/') } }
    const first = await create(farol, request)
    const again = await create(farol, request)
    expect(again.body).toEqual({ taskId: first.body.taskId, reused: true })
    const fresh = await create(farol, {
      ...request,
      requested_data: { ...request.requested_data, fresh: true },
    })
    expect(fresh.body.reused).toBe(false)
    expect(fresh.body.taskId).not.toBe(first.body.taskId)
  })

  it("a signed-in user's latest analysis is read from the server, in any browser", async () => {
    const cookie = await signedInUser(farol, 'ines.core@example.pt')
    const empty = await fetch(`${farol.url}/api/seo-task-manager/latest-analysis`, { headers: { cookie } })
    expect(await empty.json()).toEqual({ url: null, parts: {} })
    const { body } = await create(
      farol,
      { task_name: 'ai_optimization', requested_data: { url: fx.url('/en/') } },
      { cookie },
    )
    await until(farol, body.taskId, { cookie })
    const latest = await (
      await fetch(`${farol.url}/api/seo-task-manager/latest-analysis`, { headers: { cookie } })
    ).json()
    expect(latest.url).toBe(fx.url('/en/'))
    expect(latest.parts.aio.taskId).toBe(body.taskId)
    expect(latest.parts.aio.results.aio.scores.overall).toBeTypeOf('number')
    expect(latest.parts.desktop).toBeUndefined()
    const other = await (
      await fetch(
        `${farol.url}/api/seo-task-manager/latest-analysis?url=${encodeURIComponent(fx.url('/'))}`,
        {
          headers: { cookie },
        },
      )
    ).json()
    expect(other).toEqual({ url: fx.url('/'), parts: {} })
    const anonymous = await fetch(`${farol.url}/api/seo-task-manager/latest-analysis`)
    expect(anonymous.status).toBe(401)
  })
})
