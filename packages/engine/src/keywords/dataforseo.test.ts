import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeDataForSeo,
  fakeFigures,
  startFakeDataForSeo,
} from '../../test/fakes/keywords-dataforseo.ts'
import { isEngineError } from '../errors.ts'
import { DataForSeoProvider, taskResult } from './dataforseo.ts'

let fake: FakeDataForSeo
beforeAll(async () => {
  fake = await startFakeDataForSeo()
})
afterAll(() => fake.close())

const pt = { lang: 'pt', country: 'PT' } as const
const br = { lang: 'pt', country: 'BR' } as const

const provider = (password = fake.password) =>
  new DataForSeoProvider({ login: fake.login, password, baseUrl: fake.origin })

describe('DataForSeoProvider against the fake', () => {
  it('posts related keywords and suggestions with Basic auth and Portugal location 2620', async () => {
    const before = fake.requests.length
    const ideas = await provider().ideas('seguro auto', pt)
    const sent = fake.requests.slice(before)
    expect(sent.map((r) => r.fn).sort()).toEqual(['keyword_suggestions', 'related_keywords'])
    expect(sent.every((r) => r.authorized)).toBe(true)
    expect(sent.every((r) => r.task.location_code === 2620 && r.task.language_code === 'pt')).toBe(true)
    expect(ideas.map((i) => i.keyword)).toEqual([
      'seguradora online',
      'seguro auto comparar',
      'simulador de seguros',
      'seguro auto mensal',
      'seguro auto para empresas',
    ])
  })

  it('maps volume, CPC, difficulty and intent as measured, and keeps missing figures null', async () => {
    const ideas = await provider().measure(['seguro auto', 'seguro auto jovens', 'seguro auto barato'], br)
    for (const idea of ideas) {
      const f = fakeFigures(idea.keyword)
      expect(idea).toEqual({
        keyword: idea.keyword,
        source: 'dataforseo',
        volume: f.search_volume,
        cpc: f.cpc,
        difficulty: f.keyword_difficulty,
        intent: f.main_intent,
      })
    }
    expect(fake.requests.at(-1)!.task.location_code).toBe(2076)
  })

  it('a wrong password is KEYWORDS_PROVIDER_AUTH (HTTP 401, status_code 40100)', async () => {
    const error = await provider('wrong')
      .ideas('seguro auto', pt)
      .catch((e: unknown) => e)
    expect(isEngineError(error) && error.code).toBe('KEYWORDS_PROVIDER_AUTH')
    expect(fake.requests.at(-1)!.authorized).toBe(false)
  })
})

describe('taskResult (the envelope)', () => {
  const ok = (task: object) => ({ status_code: 20000, status_message: 'Ok.', tasks: [task] })
  it.each([
    [
      'a task error under HTTP 200',
      ok({ status_code: 40501, status_message: 'Invalid Field' }),
      'KEYWORDS_PROVIDER_ERROR',
    ],
    [
      'an authentication code in the envelope',
      { status_code: 40100, status_message: 'Not authorized' },
      'KEYWORDS_PROVIDER_AUTH',
    ],
    [
      'payment required',
      { status_code: 40200, status_message: 'Payment Required.' },
      'KEYWORDS_PROVIDER_ERROR',
    ],
    ['no tasks', { status_code: 20000, tasks: [] }, 'KEYWORDS_PROVIDER_ERROR'],
  ])('%s', (_, json, code) => {
    const error = (() => {
      try {
        taskResult(json)
      } catch (e) {
        return e
      }
    })()
    expect(isEngineError(error) && error.code).toBe(code)
  })

  it('"No Search Results" (40102) is an empty answer, not an error', () => {
    expect(taskResult(ok({ status_code: 40102, result: null }))).toBeNull()
  })

  it('returns the first result', () => {
    expect(taskResult(ok({ status_code: 20000, result: [{ items: [1] }] }))).toEqual({ items: [1] })
  })
})
