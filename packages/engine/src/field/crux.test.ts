// The client and the URL→origin fallback against the loopback fake speaking the CrUX API's wire protocol.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeCrux, fakeCruxKey, startFakeCrux } from '../../test/fakes/crux.ts'
import { isEngineError } from '../errors.ts'
import type { SeoResult } from '../lighthouse/types.ts'
import { createCruxClient } from './crux.ts'
import { fetchFieldRecord } from './field-data.ts'
import { labFieldFindings } from './lab-vs-field.ts'

let fake: FakeCrux
beforeAll(async () => {
  fake = await startFakeCrux()
  fake.records.set(fakeCruxKey('PHONE', { url: 'https://loja.pt/produtos' }), {
    p75: { lcp: 3100, inp: 180, cls: 0.04, fcp: 1500, ttfb: 700 },
    densities: { lcp: [0.62, 0.25, 0.13] },
    history: { lcp: [null, 2300, 2400, 3100] },
  })
  fake.records.set(fakeCruxKey('PHONE', { origin: 'https://loja.pt' }), {
    p75: { lcp: 2100, cls: 0.02, fcp: 1200, ttfb: 500 },
  })
})
afterAll(() => fake.close())

const client = (over: Partial<Parameters<typeof createCruxClient>[0]> = {}) =>
  createCruxClient({ apiKey: fake.apiKey, baseUrl: fake.origin, retryDelaysMs: [10, 10], ...over })

describe('CrUX client', () => {
  it("reads the URL's own record with its histogram, p75s, period and weekly history", async () => {
    const record = await fetchFieldRecord(client(), 'https://loja.pt/produtos', 'PHONE')
    expect(record).toMatchObject({
      formFactor: 'PHONE',
      scope: 'url',
      key: 'https://loja.pt/produtos',
      collectionPeriod: { firstDate: '2026-10-26', lastDate: '2026-11-22' },
      verdict: 'failed',
    })
    expect(record!.metrics.lcp).toEqual({
      p75: 3100,
      rating: 'needs-improvement',
      distribution: { good: 0.62, needsImprovement: 0.25, poor: 0.13 },
    })
    expect(record!.metrics.cls).toMatchObject({ p75: 0.04, rating: 'good' })
    expect(record!.history!.periods).toHaveLength(25)
    expect(record!.history!.periods.at(-1)).toEqual({ firstDate: '2026-10-26', lastDate: '2026-11-22' })
    expect(record!.history!.p75s.lcp!.slice(-4)).toEqual([null, 2300, 2400, 3100])
    // The request the API documents: the URL, the form factor, the metrics by their API names.
    const sent = fake.requests.find((r) => r.method === 'queryHistoryRecord')!
    expect(sent.body).toMatchObject({
      url: 'https://loja.pt/produtos',
      formFactor: 'PHONE',
      collectionPeriodCount: 25,
    })
    expect(sent.body.metrics).toContain('interaction_to_next_paint')
  })

  it('falls back to the origin when the URL has no data, and says so', async () => {
    const record = await fetchFieldRecord(client(), 'https://loja.pt/contactos', 'PHONE')
    expect(record).toMatchObject({ scope: 'origin', key: 'https://loja.pt', verdict: 'passed' })
    expect(record!.metrics.inp).toBeUndefined()
    expect(await fetchFieldRecord(client(), 'https://loja.pt/contactos', 'DESKTOP')).toBeNull()
  })

  it('retries a 429 and then succeeds; gives up with CRUX_RATE_LIMITED when it persists', async () => {
    fake.rateLimitNext = 2
    const record = await client().queryRecord({ origin: 'https://loja.pt' }, 'PHONE')
    expect(record?.record.key.origin).toBe('https://loja.pt')
    fake.rateLimitNext = 5
    const error = await client()
      .queryRecord({ origin: 'https://loja.pt' }, 'PHONE')
      .catch((e) => e)
    expect(isEngineError(error) && error.code).toBe('CRUX_RATE_LIMITED')
    fake.rateLimitNext = 0
  })

  it('reports a bad key as CRUX_KEY_INVALID, not as missing data', async () => {
    const error = await client({ apiKey: 'wrong' })
      .queryRecord({ origin: 'https://loja.pt' }, 'PHONE')
      .catch((e) => e)
    expect(isEngineError(error) && error.code).toBe('CRUX_KEY_INVALID')
  })

  it('waits for the limiter before every request, retries included', async () => {
    let slots = 0
    fake.rateLimitNext = 1
    await client({ acquire: async () => void slots++ }).queryRecord({ origin: 'https://loja.pt' }, 'PHONE')
    expect(slots).toBe(2)
  })
})

describe('lab vs field', () => {
  const lab = { lcp: 1.9, cls: 0.02, fcp: 1.2 } as SeoResult
  it('explains a good lab LCP with a worse field LCP, and says nothing where they agree', async () => {
    const record = (await fetchFieldRecord(client(), 'https://loja.pt/produtos', 'PHONE'))!
    const findings = labFieldFindings(lab, record)
    expect(findings.map((f) => [f.id, f.verdict])).toEqual([['field-lab-lcp', 'warn']])
    expect(findings[0]!.title.en).toBe('LCP is good in the lab but needs improvement for real users')
    expect(findings[0]!.description.pt).toMatch(/depois de iniciar sessão/)
    expect(labFieldFindings(null, record)).toEqual([])
  })
})
