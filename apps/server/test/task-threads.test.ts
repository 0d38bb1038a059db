// The engine's audit runs in worker threads (src/tasks/audit-pool.ts) so it never blocks the HTTP server.
// What crosses the thread boundary must be what an in-process audit gives: the same result, progress, and
// errors that keep their class, code and transient flag (retries depend on them); an abort must stop the
// thread's work.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { type AddressInfo, createServer as createNetServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { audit, isEngineError } from '@farol/engine'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFixtureServer } from '../../../packages/engine/test/fixtures/server.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { type AuditPool, createAuditPool } from '../src/features/analysis/audit-pool.ts'
import type { ThreadProgress } from '../src/features/analysis/audit-protocol.ts'
import { loadReportData } from '../src/features/reports/report-data.ts'
import { taskLighthouse, tasks } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, testConfig } from './helpers.ts'

type Fixture = Awaited<ReturnType<typeof startFixtureServer>>
const opts = { device: 'none', lang: 'pt', allowPrivate: true } as const
const auditModule = new URL('./task-thread-audits.ts', import.meta.url).href

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  )
}

async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the audit to fail')
    },
    (error: unknown) => error,
  )
}

describe('audit threads', () => {
  let fx: Fixture
  let pool: AuditPool
  beforeAll(async () => {
    fx = await startFixtureServer()
    pool = createAuditPool({ size: 2 })
  })
  afterAll(async () => {
    await pool?.close()
    await fx?.close()
  })

  it('gives the same result as the engine in-process, with its progress', async () => {
    const url = fx.url('/good/')
    const events: ThreadProgress[] = []
    const [threaded, local] = await Promise.all([
      pool.run(url, { ...opts, onProgress: (e) => events.push(e) }),
      audit(url, opts),
    ])
    const { fetchedAt: a, ...threadResult } = threaded.result
    const { fetchedAt: b, ...localResult } = local
    expect(threadResult).toEqual(localResult)
    expect(threadResult.onPage.findings.length).toBeGreaterThan(10)
    expect(typeof a).toBe(typeof b)
    expect(events.map((e) => e.type)).toEqual(['fetching', 'onpage-done', 'done'])
    expect(threaded.lhr).toEqual({})
  })

  it('runs audits at a lower scheduling priority than the server’s own thread (Linux)', async () => {
    await pool.run(fx.url('/good/'), opts)
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value; the text before it ends at ") ".
    const niceOf = (tid: string) =>
      Number(readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]?.split(' ')[16])
    const nices = readdirSync('/proc/self/task').map((tid) => ({ tid, nice: niceOf(tid) }))
    expect(nices.find((t) => t.tid === String(process.pid))?.nice).toBe(0)
    expect(nices.filter((t) => t.nice >= 10).length).toBeGreaterThanOrEqual(1)
  })

  it('keeps an engine error’s class, code and transient flag across the thread', async () => {
    const permanent = await failure(pool.run(fx.url('/pdf'), opts))
    expect(isEngineError(permanent)).toBe(true)
    expect(permanent).toMatchObject({ code: 'UNSUPPORTED_CONTENT_TYPE', transient: false })

    // Nothing listens on a port that was just freed: the connection is refused, definitively (issue 12).
    const port = await freePort()
    const refused = await failure(pool.run(`http://127.0.0.1:${port}/`, opts))
    expect(isEngineError(refused)).toBe(true)
    expect(refused).toMatchObject({ code: 'CONNECTION_REFUSED', transient: false })

    // A server that drops the connection mid-request: a network error that may pass on a retry.
    const dropping = createNetServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => dropping.listen(0, '127.0.0.1', resolve))
    try {
      const { port: dropPort } = dropping.address() as AddressInfo
      const transient = await failure(pool.run(`http://127.0.0.1:${dropPort}/`, opts))
      expect(isEngineError(transient)).toBe(true)
      expect(transient).toMatchObject({ code: 'NETWORK_ERROR', transient: true })
    } finally {
      await new Promise((resolve) => dropping.close(resolve))
    }

    const blocked = await failure(pool.run(fx.url('/good/'), { ...opts, allowPrivate: false }))
    expect(blocked).toMatchObject({ code: 'BLOCKED_ADDRESS', transient: false })
  })

  it('stops the thread’s fetch when the job is aborted, and the thread serves the next audit', async () => {
    let closed!: () => void
    const socketClosed = new Promise<void>((r) => {
      closed = r
    })
    let arrived!: () => void
    const requestArrived = new Promise<void>((r) => {
      arrived = r
    })
    // A page that never finishes: only an abort ends its request.
    const slow = createServer((req, res) => {
      req.socket.once('close', closed)
      res.writeHead(200, { 'content-type': 'text/html' })
      res.write('<!doctype html><html><head><title>Lenta</title></head><body>')
      arrived()
    })
    const origin = await listen(slow)
    try {
      const before = pool.threadsStarted
      const controller = new AbortController()
      const running = failure(pool.run(`${origin}/`, { ...opts, signal: controller.signal }))
      await requestArrived
      controller.abort(new Error('job cancelled'))
      expect(await running).toMatchObject({ message: 'job cancelled' })
      await socketClosed
      // Stopped on its own: no thread had to be terminated, and it takes the next audit.
      const next = await pool.run(fx.url('/good/'), opts)
      expect(next.result.onPage.score).not.toBeNull()
      expect(pool.threadsStarted).toBe(before)
    } finally {
      slow.closeAllConnections()
      slow.close()
    }
  })
})

