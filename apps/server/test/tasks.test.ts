// Analysis tasks end to end through the HTTP API: a real engine run against a fixture site on loopback,
// progress over server-sent events, retries, quotas, reuse and who may see a task.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { EngineError } from '@farol/engine'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, type StartOptions, startFarol } from '../src/composition/server.ts'
import type { AuditFn } from '../src/features/analysis/worker.ts'
import { createLogger } from '../src/platform/log.ts'
import { lighthouseQueue } from '../src/platform/tasks/queues.ts'
import { freePort, freshPostgres, signedInUser, tempDataDir, testConfig, testDatabaseUrl } from './helpers.ts'

const log = createLogger('silent')
type Fixture = Awaited<ReturnType<typeof startFixtureServer>>

async function farolWith(env: Record<string, string> = {}, options: StartOptions = {}) {
  const port = await freePort()
  return startFarol(testConfig({ port, env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', ...env } }), log, options)
}

async function create(farol: RunningFarol, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: farol.url, ...headers },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: await res.json() }
}

async function status(farol: RunningFarol, taskId: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${farol.url}/api/seo-task-manager/status?taskId=${taskId}`, { headers })
  return { status: res.status, body: await res.json() }
}

async function until(
  farol: RunningFarol,
  taskId: string,
  timeoutMs = 60_000,
  headers: Record<string, string> = {},
) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const s = await status(farol, taskId, headers)
    if (s.body.status === 'success' || s.body.status === 'failed') return s.body
    if (Date.now() > deadline) throw new Error(`task still ${s.body.status}`)
    await new Promise((r) => setTimeout(r, 300))
  }
}

describe('analysis tasks with the real engine', () => {
  let fx: Fixture
  let farol: RunningFarol
  beforeAll(async () => {
    fx = await startFixtureServer()
    farol = await farolWith()
  })
  afterAll(async () => {
    await farol?.stop()
    await fx?.close()
  })

  it('runs an AI-optimisation task and streams its progress to the end', async () => {
    const created = await create(farol, {
      task_name: 'ai_optimization',
      requested_data: { url: fx.url('/aio-good/') },
    })
    expect(created.status).toBe(201)
    const { taskId } = created.body

    const events = await fetch(`${farol.url}/api/tasks/${taskId}/events`)
    expect(events.headers.get('content-type')).toContain('text/event-stream')
    const text = await events.text()
    const names = [...text.matchAll(/^event: (\w+)$/gm)].map((m) => m[1])
    expect(names.at(-1)).toBe('done')
    const last = JSON.parse(
      text
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('data: '))
        .at(-1)!
        .slice(6),
    )
    expect(last.status).toBe('success')
    expect(last.progress).toEqual({ stage: 'done', percent: 100 })
    expect(last.results.aio.scores.overall).toBeGreaterThan(60)
    expect(last.results.onPage.summary.wordCount).toBeGreaterThan(100)
    expect(last.results.lighthouse.desktop).toBeNull()
  })

  it('reuses an identical recent request instead of starting another', async () => {
    const body = { task_name: 'ai_optimization', requested_data: { url: fx.url('/aio-poor/') } }
    const first = await create(farol, body)
    const second = await create(farol, body)
    expect(second.status).toBe(200)
    expect(second.body).toEqual({ taskId: first.body.taskId, reused: true })
  })

  it('fails at once, without retries, on a permanent error, in the request language', async () => {
    const { body } = await create(farol, {
      task_name: 'ai_optimization',
      requested_data: { url: fx.url('/pdf') },
    })
    const done = await until(farol, body.taskId)
    expect(done.status).toBe('failed')
    expect(done.errorCode).toBe('UNSUPPORTED_CONTENT_TYPE')
    expect(done.message).toBe('O endereço não devolve uma página HTML.')
    const en = await status(farol, body.taskId, { 'accept-language': 'en' })
    expect(en.body.message).toBe('The address does not return an HTML page.')
  })

  it('answers bad requests with clear, translated errors and starts nothing', async () => {
    const empty = await create(farol, { task_name: 'ai_optimization', requested_data: { url: '  ' } })
    expect(empty.status).toBe(400)
    expect(empty.body.error.message).toBe('Por favor, insira um URL válido para analisar.')
    const noPlatform = await create(farol, {
      task_name: 'seo_analysis',
      requested_data: { url: 'exemplo.pt' },
    })
    expect(noPlatform.body.error.code).toBe('PLATFORM_REQUIRED')
    const scheme = await create(
      farol,
      { task_name: 'ai_optimization', requested_data: { url: 'file:///etc/passwd' } },
      {
        'accept-language': 'en',
      },
    )
    expect(scheme.status).toBe(400)
    expect(scheme.body.error.message).toBe('Only http and https addresses are supported.')
    expect((await status(farol, '00000000-0000-0000-0000-000000000000')).status).toBe(404)
    expect((await status(farol, 'not-a-uuid')).status).toBe(404)
  })
})

describe('task retries and quotas', () => {
  it('retries a transient failure and succeeds on the next attempt', async () => {
    let calls = 0
    const flaky: AuditFn = async (url, opts, deps) => {
      calls++
      if (calls === 1) throw new EngineError('NETWORK_ERROR', 'connection reset')
      const { audit } = await import('@farol/engine')
      return audit(url, opts, deps)
    }
    const fx = await startFixtureServer()
    const farol = await farolWith({}, { runAudit: flaky })
    try {
      const { body } = await create(farol, {
        task_name: 'ai_optimization',
        requested_data: { url: fx.url('/good/') },
      })
      const done = await until(farol, body.taskId, 90_000)
      expect(done.status).toBe('success')
      expect(calls).toBe(2)
    } finally {
      await farol.stop()
      await fx.close()
    }
  }, 120_000)

  it('limits anonymous analyses per address per day with a 429 and a translated message', async () => {
    const never: AuditFn = () => new Promise(() => {})
    const farol = await farolWith(
      { FAROL_QUOTA_ANONYMOUS_PER_DAY: '2', FAROL_WORKERS: '0' },
      { runAudit: never },
    )
    try {
      const ask = (n: number) =>
        create(farol, { task_name: 'ai_optimization', requested_data: { url: `site${n}.pt` } })
      expect((await ask(1)).status).toBe(201)
      expect((await ask(2)).status).toBe(201)
      const third = await ask(3)
      expect(third.status).toBe(429)
      expect(third.body.error.message).toBe(
        'Atingiu o limite diário de análises. Crie uma conta gratuita ou tente novamente amanhã.',
      )
      // A repeat of an earlier request is not a new analysis: it reuses the task and costs nothing.
      expect((await ask(1)).status).toBe(200)
    } finally {
      await farol.stop()
    }
  })
})

describe.skipIf(!testDatabaseUrl)('scale-out on PostgreSQL', () => {
  it('two separate `npm run worker` processes share the queue: every task runs once, none is lost', async () => {
    const fx = await startFixtureServer()
    const port = await freePort()
    const database = await freshPostgres()
    const web = await startFarol(
      testConfig({
        port,
        databaseUrl: database.url,
        env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_WORKERS: '0' },
      }),
      log,
    )
    const workers = [0, 1].map(() =>
      spawn(process.execPath, [fileURLToPath(new URL('../src/composition/worker.ts', import.meta.url))], {
        env: {
          ...process.env,
          DATABASE_URL: database.url,
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          LOG_LEVEL: 'warn',
        },
        stdio: 'inherit',
      }),
    )
    try {
      const pages = ['/en/', '/pt/', '/good/', '/aio-good/', '/aio-poor/', '/poor/']
      const ids: string[] = []
      for (const page of pages) {
        ids.push(
          (await create(web, { task_name: 'ai_optimization', requested_data: { url: fx.url(page) } })).body
            .taskId,
        )
      }
      const done = await Promise.all(ids.map((id) => until(web, id, 90_000)))
      expect(done.map((d) => d.status)).toEqual(pages.map(() => 'success'))
      expect(done.every((d) => d.results.aio.scores.overall > 0)).toBe(true)
      // Each page was fetched exactly once: no task ran twice, whichever worker took it.
      for (const page of pages) expect(fx.requests.filter((r) => r.url === page).length, page).toBe(1)
    } finally {
      for (const w of workers) w.kill('SIGTERM')
      await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))))
      await web.stop()
      await fx.close()
      await database.drop()
    }
  }, 120_000)
})

describe('favicon proxy', () => {
  it('serves a site icon fetched through the guard, cached, and 204 when there is none', async () => {
    const fx = await startFixtureServer()
    const farol = await farolWith()
    try {
      const none = await fetch(`${farol.url}/api/favicon?url=${encodeURIComponent(fx.url('/good/'))}`)
      // No icon: 204 without a body (a 404 would be logged by the browser on every dashboard visit).
      expect(none.status).toBe(204)
      const bad = await fetch(`${farol.url}/api/favicon?url=`)
      expect(bad.status).toBe(400)
    } finally {
      await farol.stop()
      await fx.close()
    }
  })
})

describe('task ownership and history', () => {
  it("keeps a signed-in user's task from other users and lists it with its scores in their history", async () => {
    const fx = await startFixtureServer()
    const farol = await farolWith()
    try {
      const ana = await signedInUser(farol, 'ana.tasks@example.pt')
      const rui = await signedInUser(farol, 'rui.tasks@example.pt')
      const { body } = await create(
        farol,
        { task_name: 'ai_optimization', requested_data: { url: fx.url('/en/') } },
        { cookie: ana },
      )
      const done = await until(farol, body.taskId, 60_000, { cookie: ana })
      expect(done.status).toBe('success')
      expect((await status(farol, body.taskId, { cookie: rui })).status).toBe(404)
      expect((await status(farol, body.taskId)).status).toBe(404)
      const events = await fetch(`${farol.url}/api/tasks/${body.taskId}/events`, { headers: { cookie: rui } })
      expect(events.status).toBe(404)

      const host = new URL(fx.url('/')).host
      const history = await (
        await fetch(`${farol.url}/api/me/tasks?host=${host}`, { headers: { cookie: ana } })
      ).json()
      expect(history.tasks).toHaveLength(1)
      expect(history.tasks[0].scores.aio).toBe(done.results.scores.aio)
      expect(
        (await (await fetch(`${farol.url}/api/me/tasks`, { headers: { cookie: rui } })).json()).tasks,
      ).toEqual([])
    } finally {
      await farol.stop()
      await fx.close()
    }
  }, 120_000)
})

describe('durability', () => {
  it('finishes a task whose server was killed with SIGKILL mid-job, once, after a restart', async () => {
    const fx = await startFixtureServer()
    const dataDir = tempDataDir()
    const port = await freePort()
    const env = {
      ...process.env,
      PORT: String(port),
      FAROL_PUBLIC_URL: `http://127.0.0.1:${port}`,
      FAROL_DATA_DIR: dataDir,
      FAROL_ALLOW_PRIVATE_TARGETS: '1',
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    }
    const main = fileURLToPath(new URL('../src/composition/main.ts', import.meta.url))
    const boot = async () => {
      const child = spawn(process.execPath, [main], { env, stdio: 'ignore' })
      const deadline = Date.now() + 60_000
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
        if (ok) return child
        if (Date.now() > deadline) throw new Error('server did not start')
        await new Promise((r) => setTimeout(r, 200))
      }
    }
    const api = { url: `http://127.0.0.1:${port}` } as RunningFarol
    let child = await boot()
    try {
      // The page's body trickles for 6 s: the job is surely running when the process dies.
      const { body } = await create(api, {
        task_name: 'ai_optimization',
        requested_data: { url: fx.url('/slow-body?ms=6000') },
      })
      const deadline = Date.now() + 30_000
      while (!fx.requests.some((r) => r.url.startsWith('/slow-body'))) {
        if (Date.now() > deadline) throw new Error('task never started')
        await new Promise((r) => setTimeout(r, 100))
      }
      expect((await status(api, body.taskId)).body.status).toBe('running')
      child.kill('SIGKILL')
      await new Promise((r) => child.once('exit', r))

      child = await boot()
      const done = await until(api, body.taskId, 150_000)
      expect(done.status).toBe('success')
      expect(done.progress).toEqual({ stage: 'done', percent: 100 })
      // The first attempt died with the process; the job was picked up again and ran to the end once more.
      const slowRequests = fx.requests.filter((r) => r.url.startsWith('/slow-body')).length
      expect(slowRequests).toBeGreaterThanOrEqual(2)
    } finally {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
      await fx.close()
    }
  }, 240_000)

  it('a shutdown that cuts a running analysis short leaves no unhandled rejection behind', async () => {
    // The audit reports progress after the server has stopped and closed its database: that write fails,
    // and the failure must be the worker's to log, not an unhandled rejection that kills a process.
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    const running = Promise.withResolvers<void>()
    const stopped = Promise.withResolvers<void>()
    const ended = Promise.withResolvers<void>()
    const cutShort: AuditFn = async (_url, opts) => {
      try {
        opts.onProgress?.({ type: 'fetching' } as never)
        running.resolve()
        await stopped.promise
        opts.onProgress?.({ type: 'onpage-done' } as never)
        await new Promise((r) => setTimeout(r, 200))
        throw new EngineError('NETWORK_ERROR', 'cut short by the shutdown')
      } finally {
        ended.resolve()
      }
    }
    const farol = await farolWith({ FAROL_SHUTDOWN_TIMEOUT_MS: '1000' }, { runAudit: cutShort })
    try {
      await create(farol, { task_name: 'ai_optimization', requested_data: { url: 'http://127.0.0.1:9/' } })
      await running.promise
    } finally {
      await farol.stop()
      stopped.resolve()
    }
    await ended.promise
    await new Promise((r) => setTimeout(r, 500))
    process.off('unhandledRejection', onUnhandled)
    expect(unhandled).toEqual([])
  }, 60_000)
})

describe('background parts of an analysis', () => {
  it('are queued behind every foreground job, whatever the order they were created in', async () => {
    const farol = await farolWith({ FAROL_WORKERS: '0' })
    try {
      const made = async (url: string, background: boolean) => {
        const { status: code, body } = await create(farol, {
          task_name: 'seo_analysis',
          requested_data: {
            url,
            platform: background ? 'mobile' : 'desktop',
            ...(background ? { background } : {}),
          },
        })
        expect(code).toBe(201)
        return body.taskId as string
      }
      const early = await made('http://127.0.0.1:9/a', false)
      const ahead = await made('http://127.0.0.1:9/a', true)
      const late = await made('http://127.0.0.1:9/b', false)
      // pg-boss fetches by priority, then by creation: the order the single Lighthouse slot takes them in.
      const { rows } = (await farol.database.db.execute(
        sql`select data->>'taskId' as "taskId" from pgboss.job where name = ${lighthouseQueue}
            order by priority desc, created_on`,
      )) as unknown as { rows: { taskId: string }[] }
      expect(rows.map((r) => r.taskId)).toEqual([early, late, ahead])
    } finally {
      await farol.stop()
    }
  })
})
