import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeDataForSeoSerp,
  fakeCompetitors,
  fakeScenario,
  startFakeDataForSeoSerp,
} from '../../test/fakes/dataforseo-serp.ts'
import { summarize } from './aggregate.ts'
import { citationsOf } from './citations.ts'
import { DataForSeoAnswers } from './client.ts'
import { isOverviewsError } from './errors.ts'
import { estimateRun } from './estimate.ts'
import type { Answer, SerpTarget } from './types.ts'

let fake: FakeDataForSeoSerp
const pt: SerpTarget = { locationCode: 2620, languageCode: 'pt', device: 'desktop' }
const client = (extra: Partial<ConstructorParameters<typeof DataForSeoAnswers>[0]> = {}) =>
  new DataForSeoAnswers({ login: fake.login, password: fake.password, baseUrl: fake.origin, ...extra })

beforeAll(async () => {
  fake = await startFakeDataForSeoSerp()
})
afterAll(() => fake.close())

describe('DataForSeoAnswers against the fake', () => {
  it('reads an overview citing the site: sections, references, cost; sends the documented task', async () => {
    const a = await client().answer('ai_overview', 'seguro auto citado', { ...pt, device: 'mobile' })
    expect(fakeScenario('seguro auto citado')).toBe('site')
    expect(a.shown).toBe(true)
    expect(a.cost).toBe(0.002)
    expect(a.sections).toHaveLength(2)
    expect(a.checkedAt).toBe('2026-11-28T09:00:00.000Z')
    const c = citationsOf(a, 'exemplo.pt', fakeCompetitors)
    expect(c.cited).toBe(true)
    expect(c.site[0]!.position).toBe(1)
    expect(c.site[0]!.sections).toEqual([1])
    expect(c.competitors).toEqual(fakeCompetitors)
    const sent = fake.requests.at(-1)!
    expect(sent.authorized).toBe(true)
    expect(sent.endpoint).toBe('organic')
    expect(sent.task).toEqual({
      keyword: 'seguro auto citado',
      location_code: 2620,
      language_code: 'pt',
      device: 'mobile',
      depth: 10,
      load_async_ai_overview: true,
    })
  })

  it('an overview citing only competitors, not the review page with the host in its path', async () => {
    const a = await client().answer('ai_overview', 'seguro concorrentes', pt)
    const c = citationsOf(a, 'exemplo.pt', fakeCompetitors)
    expect(a.shown).toBe(true)
    expect(c.cited).toBe(false)
    expect(c.others.map((o) => o.domain)).toContain('avaliacoes.pt')
  })

  it('none shown', async () => {
    const a = await client().answer('ai_overview', 'seguro sem resposta', pt)
    expect(a).toMatchObject({ shown: false, references: [], sections: [] })
  })

  it('an asynchronous overview is read because the client asks to load it', async () => {
    const a = await client().answer('ai_overview', 'seguro mais tarde', pt)
    expect(a).toMatchObject({ shown: true, asynchronous: true })
  })

  it('AI Mode: the same shape from its own endpoint, at its price', async () => {
    const a = await client().answer('ai_mode', 'seguro auto citado', pt)
    expect(a.surface).toBe('ai_mode')
    expect(a.shown).toBe(true)
    expect(a.cost).toBe(0.004)
    expect(fake.requests.at(-1)!.endpoint).toBe('ai_mode')
    expect(fake.requests.at(-1)!.task).not.toHaveProperty('load_async_ai_overview')
  })

  it.each([
    ['wrong credentials', 'seguro', { password: 'wrong' }, 'OVERVIEWS_PROVIDER_AUTH'],
    ['40501 invalid field', 'seguro com erro', {}, 'OVERVIEWS_INVALID_REQUEST'],
    ['402 / 40200 payment required', 'seguro sem saldo', {}, 'OVERVIEWS_PAYMENT_REQUIRED'],
  ] as const)('%s → a typed error', async (_name, keyword, extra, code) => {
    const error = await client(extra)
      .answer('ai_overview', keyword, pt)
      .catch((e: unknown) => e)
    expect(isOverviewsError(error) && error.code).toBe(code)
  })

  it('40202: the rate limit pauses and retries, then gives up with a typed error', async () => {
    const limited = await startFakeDataForSeoSerp({ ratePerMinute: 2 })
    try {
      const c = new DataForSeoAnswers({
        login: limited.login,
        password: limited.password,
        baseUrl: limited.origin,
        retries: 2,
        retryDelayMs: 10,
      })
      await c.answer('ai_overview', 'um', pt)
      await c.answer('ai_overview', 'dois', pt)
      const error = await c.answer('ai_overview', 'três', pt).catch((e: unknown) => e)
      expect(isOverviewsError(error) && error.code).toBe('OVERVIEWS_RATE_LIMITED')
      expect(limited.rateLimited).toBe(3)
      expect(c.calls).toBe(5)
    } finally {
      await limited.close()
    }
  })
})

describe('summarize and estimate', () => {
  const mk = (keyword: string, refs: string[], surface: Answer['surface'] = 'ai_overview'): Answer => ({
    surface,
    keyword,
    shown: refs.length > 0,
    asynchronous: false,
    text: '',
    sections: [],
    cost: 0,
    checkedAt: null,
    references: refs.map((url, i) => ({
      position: i + 1,
      url,
      domain: null,
      title: null,
      text: null,
      source: null,
    })),
  })
  it('shares with counts and Wilson intervals, competitors first, and the gaps', () => {
    const s = summarize(
      'ai_overview',
      [
        mk('a', ['https://www.exemplo.pt/a', 'https://rival.pt/a']),
        mk('b', ['https://rival.pt/b', 'https://outro.pt/b']),
        mk('c', ['https://outro.pt/c']),
        mk('d', []),
        mk('e', ['https://rival.pt/e'], 'ai_mode'),
      ],
      'exemplo.pt',
      ['rival.pt'],
    )
    expect(s.asked).toBe(4)
    expect(s.shown).toMatchObject({ k: 3, n: 4 })
    expect(s.site).toMatchObject({ k: 1, n: 3 })
    expect(s.site.low).toBeCloseTo(0.0615, 3)
    expect(s.site.high).toBeCloseTo(0.7924, 3)
    expect(s.domains.map((d) => [d.domain, d.competitor, d.share.k])).toEqual([
      ['rival.pt', true, 2],
      ['outro.pt', false, 2],
    ])
    expect(s.gaps).toEqual([{ keyword: 'b', competitors: ['rival.pt'] }])
  })

  it('estimate: calls and cost at the live prices, the cache free', () => {
    const e = estimateRun(['ai_overview', 'ai_overview', 'ai_mode'], 4)
    expect(e).toMatchObject({ calls: 3, cost: 0.008, cached: 4 })
    expect(e.bySurface.ai_mode).toEqual({ calls: 1, cost: 0.004 })
  })
})