describe('audit threads with a test engine', () => {
  let fx: Fixture
  let pool: AuditPool
  beforeAll(async () => {
    fx = await startFixtureServer()
    pool = createAuditPool({ size: 1, auditModule, abortGraceMs: 200 })
  })
  afterAll(async () => {
    await pool?.close()
    await fx?.close()
  })

  it('passes an unexpected error on with its message and retry mark', async () => {
    const error = await failure(pool.run(fx.url('/unexpected'), opts))
    expect(isEngineError(error)).toBe(false)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ name: 'TypeError', message: 'not a function', retry: true })
    expect((error as Error).stack).toContain('task-thread-audits.ts')
  })

  it('terminates a thread that does not stop after an abort, and replaces it', async () => {
    const before = pool.threadsStarted
    const controller = new AbortController()
    const running = failure(
      pool.run(fx.url('/hang'), {
        ...opts,
        signal: controller.signal,
        onProgress: () => controller.abort(new Error('job expired')),
      }),
    )
    expect(await running).toMatchObject({ message: 'job expired' })
    // The pool's only thread was terminated; a new one runs the next audit.
    const next = await pool.run(fx.url('/good/'), opts)
    expect(next.result.onPage.findings.length).toBeGreaterThan(10)
    expect(pool.threadsStarted).toBe(before + 1)
  })
})

describe('closing the pool', () => {
  it('lets a running audit clean up before its thread is ended', async () => {
    const pool = createAuditPool({ size: 1, auditModule })
    const mark = join(mkdtempSync(join(tmpdir(), 'farol-pool-')), 'mark')
    let started!: () => void
    const running = new Promise<void>((r) => {
      started = r
    })
    const audit = failure(
      pool.run(`http://127.0.0.1:9/cleanup?mark=${encodeURIComponent(mark)}`, {
        ...opts,
        onProgress: () => started(),
      }),
    )
    await running
    await pool.close()
    expect(existsSync(mark)).toBe(true)
    expect(await audit).toBeInstanceOf(Error)
  })
})

describe('tasks on audit threads', () => {
  let fx: Fixture
  let farol: RunningFarol
  beforeAll(async () => {
    fx = await startFixtureServer()
    const port = await freePort()
    farol = await startFarol(
      testConfig({ port, env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' } }),
      createLogger('silent'),
    )
  })
  afterAll(async () => {
    await farol?.stop()
    await fx?.close()
  })

  const create = async (url: string, platform?: 'desktop') => {
    const res = await fetch(`${farol.url}/api/seo-task-manager/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: farol.url },
      body: JSON.stringify(
        platform
          ? { task_name: 'seo_analysis', requested_data: { url, platform } }
          : { task_name: 'ai_optimization', requested_data: { url } },
      ),
    })
    return ((await res.json()) as { taskId: string }).taskId
  }
  const finished = async (taskId: string) => {
    for (;;) {
      const [row] = await farol.database.db.select().from(tasks).where(eq(tasks.id, taskId))
      if (row?.status === 'success' || row?.status === 'failed') return row
      await new Promise((r) => setTimeout(r, 200))
    }
  }

  it('fails a task at once on a permanent engine error from the thread', async () => {
    const row = await finished(await create(fx.url('/pdf')))
    expect(row).toMatchObject({ status: 'failed', errorCode: 'UNSUPPORTED_CONTENT_TYPE', attempts: 1 })
  })

  it('retries a task after a transient engine error from the thread', async () => {
    let requests = 0
    // The first visit's connection is cut before any answer (a network error); the second gets the page.
    const flaky = createServer((req, res) => {
      if (req.url !== '/') return res.writeHead(404).end()
      requests++
      if (requests === 1) return req.socket.destroy()
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(
        '<!doctype html><html lang="pt"><head><title>Instável</title></head><body><p>Olá.</p></body></html>',
      )
    })
    const origin = await listen(flaky)
    try {
      const row = await finished(await create(`${origin}/`))
      expect(row).toMatchObject({ status: 'success', attempts: 2 })
      expect(requests).toBe(2)
    } finally {
      flaky.close()
    }
  }, 60_000)

  it('stores the Lighthouse result from the thread compactly, and the report data reads it', async () => {
    const taskId = await create(fx.url('/good/'), 'desktop')
    const row = await finished(taskId)
    expect(row).toMatchObject({ status: 'success', attempts: 1 })
    expect(
      (row.results as { lighthouse: { desktop: { performanceScore: number } } }).lighthouse.desktop,
    ).not.toBeNull()
    const [stored] = await farol.database.db
      .select()
      .from(taskLighthouse)
      .where(eq(taskLighthouse.taskId, taskId))
    expect(stored).toMatchObject({ device: 'desktop', lhr: { encoding: 'gzip+base64' } })
    const ids = { desktopTaskId: taskId, mobileTaskId: taskId, aiOptimizationTaskId: taskId }
    const answer = await loadReportData(farol.database.db, ids, () => true)
    expect(answer.status).toBe(200)
    const desktop = (answer.body as { desktop: { data: { lighthouseResult: unknown } } }).desktop.data
    expect(desktop.lighthouseResult).toMatchObject({
      lighthouseVersion: expect.stringMatching(/^\d+\./),
      finalDisplayedUrl: fx.url('/good/'),
      categories: { performance: { id: 'performance', score: expect.any(Number) } },
    })
  }, 300_000) // a real Lighthouse run in a thread, on a machine that may be running the rest of the suite
})
