import http from 'node:http'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { instance } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { freshPostgres, tempDataDir, testConfig, testDatabaseUrl } from './helpers.ts'

const log = createLogger('silent')
// The first test of each backend boots Farol on a database that holds nothing yet, as a new installation
// does, not on a copy of the run's migrated template (decision 046) that the other tests start from.
const pgliteTemplate = process.env.FAROL_PGLITE_TEMPLATE
const pgTemplate = process.env.FAROL_PG_TEMPLATE
delete process.env.FAROL_PG_TEMPLATE
// Test files share their worker's process (decision 050): the next file gets the template back.
afterAll(() => {
  if (pgTemplate) process.env.FAROL_PG_TEMPLATE = pgTemplate
})
const running: RunningFarol[] = []

async function start(...args: Parameters<typeof startFarol>) {
  const farol = await startFarol(...args)
  running.push(farol)
  return farol
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((f) => f.stop()))
})

const backends = [
  { name: 'embedded PGlite', postgres: false },
  ...(testDatabaseUrl ? [{ name: 'PostgreSQL', postgres: true }] : []),
]

describe.each(backends)('Farol server on $name', ({ postgres }) => {
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}
  beforeAll(async () => {
    if (!postgres) return
    const fresh = await freshPostgres()
    databaseUrl = fresh.url
    dropDatabase = fresh.drop
  })
  afterAll(async () => {
    await Promise.all(running.splice(0).map((f) => f.stop()))
    await dropDatabase()
  })
  it('boots on a fresh database, applies migrations and reports health', async () => {
    delete process.env.FAROL_PGLITE_TEMPLATE
    const farol = await start(testConfig({ databaseUrl }), log).finally(() => {
      if (pgliteTemplate) process.env.FAROL_PGLITE_TEMPLATE = pgliteTemplate
    })
    const res = await fetch(`${farol.url}/api/health`)
    expect(res.status).toBe(200)
    const body = await res.json()
    expect(body.status).toBe('ok')
    expect(body.database).toMatchObject({ kind: databaseUrl ? 'postgres' : 'pglite', ok: true })
    expect(body.queue.ok).toBe(true)
    expect(body.instanceId).toMatch(/^[0-9a-f-]{36}$/)
    // The migrated table exists and holds this instance's row.
    const rows = await farol.database.db.select().from(instance)
    expect(rows.map((r) => r.id)).toContain(body.instanceId)
  })

  it('answers unknown API paths with a translated JSON 404', async () => {
    const farol = await start(testConfig({ databaseUrl }), log)
    const pt = await fetch(`${farol.url}/api/does-not-exist`)
    expect(pt.status).toBe(404)
    expect(await pt.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Recurso não encontrado.' } })
    const en = await fetch(`${farol.url}/api/does-not-exist`, { headers: { 'accept-language': 'en' } })
    expect((await en.json()).error.message).toBe('Resource not found.')
  })

  it('reports an anonymous session', async () => {
    const farol = await start(testConfig({ databaseUrl }), log)
    expect(await (await fetch(`${farol.url}/api/session`)).json()).toEqual({ user: null })
  })
})

describe('graceful shutdown', () => {
  it('finishes in-flight requests, refuses new connections, then closes the database', async () => {
    const gate = Promise.withResolvers<void>()
    const arrived = Promise.withResolvers<void>()
    const farol = await startFarol(testConfig(), log, {
      extendApi: (api) =>
        api.get('/slow', async (c) => {
          arrived.resolve()
          await gate.promise
          return c.json({ finished: true })
        }),
    })
    const inFlight = fetch(`${farol.url}/api/slow`)
    await arrived.promise
    const stopped = farol.stop()
    await new Promise((r) => setTimeout(r, 100))
    await expect(fetch(`${farol.url}/api/health`)).rejects.toThrow()
    gate.resolve()
    const res = await inFlight
    expect(await res.json()).toEqual({ finished: true })
    await stopped
    await expect(farol.database.ping()).rejects.toThrow()
  })
})

describe('keep-alive', () => {
  it('keeps an idle connection open past Node’s 5 s default, so a client reusing it is not reset', async () => {
    const farol = await start(testConfig(), log)
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    const get = () =>
      new Promise<{ status: number; socket: unknown }>((resolve, reject) => {
        const req = http.get(`${farol.url}/api/health`, { agent }, (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode ?? 0, socket: req.socket }))
        })
        req.on('error', reject)
      })
    try {
      const first = await get()
      let closed = false
      ;(first.socket as import('node:net').Socket).once('close', () => {
        closed = true
      })
      await new Promise((r) => setTimeout(r, 6_000))
      expect(closed).toBe(false)
      const second = await get()
      expect(second.status).toBe(200)
      expect(second.socket).toBe(first.socket)
    } finally {
      agent.destroy()
    }
  }, 60_000)
})

describe('embedded data survives restarts', () => {
  it('keeps its rows across a clean restart', async () => {
    const dataDir = tempDataDir()
    const first = await startFarol(testConfig({ dataDir }), log)
    const id = (await (await fetch(`${first.url}/api/health`)).json()).instanceId
    await first.stop()
    const second = await start(testConfig({ dataDir }), log)
    expect((await (await fetch(`${second.url}/api/health`)).json()).instanceId).toBe(id)
  })
})
