// Keyword positions against loopback fakes speaking the providers' protocols: DataForSEO's SERP API
// (Basic auth, envelope, organic items with rank_group) and Search Console's searchAnalytics.query
// (Bearer token, rows of keys/clicks/impressions/ctr/position, 401/403 errors).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  type FakeDataForSeo,
  fakeRanking,
  startFakeDataForSeo,
} from '../../../test/fakes/keywords-dataforseo.ts'
import { type FakeGsc, startFakeGsc } from '../../../test/fakes/positions-gsc.ts'
import { positionInSerp, searchAnalytics, serpPositions, standings } from './index.ts'

describe('positionInSerp', () => {
  it('takes the first organic result on the site host (www or not), not rank_absolute or other types', () => {
    const items = [
      { type: 'local_pack', rank_group: 1, domain: 'padaria.pt' },
      { type: 'organic', rank_group: 1, rank_absolute: 2, domain: 'outro.pt', url: 'https://outro.pt/' },
      {
        type: 'organic',
        rank_group: 2,
        rank_absolute: 3,
        domain: 'www.padaria.pt',
        url: 'https://www.padaria.pt/a',
      },
      { type: 'organic', rank_group: 3, rank_absolute: 4, domain: 'padaria.pt', url: 'https://padaria.pt/b' },
    ]
    expect(positionInSerp(items, 'https://padaria.pt/')).toEqual({
      position: 2,
      url: 'https://www.padaria.pt/a',
    })
    expect(positionInSerp(items, 'https://nada.pt/')).toBeNull()
  })
})

describe('DataForSEO SERP positions', () => {
  let fake: FakeDataForSeo
  beforeAll(async () => {
    fake = await startFakeDataForSeo()
    fakeRanking['pão em faro'] = { domain: 'www.padariasol.pt', position: 4 }
  })
  afterAll(() => fake.close())

  it('finds the site position per keyword and null when it does not rank', async () => {
    const out = await serpPositions(
      'https://padariasol.pt/',
      ['pão em faro', 'bolos em lisboa'],
      { country: 'PT', lang: 'pt' },
      { login: fake.login, password: fake.password, baseUrl: fake.origin },
    )
    expect(out).toEqual([
      { keyword: 'pão em faro', position: 4, url: 'https://www.padariasol.pt/p%C3%A3o%20em%20faro' },
      { keyword: 'bolos em lisboa', position: null, url: null },
    ])
    const task = fake.requests.at(-1)!.task
    expect(task).toMatchObject({ location_code: 2620, language_code: 'pt', keyword: 'bolos em lisboa' })
  })

  it('reports wrong credentials as an auth error', async () => {
    await expect(
      serpPositions(
        'https://padariasol.pt/',
        ['pão'],
        { country: 'PT', lang: 'pt' },
        {
          login: fake.login,
          password: 'errada',
          baseUrl: fake.origin,
        },
      ),
    ).rejects.toMatchObject({ code: 'KEYWORDS_PROVIDER_AUTH' })
  })
})

describe('Search Console positions', () => {
  let gsc: FakeGsc
  beforeAll(async () => {
    gsc = await startFakeGsc()
    gsc.rows['sc-domain:padariasol.pt'] = [
      {
        keys: ['pão em faro', 'https://padariasol.pt/'],
        clicks: 30,
        impressions: 300,
        ctr: 0.1,
        position: 2,
      },
      {
        keys: ['pão em faro', 'https://padariasol.pt/pao'],
        clicks: 10,
        impressions: 100,
        ctr: 0.1,
        position: 6,
      },
      {
        keys: ['bolos', 'https://padariasol.pt/bolos'],
        clicks: 1,
        impressions: 50,
        ctr: 0.02,
        position: 12.4,
      },
    ]
    gsc.rows['https://vazio.pt/'] = []
  })
  afterAll(() => gsc.close())
  const range = { startDate: '2026-11-16', endDate: '2026-11-22' }

  it('averages position over impressions per tracked keyword, with clicks, CTR and top page', async () => {
    const rows = await searchAnalytics('sc-domain:padariasol.pt', range, {
      accessToken: gsc.token,
      baseUrl: gsc.origin,
    })
    expect(gsc.requests.at(-1)!.body).toMatchObject({ ...range, dimensions: ['query', 'page'] })
    expect(standings(rows, ['Pão em Faro', 'croissant'])).toEqual([
      {
        keyword: 'Pão em Faro',
        position: 3,
        clicks: 40,
        impressions: 400,
        ctr: 0.1,
        page: 'https://padariasol.pt/',
      },
      { keyword: 'croissant', position: null, clicks: 0, impressions: 0, ctr: null, page: null },
    ])
  })

  it('reads a property without data as no rows, and maps 401/403 to auth errors', async () => {
    expect(
      await searchAnalytics('https://vazio.pt/', range, { accessToken: gsc.token, baseUrl: gsc.origin }),
    ).toEqual([])
    await expect(
      searchAnalytics('sc-domain:padariasol.pt', range, { accessToken: 'expirado', baseUrl: gsc.origin }),
    ).rejects.toMatchObject({ code: 'KEYWORDS_PROVIDER_AUTH' })
    await expect(
      searchAnalytics('sc-domain:alheio.pt', range, { accessToken: gsc.token, baseUrl: gsc.origin }),
    ).rejects.toMatchObject({ code: 'KEYWORDS_PROVIDER_AUTH' })
  })
})
