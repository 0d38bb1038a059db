// Field data on the server: the install-wide CrUX limiter (two processes' limiters share one minute's
// budget), the per-day cache (a second analysis the same day asks CrUX nothing), and the task's field
// result for each case: no key, URL data, origin fallback, no data, a refused key. PGlite always, and a
// real PostgreSQL when TEST_DATABASE_URL is set.

import type { SeoResult } from '@farol/engine'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeCrux, fakeCruxKey, startFakeCrux } from '../../../../../packages/engine/test/fakes/crux.ts'
import { freshPostgres, tempDataDir, testConfig, testDatabaseUrl } from '../../../test/helpers.ts'
import { type Database, openDatabase } from '../../platform/db/database.ts'
import { cruxCache } from '../../platform/db/schema.ts'
import { createLogger } from '../../platform/log.ts'
import { cruxLimiter } from './limiter.ts'
import { fieldResultFor } from './service.ts'

describe.each([
  ['PGlite', null],
  ['PostgreSQL', testDatabaseUrl ?? 'skip'],
])('CrUX field data on %s', (_name, serverUrl) => {
  const skip = serverUrl === 'skip'
  let database: Database
  let second: Database | null = null
  let drop: (() => Promise<void>) | null = null
  let fake: FakeCrux
  beforeAll(async () => {
    if (skip) return
    if (serverUrl) {
      const fresh = await freshPostgres(serverUrl)
      drop = fresh.drop
      database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
      second = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
    } else database = await openDatabase({ dataDir: tempDataDir() })
    fake = await startFakeCrux()
    fake.records.set(fakeCruxKey('PHONE', { url: 'https://loja.pt/' }), {
      p75: { lcp: 4600, inp: 150, cls: 0.05, fcp: 2000, ttfb: 900 },
    })
    fake.records.set(fakeCruxKey('DESKTOP', { origin: 'https://loja.pt' }), {
      p75: { lcp: 1800, inp: 90, cls: 0.01 },
    })
    // Opening the database and running migrations is slow on a loaded 2-core machine.
  }, 180_000)
  afterAll(async () => {
    await fake?.close()
    await second?.close()
    await database?.close()
    await drop?.()
  })

  it.skipIf(skip)('shares one minute of budget between the processes of the install', async () => {
    let clock = 7 * 60_000 + 5_000
    const slept: number[] = []
    const options = {
      perMinute: 3,
      now: () => clock,
      sleep: async (ms: number) => {
        slept.push(ms)
        clock += ms
      },
    }
    const a = cruxLimiter(database.db, options)
    const b = cruxLimiter((second ?? database).db, options)
    await a.acquire()
    await b.acquire()
    await a.acquire()
    expect(slept).toEqual([])
    // The fourth query of the minute waits for the next minute, whichever process asks.
    await b.acquire()
    expect(slept).toEqual([55_050])
    expect(Math.floor(clock / 60_000)).toBe(8)
  })

  const deps = (env: Record<string, string> = {}) => ({
    db: database.db,
    config: testConfig({ env }),
    log: createLogger('silent'),
  })
  const withKey = () => deps({ CRUX_API_KEY: fake.apiKey, FAROL_CRUX_URL: fake.origin })
  const lab = { lcp: 1.2, cls: 0.01, fcp: 0.9 } as SeoResult

  it.skipIf(skip)('says there is no key, and asks CrUX nothing, when none is configured', async () => {
    const before = fake.requests.length
    expect(await fieldResultFor(deps(), 'https://loja.pt/', 'mobile', lab)).toEqual({ status: 'no-key' })
    expect(fake.requests.length).toBe(before)
  })

  it.skipIf(skip)("gives the URL's phone data with the lab-vs-field finding, once a day", async () => {
    const result = await fieldResultFor(withKey(), 'https://loja.pt/', 'mobile', lab)
    expect(result.status).toBe('ok')
    if (result.status !== 'ok') return
    expect(result.record).toMatchObject({ scope: 'url', formFactor: 'PHONE', verdict: 'failed' })
    expect(result.record.metrics.lcp).toMatchObject({ p75: 4600, rating: 'poor' })
    expect(result.findings.map((f) => f.id)).toEqual(['field-lab-lcp', 'field-lab-fcp'])
    const asked = fake.requests.length
    const again = await fieldResultFor(withKey(), 'https://loja.pt/', 'mobile', lab)
    expect(again).toEqual(result)
    expect(fake.requests.length).toBe(asked)
    const rows = await database.db.select().from(cruxCache)
    expect(rows.some((r) => r.url === 'https://loja.pt/' && r.formFactor === 'PHONE')).toBe(true)
  })

  it.skipIf(skip)('falls back to the origin on desktop, and says when CrUX has nothing', async () => {
    const desktop = await fieldResultFor(withKey(), 'https://loja.pt/', 'desktop', null)
    expect(desktop).toMatchObject({ status: 'ok', record: { scope: 'origin', key: 'https://loja.pt' } })
    expect(await fieldResultFor(withKey(), 'https://outra.pt/', 'desktop', null)).toEqual({
      status: 'no-data',
      formFactor: 'DESKTOP',
    })
  })

  it.skipIf(skip)('reports a refused key in user words, not as missing data', async () => {
    const result = await fieldResultFor(
      deps({ CRUX_API_KEY: 'wrong', FAROL_CRUX_URL: fake.origin }),
      'https://nova.pt/',
      'mobile',
      null,
    )
    expect(result).toMatchObject({ status: 'error', code: 'CRUX_KEY_INVALID' })
    if (result.status === 'error')
      expect(result.message.en).toBe('Google refused the Chrome UX Report API key.')
  })
})
