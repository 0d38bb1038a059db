import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeAutocomplete, startFakeAutocomplete } from '../../test/fakes/keywords-autocomplete.ts'
import {
  type FakeDataForSeo,
  fakeFigures,
  startFakeDataForSeo,
} from '../../test/fakes/keywords-dataforseo.ts'
import { AutocompleteProvider } from './autocomplete.ts'
import { DataForSeoProvider } from './dataforseo.ts'
import { researchKeywords } from './research.ts'
import { SiteProvider } from './site.ts'
import type { KeywordResearchResult } from './types.ts'

let autocomplete: FakeAutocomplete
let dataforseo: FakeDataForSeo
beforeAll(async () => {
  autocomplete = await startFakeAutocomplete()
  dataforseo = await startFakeDataForSeo()
})
afterAll(async () => {
  await autocomplete.close()
  await dataforseo.close()
})

const pt = { lang: 'pt', country: 'PT' } as const
const ac = () => new AutocompleteProvider({ baseUrl: autocomplete.url, minIntervalMs: 0, backoffMs: 1 })

describe('researchKeywords, autocomplete only', () => {
  let result: KeywordResearchResult
  const progress: { related: number; longTail: number; percent: number }[] = []
  beforeAll(async () => {
    result = await researchKeywords({
      seed: 'Seguro Auto',
      market: pt,
      autocomplete: ac(),
      dataforseo: null,
      site: null,
      onProgress: (partial, percent) => {
        progress.push({ related: partial.related.length, longTail: partial.longTail.length, percent })
      },
    })
  })

  it('related: the autocomplete of the seed and "seed ", without the seed itself', () => {
    const related = result.related.map((r) => r.keyword)
    expect(related).toContain('seguro auto simulação')
    expect(related).toContain('melhor seguro auto')
    expect(related).not.toContain('seguro auto')
  })

  it('long tail: three words or more with the seed, grouped by modifier', () => {
    const byGroup = (g: string) => result.longTail.filter((i) => i.group === g)
    expect(byGroup('questions').map((i) => i.keyword)).toContain('como escolher seguro auto')
    expect(
      byGroup('questions').find((i) => i.keyword === 'quanto custa escolher seguro auto')?.modifier,
    ).toBe('quanto custa')
    expect(byGroup('prepositions').map((i) => i.keyword)).toContain('seguro auto para jovens condutores')
    expect(byGroup('comparisons').map((i) => i.keyword)).toContain('seguro auto vs seguro moto')
    expect(byGroup('alphabetical').map((i) => i.keyword)).toContain('seguro auto açores')
    // "anual aa" (from "seguro auto a") has no seed; "seguro auto para" has only its query's words.
    expect(result.longTail.every((i) => i.keyword.includes('seguro auto'))).toBe(true)
    expect(result.longTail.every((i) => i.keyword.split(' ').length >= 3)).toBe(true)
  })

  it('lists questions, then prepositions, comparisons and letters', () => {
    const groups = [...new Set(result.longTail.map((i) => i.group))]
    expect(groups).toEqual(['questions', 'prepositions', 'comparisons', 'alphabetical'])
  })

  it('has no figure without a volume provider: null, never 0', () => {
    for (const idea of [...result.related, ...result.longTail]) {
      expect([idea.volume, idea.cpc, idea.difficulty]).toEqual([null, null, null])
    }
  })

  it('reports the sources: autocomplete answered, DataForSEO not configured, site not used', () => {
    expect(result.sources.map((s) => [s.id, s.status])).toEqual([
      ['autocomplete', 'answered'],
      ['dataforseo', 'not_configured'],
      ['site', 'not_used'],
    ])
    // 2 related + 9 questions + 5 prepositions + 2 comparisons + 26 letters.
    expect(result.sources[0]!.requests).toBe(44)
    expect(result.partial).toBe(false)
  })

  it('reports related keywords first, before the long tail is complete', () => {
    expect(progress[0]!.related).toBeGreaterThan(0)
    expect(progress[0]!.percent).toBe(20)
    expect(progress.at(-1)!.longTail).toBeGreaterThan(progress[0]!.longTail)
    expect(progress.map((p) => p.percent)).toEqual([...progress.map((p) => p.percent)].sort((a, b) => a - b))
  })
})

describe('researchKeywords with DataForSEO and the site', () => {
  it('adds related keywords with figures and measures the rest', async () => {
    const html = `<html><head><title>Seguro auto | Farol</title></head><body>
      <p>O seguro auto inclui carro de substituição.</p><p>Seguro auto com carro de substituição.</p></body></html>`
    const result = await researchKeywords({
      seed: 'seguro auto',
      market: pt,
      url: 'https://example.pt/',
      autocomplete: ac(),
      dataforseo: new DataForSeoProvider({
        login: dataforseo.login,
        password: dataforseo.password,
        baseUrl: dataforseo.origin,
      }),
      site: new SiteProvider([html]),
    })
    expect(result.sources.map((s) => [s.id, s.status])).toEqual([
      ['autocomplete', 'answered'],
      ['dataforseo', 'answered'],
      ['site', 'answered'],
    ])
    const related = new Map(result.related.map((r) => [r.keyword, r]))
    expect(related.get('seguradora online')).toMatchObject({
      source: 'dataforseo',
      volume: fakeFigures('seguradora online').search_volume,
    })
    expect(related.get('carro de substituição')?.source).toBe('site')
    const tail = result.longTail.find((i) => i.keyword === 'seguro auto para jovens condutores')!
    expect(tail.volume).toBe(fakeFigures('seguro auto para jovens condutores').search_volume)
    expect(dataforseo.requests.some((r) => r.fn === 'keyword_overview')).toBe(true)
  })

  it('a refused password marks DataForSEO failed and leaves figures null, autocomplete still answers', async () => {
    const result = await researchKeywords({
      seed: 'seguro auto',
      market: pt,
      autocomplete: ac(),
      dataforseo: new DataForSeoProvider({
        login: dataforseo.login,
        password: 'nope',
        baseUrl: dataforseo.origin,
      }),
      site: null,
    })
    expect(result.sources[1]).toMatchObject({
      id: 'dataforseo',
      status: 'failed',
      errorCode: 'KEYWORDS_PROVIDER_AUTH',
    })
    expect(result.longTail.length).toBeGreaterThan(0)
    expect(result.longTail.every((i) => i.volume === null)).toBe(true)
  })

  it('stops asking autocomplete once it is rate limited and says so', async () => {
    autocomplete.rateLimitNext(1000)
    const provider = new AutocompleteProvider({
      baseUrl: autocomplete.url,
      minIntervalMs: 0,
      backoffMs: 1,
      maxRetries: 1,
      concurrency: 1,
    })
    const result = await researchKeywords({
      seed: 'seguro mota',
      market: pt,
      autocomplete: provider,
      dataforseo: null,
      site: null,
    })
    autocomplete.rateLimitNext(0)
    expect(result.sources[0]).toMatchObject({ status: 'failed', errorCode: 'KEYWORDS_RATE_LIMITED' })
    expect(provider.requests).toBe(2)
  })
})
