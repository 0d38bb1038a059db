// The providers against loopback fakes speaking each real protocol, and the whole search over them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  alfama,
  type FakeDirectories,
  fakeFoursquareKey,
  fakeGoogleKey,
  saoJorge,
  startFakeDirectories,
} from '../../test/fakes/local-directories.ts'
import { foursquareProvider } from './foursquare.ts'
import { googlePlacesFieldMask, googlePlacesProvider } from './google-places.ts'
import { intervalLimiter, memoryCache, nominatimProvider } from './nominatim.ts'
import { DirectoryProviderError } from './provider.ts'
import { searchDirectories } from './search.ts'

const userAgent = 'Farol/0.1 (+https://farol.example)'
let fake: FakeDirectories

beforeAll(async () => {
  fake = await startFakeDirectories()
})
afterAll(() => fake.close())

const google = (key = fakeGoogleKey) =>
  googlePlacesProvider({ apiKey: key, baseUrl: fake.env.FAROL_GOOGLE_PLACES_URL })
const foursquare = (key = fakeFoursquareKey) =>
  foursquareProvider({ apiKey: key, baseUrl: fake.env.FAROL_FOURSQUARE_URL })
const osm = (limiter = intervalLimiter(), cache = memoryCache()) =>
  nominatimProvider({ baseUrl: fake.env.FAROL_NOMINATIM_URL, userAgent, limiter, cache })

describe('Google Places (New) Text Search', () => {
  it('sends the key and a field mask of only the compared fields, and reads the listing', async () => {
    const before = fake.requestsOf('google').length
    const listings = await google().search({ nap: alfama, country: 'PT' })
    const request = fake.requestsOf('google')[before]!
    expect(request.method).toBe('POST')
    expect(request.headers['x-goog-api-key']).toBe(fakeGoogleKey)
    expect(request.headers['x-goog-fieldmask']).toBe(
      'places.displayName,places.formattedAddress,places.addressComponents,places.internationalPhoneNumber,places.googleMapsUri',
    )
    expect(googlePlacesFieldMask).toBe(request.headers['x-goog-fieldmask'])
    expect(JSON.parse(request.body)).toMatchObject({ regionCode: 'PT', languageCode: 'pt-PT' })
    expect(listings).toEqual([
      {
        nap: {
          name: 'Pastelaria Alfama',
          address: 'Rua Augusta, 24',
          postalCode: '1100-053',
          city: 'Lisboa',
          phone: '+351 21 342 1000',
        },
        url: 'https://maps.google.com/?cid=1234567890123456789',
      },
    ])
  })

  it('turns a refused key into a provider error with Google’s message', async () => {
    const error = await google('wrong')
      .search({ nap: alfama, country: 'PT' })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(DirectoryProviderError)
    expect((error as DirectoryProviderError).status).toBe(400)
    expect((error as Error).message).toContain('API key not valid')
  })

  it('reads no match (an empty object) as no listings', async () => {
    const listings = await google().search({ nap: { ...alfama, name: 'Tasca Inexistente' }, country: 'PT' })
    expect(listings).toEqual([])
  })
})

describe('Foursquare Places', () => {
  it('sends the Bearer key and the API version, and reads the listing', async () => {
    const before = fake.requestsOf('foursquare').length
    const listings = await foursquare().search({ nap: saoJorge, country: 'BR' })
    const request = fake.requestsOf('foursquare')[before]!
    expect(request.headers.authorization).toBe(`Bearer ${fakeFoursquareKey}`)
    expect(request.headers['x-places-api-version']).toBe('2025-06-17')
    expect(new URL(request.url, 'http://x').searchParams.get('near')).toBe('São Paulo, Brasil')
    expect(listings[0]?.nap).toEqual({
      name: 'Padaria São Jorge',
      address: 'Av. Paulista, 1578',
      postalCode: '01310-200',
      city: 'São Paulo',
      phone: '(11) 3071-4000',
    })
    expect(listings[0]?.url).toBe('https://foursquare.com/v/5a187743ccad6b307315e6fe')
  })

  it('turns a refused key into a provider error', async () => {
    await expect(foursquare('bad').search({ nap: saoJorge, country: 'BR' })).rejects.toThrow(
      'HTTP 401: Invalid request token.',
    )
  })
})

