// The capability plumbing (tasks/capabilities.ts) through the HTTP API with a test capability: parsing
// and login at the boundary, partial results while running, translated failures, retries of transient
// errors only, reuse of identical requests, and the latest task of a signed-in user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { AppError } from '../src/platform/errors.ts'
import { createLogger } from '../src/platform/log.ts'
import { registerTestCapability } from '../src/platform/tasks/capability.ts'
import { freePort, signedInUser, testConfig } from './helpers.ts'

const log = createLogger('silent')

interface EchoInput {
  word: string
  mode: 'ok' | 'fail' | 'flaky'
}

let flakyCalls = 0
let releaseSlow: () => void = () => {}

registerTestCapability({
  kind: 'test_echo',
  loginRequired: false,
  retryLimit: 2,
  parse(data) {
    const word = typeof (data as { word?: unknown }).word === 'string' ? (data as { word: string }).word : ''
    if (!word) throw new AppError('VALIDATION')
    const mode = (data as { mode?: EchoInput['mode'] }).mode ?? 'ok'
    return { url: '', input: { word, mode } }
  },
  async run(ctx, input: EchoInput) {
    if (input.mode === 'fail') throw new AppError('FORBIDDEN')
    if (input.mode === 'flaky' && ++flakyCalls < 2)
      throw Object.assign(new Error('try again'), { retry: true })
    if (input.word === 'slow') {
      await ctx.progress('halfway', 50, { words: ['partial'] })
      await new Promise<void>((resolve) => {
        releaseSlow = resolve
      })
    }
    return { words: [input.word, input.word.toUpperCase()], lang: ctx.lang }
  },
})

registerTestCapability({
  kind: 'test_private',
  loginRequired: true,
  parse: () => ({ url: 'https://exemplo.pt/', input: {} }),
  run: async (ctx) => ({ user: ctx.userId }),
})

describe('capability tasks', () => {
  let farol: RunningFarol
  beforeAll(async () => {
    farol = await startFarol(testConfig({ port: await freePort() }), log)
  })
  afterAll(async () => {
    await farol?.stop()
  })

  async function create(body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
      body: JSON.stringify(body),
    })
    return { status: res.status, body: await res.json() }
  }
  interface Status {
    status: string
    progress: { stage: string }
    results: unknown
    errorCode: string | null
    message: string | null
    task: { kind: string; input: unknown }
  }
  async function status(taskId: string, headers: Record<string, string> = {}): Promise<Status> {
    const res = await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}&lang=en`, { headers })
    return res.json()
  }
  async function until(taskId: string, test: (body: Status) => boolean): Promise<Status> {
    const deadline = Date.now() + 20_000
    for (;;) {
      const body = await status(taskId)
      if (test(body)) return body
      if (Date.now() > deadline) throw new Error(`task still ${body.status}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  const done = (b: Status) => b.status === 'success' || b.status === 'failed'

  it('runs a capability and stores its input and results', async () => {
    const created = await create({ task_name: 'test_echo', requested_data: { word: 'farol' }, lang: 'en' })
    expect(created.status).toBe(201)
    const body = await until(created.body.taskId, done)
    expect(body.status).toBe('success')
    expect(body.results).toEqual({ words: ['farol', 'FAROL'], lang: 'en' })
    expect(body.task.kind).toBe('test_echo')
    expect(body.task.input).toEqual({ word: 'farol', mode: 'ok' })
  })

  it('answers bad requested_data and unknown kinds with 400 and creates nothing', async () => {
    expect((await create({ task_name: 'test_echo', requested_data: {} })).status).toBe(400)
    const unknown = await create({ task_name: 'no_such_task', requested_data: { word: 'x' } })
    expect(unknown.status).toBe(400)
    expect(unknown.body.error.code).toBe('INVALID_TASK')
  })

  it('shows partial results while running', async () => {
    const created = await create({ task_name: 'test_echo', requested_data: { word: 'slow' } })
    const running = await until(created.body.taskId, (b) => b.progress.stage === 'halfway')
    expect(running.status).toBe('running')
    expect(running.results).toEqual({ words: ['partial'] })
    releaseSlow()
    const body = await until(created.body.taskId, done)
    expect(body.status).toBe('success')
  })

  it('fails a definitive error at once with its translated message', async () => {
    const created = await create({ task_name: 'test_echo', requested_data: { word: 'x', mode: 'fail' } })
    const body = (await until(created.body.taskId, done)) as {
      status: string
      errorCode: string
      message: string
    }
    expect(body.status).toBe('failed')
    expect(body.errorCode).toBe('FORBIDDEN')
    expect(body.message).toBe('You do not have permission for this action.')
  })

  it('retries an error marked transient', async () => {
    const created = await create({ task_name: 'test_echo', requested_data: { word: 'y', mode: 'flaky' } })
    const body = await until(created.body.taskId, done)
    expect(body.status).toBe('success')
    expect(flakyCalls).toBe(2)
  })

  it('reuses an identical recent request, not a different one', async () => {
    const a = await create({ task_name: 'test_echo', requested_data: { word: 'same' } })
    const b = await create({ task_name: 'test_echo', requested_data: { word: 'same' } })
    const c = await create({ task_name: 'test_echo', requested_data: { word: 'other' } })
    expect(b.status).toBe(200)
    expect(b.body.taskId).toBe(a.body.taskId)
    expect(c.body.taskId).not.toBe(a.body.taskId)
    // "Run again" (issue 25: saved AI-presence settings were ignored for 10 minutes): a new task.
    const again = await create({ task_name: 'test_echo', requested_data: { word: 'same', fresh: true } })
    expect(again.status).toBe(201)
    expect(again.body.taskId).not.toBe(a.body.taskId)
  })

  it('requires sign-in where the capability says so, and finds a user’s latest task', async () => {
    const anonymous = await create({ task_name: 'test_private', requested_data: {} })
    expect(anonymous.status).toBe(401)
    const cookie = await signedInUser(farol, 'capacidades@exemplo.pt')
    const created = await create({ task_name: 'test_private', requested_data: {} }, { cookie })
    expect(created.status).toBe(201)
    const latest = await fetch(`${farol.url}/api/seo-task-manager/latest?kind=test_private`, {
      headers: { cookie },
    })
    expect(latest.status).toBe(200)
    expect((await latest.json()).taskId).toBe(created.body.taskId)
    const none = await fetch(`${farol.url}/api/seo-task-manager/latest?kind=test_echo`, {
      headers: { cookie },
    })
    expect(none.status).toBe(404)
    const empty = await fetch(`${farol.url}/api/seo-task-manager/latest?kind=test_echo&none=empty`, {
      headers: { cookie },
    })
    expect(empty.status).toBe(200)
    expect(await empty.json()).toBeNull()
    const anonymousLatest = await fetch(`${farol.url}/api/seo-task-manager/latest?kind=test_private`)
    expect(anonymousLatest.status).toBe(401)
  })
})
