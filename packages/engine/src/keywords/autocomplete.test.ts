import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FakeAutocomplete, startFakeAutocomplete } from '../../test/fakes/keywords-autocomplete.ts'
import { isEngineError } from '../errors.ts'
import {
  AutocompleteProvider,
  autocompleteLocale,
  parseAutocompleteBody,
  retryAfterMs,
} from './autocomplete.ts'
import { MemoryKeywordCache } from './cache.ts'

let fake: FakeAutocomplete
beforeAll(async () => {
  fake = await startFakeAutocomplete()
})
afterAll(() => fake.close())

const pt = { lang: 'pt', country: 'PT' } as const
const br = { lang: 'pt', country: 'BR' } as const
const en = { lang: 'en', country: 'US' } as const

const provider = (options: ConstructorParameters<typeof AutocompleteProvider>[0] = {}) =>
  new AutocompleteProvider({ baseUrl: fake.url, minIntervalMs: 0, backoffMs: 10, ...options })

describe('autocomplete locale', () => {
  it.each([
    [pt, 'pt-PT', 'pt'],
    [br, 'pt-BR', 'br'],
    [en, 'en', 'us'],
  ] as const)('%j -> hl=%s gl=%s', (market, hl, gl) => {
    expect(autocompleteLocale(market)).toEqual({ hl, gl })
  })
})

describe('parseAutocompleteBody', () => {
  it('decodes by the declared charset: ISO-8859-1 bytes of accented words', () => {
    const bytes = Buffer.from('["seguro",["seguro simulação","seguro açores"]]', 'latin1')
    expect(parseAutocompleteBody(bytes, 'text/javascript; charset=ISO-8859-1')).toEqual([
      'seguro simulação',
      'seguro açores',
    ])
    // Read as UTF-8 the same bytes would be broken: the test above would fail without the charset.
    expect(new TextDecoder().decode(bytes)).not.toContain('simulação')
  })

  it('reads UTF-8 when the header says so', () => {
    const bytes = Buffer.from('["x",["preço"]]', 'utf8')
    expect(parseAutocompleteBody(bytes, 'text/javascript; charset=UTF-8')).toEqual(['preço'])
  })

  it('refuses an answer that is not the suggest shape', () => {
    expect(() => parseAutocompleteBody(Buffer.from('{"a":1}'), 'application/json')).toThrow()
  })
})

describe('AutocompleteProvider against the fake', () => {
  it('sends hl/gl of the market and reads the ISO-8859-1 answer of pt-PT with its accents', async () => {
    const before = fake.requests.length
    const ideas = await provider().ideas('seguro auto', pt)
    expect(fake.requests.slice(before)).toEqual([
      { q: 'seguro auto', hl: 'pt-PT', gl: 'pt', client: 'firefox' },
    ])
    expect(ideas.map((i) => i.keyword)).toContain('seguro auto simulação')
    expect(ideas.map((i) => i.keyword)).toContain('seguro auto preço')
    expect(ideas.every((i) => i.source === 'autocomplete' && i.volume === null && i.cpc === null)).toBe(true)
  })

  it('asks Brazil and English with their own locale (UTF-8 answers)', async () => {
    const before = fake.requests.length
    await provider().ideas('seguro auto ', br)
    const english = await provider().ideas('car insurance', en)
    expect(fake.requests.slice(before).map((r) => [r.hl, r.gl])).toEqual([
      ['pt-BR', 'br'],
      ['en', 'us'],
    ])
    expect(english.map((i) => i.keyword)).toContain('car insurance quote')
  })

  it('caches answers: the same query twice is one request', async () => {
    const p = provider({ cache: new MemoryKeywordCache() })
    const before = fake.requests.length
    await p.ideas('seguro casa', pt)
    await p.ideas('seguro casa', pt)
    expect(fake.requests.length - before).toBe(1)
    expect(p.requests).toBe(1)
  })

  it('cache entries expire after 24 h', async () => {
    let now = 0
    const cache = new MemoryKeywordCache(() => now)
    await cache.set('k', ['v'], 24 * 3600_000)
    now = 24 * 3600_000 - 1
    expect(await cache.get('k')).toEqual(['v'])
    now = 24 * 3600_000
    expect(await cache.get('k')).toBeUndefined()
  })

  it('backs off on 429 and succeeds on the retry', async () => {
    fake.rateLimitNext(2, 0)
    const p = provider()
    const ideas = await p.ideas('seguro vida', pt)
    expect(ideas.length).toBeGreaterThan(0)
    expect(p.requests).toBe(3)
  })

  it('gives up with KEYWORDS_RATE_LIMITED after its retries', async () => {
    fake.rateLimitNext(10)
    const p = provider({ maxRetries: 2 })
    const error = await p.ideas('seguro saúde', pt).catch((e: unknown) => e)
    fake.rateLimitNext(0)
    expect(isEngineError(error) && error.code).toBe('KEYWORDS_RATE_LIMITED')
    expect(p.requests).toBe(3)
  })

  it('does not wait for a Retry-After of minutes', async () => {
    fake.rateLimitNext(1, 600)
    const p = provider()
    const error = await p.ideas('seguro barco', pt).catch((e: unknown) => e)
    fake.rateLimitNext(0)
    expect(isEngineError(error) && error.code).toBe('KEYWORDS_RATE_LIMITED')
    expect(p.requests).toBe(1)
  })

  it('reports an HTTP error as KEYWORDS_PROVIDER_ERROR', async () => {
    const p = new AutocompleteProvider({ baseUrl: `${fake.origin}/nowhere`, minIntervalMs: 0 })
    const error = await p.ideas('x', pt).catch((e: unknown) => e)
    expect(isEngineError(error) && error.code).toBe('KEYWORDS_PROVIDER_ERROR')
  })

  it('keeps at most `concurrency` requests in flight', async () => {
    let inFlight = 0
    let most = 0
    const counting: typeof fetch = async (input, init) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      try {
        return await fetch(input, init)
      } finally {
        inFlight -= 1
      }
    }
    const p = provider({ concurrency: 2, fetch: counting })
    await Promise.all(['a', 'b', 'c', 'd', 'e', 'f'].map((l) => p.ideas(`seguro ${l}`, pt)))
    expect(most).toBe(2)
  })
})

describe('retryAfterMs', () => {
  it.each([
    ['5', 5000],
    ['0', 0],
    [null, null],
    ['soon', null],
  ])('%j -> %j', (header, ms) => {
    expect(retryAfterMs(header)).toBe(ms)
  })

  it('reads an HTTP date', () => {
    const now = Date.parse('2026-11-23T10:00:00Z')
    expect(retryAfterMs('Mon, 23 Nov 2026 10:00:30 GMT', now)).toBe(30_000)
  })
})