describe('Nominatim', () => {
  it('identifies Farol in the User-Agent, reads the OSM listing and caches the answer', async () => {
    const provider = osm()
    const before = fake.requestsOf('nominatim').length
    const first = await provider.search({ nap: alfama, country: 'PT' })
    const again = await provider.search({ nap: alfama, country: 'PT' })
    const requests = fake.requestsOf('nominatim').slice(before)
    expect(requests).toHaveLength(1)
    expect(requests[0]!.headers['user-agent']).toBe(userAgent)
    const query = new URL(requests[0]!.url, 'http://x').searchParams
    expect(query.get('q')).toBe('Pastelaria Alfama, Lisboa')
    expect(query.get('countrycodes')).toBe('pt')
    expect(first).toEqual(again)
    expect(first[0]).toEqual({
      nap: {
        name: 'Pastelaria Alfama',
        address: 'Rua Augusta, 24',
        postalCode: '1100-053',
        city: 'Lisboa',
        phone: '+351 213 421 999',
      },
      url: 'https://www.openstreetmap.org/node/4839201746',
    })
  })

  it('is refused by the public policy without an identifying User-Agent', async () => {
    const provider = nominatimProvider({
      baseUrl: fake.env.FAROL_NOMINATIM_URL,
      userAgent: 'node',
      limiter: intervalLimiter(),
      cache: memoryCache(),
    })
    await expect(provider.search({ nap: alfama, country: 'PT' })).rejects.toThrow('HTTP 403')
  })

  it('never sends two requests within a second, even from two concurrent searches', async () => {
    const limiter = intervalLimiter()
    const before = fake.requestsOf('nominatim').length
    // Two searches at once (distinct queries, so the cache does not hide a request), sharing the limiter
    // as every search in one process does.
    await Promise.all([
      searchDirectories({ form: saoJorge }, { providers: [osm(limiter)] }),
      searchDirectories({ form: { ...alfama, name: 'Pastelaria Alfama' } }, { providers: [osm(limiter)] }),
      osm(limiter).search({ nap: { ...alfama, name: 'Café Nicola' }, country: 'PT' }),
    ])
    const times = fake
      .requestsOf('nominatim')
      .slice(before)
      .map((r) => r.at)
    expect(times).toHaveLength(3)
    times.sort((a, b) => a - b)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000)
  })
})

describe('searchDirectories', () => {
  it('checks every configured directory against the form (Lisbon business)', async () => {
    const report = await searchDirectories({ form: alfama }, { providers: [google(), osm(), foursquare()] })
    const byId = Object.fromEntries(report.directories.map((d) => [d.directory, d]))
    expect(report.country).toBe('PT')
    expect(byId.google).toMatchObject({
      status: 'good',
      url: 'https://maps.google.com/?cid=1234567890123456789',
    })
    expect(byId.osm).toMatchObject({
      status: 'inconsistent',
      differences: [{ field: 'phone', expected: '+351 213 421 000', found: '+351 213 421 999' }],
    })
    expect(byId.foursquare).toMatchObject({ status: 'missing' })
    expect(byId.website).toMatchObject({ status: 'unchecked', reason: 'no_site' })
    // Portugal's manual directories, not Brazil's.
    expect(byId.paginas_amarelas).toMatchObject({ status: 'unchecked', reason: 'manual' })
    expect(byId.paginas_amarelas?.checkUrl).toBe(
      'https://www.pai.pt/q/business/advanced/where/lisboa/who/pastelaria-alfama/',
    )
    expect(byId.guia_mais).toBeUndefined()
    const osmPoints = 100 * byId.osm!.similarity!
    expect(report.directoryScore).toBe(Math.round((100 + osmPoints + 0) / 3))
    expect(report.notConfigured).toEqual([])
    expect(report.attributions[0]).toContain('OpenStreetMap')
    expect(report.recommendations.map((r) => r.id)).toEqual(['osm-fix', 'foursquare-add', 'manual-check'])
  })

  it('says which providers are not configured and never calls them missing', async () => {
    const report = await searchDirectories({ form: saoJorge }, { providers: [osm()] })
    const byId = Object.fromEntries(report.directories.map((d) => [d.directory, d]))
    expect(report.country).toBe('BR')
    expect(report.notConfigured).toEqual(['google', 'foursquare'])
    expect(byId.google).toMatchObject({ status: 'unchecked', reason: 'not_configured' })
    expect(byId.google?.checkUrl).toContain('https://www.google.com/maps/search/')
    expect(byId.osm).toMatchObject({ status: 'good' })
    expect(byId.guia_mais?.checkUrl).toContain('guiamais.com.br')
    expect(report.directoryScore).toBe(100)
  })

  it('marks a failing provider unchecked with its message, not missing', async () => {
    const report = await searchDirectories({ form: saoJorge }, { providers: [google('revoked')] })
    const entry = report.directories.find((d) => d.directory === 'google')
    expect(entry).toMatchObject({ status: 'unchecked', reason: 'provider_error' })
    expect(entry?.message).toContain('API key not valid')
    expect(report.directoryScore).toBeNull()
  })

  it('checks the site against the form and completes the reference from it', async () => {
    const site = {
      name: 'Pastelaria Alfama',
      address: 'R. Augusta 24',
      postalCode: '1100-053',
      city: 'Lisboa',
      phone: '+351 213 000 111',
    }
    const report = await searchDirectories(
      { form: { ...alfama, phone: '' }, siteUrl: 'https://alfama.example/' },
      { providers: [google()], readSite: async () => ({ nap: site, sources: ['jsonld'] }) },
    )
    expect(report.reference.phone).toBe('+351 213 000 111')
    const byId = Object.fromEntries(report.directories.map((d) => [d.directory, d]))
    // Google holds the real phone; the site's differs, so Google is inconsistent with the reference…
    expect(byId.google?.differences?.map((d) => d.field)).toEqual(['phone'])
    // …and with a phone in the form, the site itself is the inconsistent one.
    const withPhone = await searchDirectories(
      { form: alfama, siteUrl: 'https://alfama.example/' },
      { providers: [], readSite: async () => ({ nap: site, sources: ['jsonld'] }) },
    )
    const website = withPhone.directories.find((d) => d.directory === 'website')
    expect(website).toMatchObject({
      status: 'inconsistent',
      differences: [{ field: 'phone', expected: '+351 213 421 000', found: '+351 213 000 111' }],
    })
    expect(withPhone.recommendations[0]?.id).toBe('site-fix-jsonld')
  })
})
