import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeIndexNow } from '../../test/fakes/indexnow.ts'
import { indexNowBatches, indexNowCode, isIndexNowKey, submitIndexNow } from './client.ts'

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
    expect(result).toEqual({ count: 1, status, code })
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
    expect(result).toEqual({ count: 1, status: null, code: 'failed' })
    expect(indexNowCode(500)).toBe('failed')
  })
})
