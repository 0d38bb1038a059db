import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIndexNow } from '../../test/fakes/indexnow.ts'
import {
  indexNowBatches,
  indexNowCode,
  indexNowRetryDelay,
  isIndexNowKey,
  retryAfterSeconds,
  submitIndexNow,
} from './client.ts'

const key = 'a1b2c3d4e5f6a7b8'
const base = { host: 'www.example.org', key, keyLocation: `https://www.example.org/${key}.txt` }

describe('IndexNow client', () => {
  let fake: Awaited<ReturnType<typeof startFakeIndexNow>>
  beforeAll(async () => {
    fake = await startFakeIndexNow()
  })
  afterAll(() => fake.close())

  it('checks the key rule', () => {
    expect(isIndexNowKey(key)).toBe(true)
    expect(isIndexNowKey('short')).toBe(false)
    expect(isIndexNowKey('has_underscore_key')).toBe(false)
    expect(isIndexNowKey('x'.repeat(129))).toBe(false)
  })

  it('keeps the host URLs, deduplicated, in batches of at most 10,000', () => {
    const urls = Array.from({ length: 10_001 }, (_, i) => `https://www.example.org/p${i}`)
    const batches = indexNowBatches('www.example.org', [...urls, urls[0]!, 'https://other.org/x', 'nope'])
    expect(batches.map((b) => b.length)).toEqual([10_000, 1])
  })

  it.each([
    [200, 'submitted'],
    [202, 'accepted'],
    [403, 'forbidden'],
    [429, 'too_many_requests'],
  ] as const)('maps the endpoint answer %i to %s', async (status, code) => {
    fake.setStatus(status)
    const result = await submitIndexNow(fake.url, { ...base, urlList: ['https://www.example.org/a'] })
    expect(result).toEqual({ count: 1, status, code, retryAfterSeconds: null })
    const last = fake.requests.at(-1)!
    expect(last.contentType).toBe('application/json; charset=utf-8')
    expect(last.body).toEqual({ ...base, urlList: ['https://www.example.org/a'] })
  })

  it('gets 422 for a URL off the host and 400 for an empty list', async () => {
    fake.setStatus(200)
    expect((await submitIndexNow(fake.url, { ...base, urlList: ['https://other.org/a'] })).code).toBe(
      'unprocessable',
    )
    expect((await submitIndexNow(fake.url, { ...base, urlList: [] })).code).toBe('bad_request')
  })

  it('reports an endpoint that does not answer as failed', async () => {
    const result = await submitIndexNow('http://127.0.0.1:1/indexnow', {
      ...base,
      urlList: ['https://www.example.org/a'],
    })
    expect(result).toEqual({ count: 1, status: null, code: 'failed', retryAfterSeconds: null })
    expect(indexNowCode(500)).toBe('failed')
  })

  it("reads a 429's Retry-After, in seconds or as a date", async () => {
    fake.setStatus(429)
    fake.setRetryAfter('120')
    const result = await submitIndexNow(fake.url, { ...base, urlList: ['https://www.example.org/a'] })
    expect(result).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 120 })
    fake.setRetryAfter(null)
    fake.setStatus(200)
    const now = Date.parse('2026-11-26T10:00:00Z')
    expect(retryAfterSeconds('Thu, 26 Nov 2026 10:05:00 GMT', now)).toBe(300)
    expect(retryAfterSeconds('soon', now)).toBeNull()
    expect(retryAfterSeconds(null, now)).toBeNull()
  })

  it('retries only what another attempt could change, waiting longer each time', () => {
    const busy = { code: 'too_many_requests', retryAfterSeconds: null } as const
    expect([1, 2, 3, 4].map((n) => indexNowRetryDelay(busy, n))).toEqual([60, 240, 960, 3840])
    // The fifth attempt was the last one.
    expect(indexNowRetryDelay(busy, 5)).toBeNull()
    // The endpoint's own wait wins when it is longer; a silent endpoint is retried too.
    expect(indexNowRetryDelay({ ...busy, retryAfterSeconds: 600 }, 1)).toBe(600)
    expect(indexNowRetryDelay({ code: 'failed', retryAfterSeconds: null }, 1, 2)).toBe(2)
    for (const code of ['submitted', 'accepted', 'bad_request', 'forbidden', 'unprocessable'] as const)
      expect(indexNowRetryDelay({ code, retryAfterSeconds: null }, 1)).toBeNull()
  })
})
