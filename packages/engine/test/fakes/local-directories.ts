// The three directory fakes on one loopback origin (/nominatim, /google, /foursquare), with a small
// world of businesses in each provider's own wire shape. Tests, e2e and the bench point the server's
// FAROL_NOMINATIM_URL, FAROL_GOOGLE_PLACES_URL and FAROL_FOURSQUARE_URL here via `env`.
//
//   Pastelaria Alfama (Lisboa): Google consistent, OSM with an old phone, not on Foursquare.
//   Padaria São Jorge (São Paulo): Google with another CEP, OSM and Foursquare consistent.
import type { ServerResponse } from 'node:http'
import { type FoursquarePlace, foursquareHandler } from './local-foursquare.ts'
import { type GooglePlace, googlePlacesHandler } from './local-google-places.ts'
import { type FakeServer, type LoggedRequest, sendJson, startFake } from './local-http.ts'
import { type NominatimPlace, nominatimHandler } from './local-nominatim.ts'

export const fakeGoogleKey = 'AIzaFakeKeyForFarolTests000000000000000'
export const fakeFoursquareKey = 'fsq3FakeServiceKeyForFarolTests'

/** The businesses as their owners state them (what a user types in the form). */
export const alfama = {
  name: 'Pastelaria Alfama, Lda.',
  address: 'Rua Augusta, 24',
  postalCode: '1100-053',
  city: 'Lisboa',
  phone: '+351 213 421 000',
}
export const saoJorge = {
  name: 'Padaria São Jorge LTDA',
  address: 'Av. Paulista, 1578',
  postalCode: '01310-200',
  city: 'São Paulo',
  phone: '(11) 3071-4000',
}

export const nominatimPlaces: NominatimPlace[] = [
  {
    place_id: 297011954,
    osm_type: 'node',
    osm_id: 4839201746,
    lat: '38.7106',
    lon: '-9.1376',
    category: 'shop',
    type: 'pastry',
    place_rank: 30,
    importance: 0.00008,
    addresstype: 'shop',
    name: 'Pastelaria Alfama',
    display_name: 'Pastelaria Alfama, 24, Rua Augusta, Baixa, Santa Maria Maior, Lisboa, 1100-053, Portugal',
    address: {
      shop: 'Pastelaria Alfama',
      house_number: '24',
      road: 'Rua Augusta',
      quarter: 'Baixa',
      suburb: 'Santa Maria Maior',
      city: 'Lisboa',
      'ISO3166-2-lvl6': 'PT-11',
      postcode: '1100-053',
      country: 'Portugal',
      country_code: 'pt',
    },
    extratags: { phone: '+351 213 421 999', opening_hours: 'Mo-Su 07:00-20:00' },
    boundingbox: ['38.7105500', '38.7106500', '-9.1376500', '-9.1375500'],
  },
  {
    place_id: 301882110,
    osm_type: 'node',
    osm_id: 7712004412,
    lat: '-23.5614',
    lon: '-46.6559',
    category: 'shop',
    type: 'bakery',
    place_rank: 30,
    importance: 0.00008,
    addresstype: 'shop',
    name: 'Padaria São Jorge',
    display_name:
      'Padaria São Jorge, 1578, Avenida Paulista, Bela Vista, São Paulo, Região Imediata de São Paulo, São Paulo, Região Sudeste, 01310-200, Brasil',
    address: {
      shop: 'Padaria São Jorge',
      house_number: '1578',
      road: 'Avenida Paulista',
      suburb: 'Bela Vista',
      city: 'São Paulo',
      state: 'São Paulo',
      'ISO3166-2-lvl4': 'BR-SP',
      region: 'Região Sudeste',
      postcode: '01310-200',
      country: 'Brasil',
      country_code: 'br',
    },
    extratags: { 'contact:phone': '+55 11 3071-4000' },
    boundingbox: ['-23.5614500', '-23.5613500', '-46.6559500', '-46.6558500'],
  },
]

export const googlePlaces: GooglePlace[] = [
  {
    id: 'ChIJx7S0s3w0GQ0RqFakeAlfama01',
    displayName: { text: 'Pastelaria Alfama', languageCode: 'pt' },
    formattedAddress: 'R. Augusta 24, 1100-053 Lisboa, Portugal',
    addressComponents: [
      { longText: '24', shortText: '24', types: ['street_number'], languageCode: 'pt' },
      { longText: 'Rua Augusta', shortText: 'R. Augusta', types: ['route'], languageCode: 'pt' },
      { longText: 'Lisboa', shortText: 'Lisboa', types: ['locality', 'political'], languageCode: 'pt' },
      { longText: 'Portugal', shortText: 'PT', types: ['country', 'political'], languageCode: 'pt' },
      { longText: '1100-053', shortText: '1100-053', types: ['postal_code'], languageCode: 'pt' },
    ],
    nationalPhoneNumber: '213 421 000',
    internationalPhoneNumber: '+351 21 342 1000',
    googleMapsUri: 'https://maps.google.com/?cid=1234567890123456789',
    rating: 4.6,
    userRatingCount: 812,
  },
  {
    id: 'ChIJ5c8f1FBZzpQRFakeSaoJorge01',
    displayName: { text: 'Padaria São Jorge', languageCode: 'pt' },
    formattedAddress: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01311-000, Brasil',
    addressComponents: [
      { longText: '1578', shortText: '1578', types: ['street_number'], languageCode: 'pt' },
      { longText: 'Avenida Paulista', shortText: 'Av. Paulista', types: ['route'], languageCode: 'pt' },
      {
        longText: 'Bela Vista',
        shortText: 'Bela Vista',
        types: ['sublocality_level_1', 'sublocality', 'political'],
        languageCode: 'pt',
      },
      {
        longText: 'São Paulo',
        shortText: 'São Paulo',
        types: ['administrative_area_level_2', 'political'],
        languageCode: 'pt',
      },
      {
        longText: 'São Paulo',
        shortText: 'SP',
        types: ['administrative_area_level_1', 'political'],
        languageCode: 'pt',
      },
      { longText: 'Brasil', shortText: 'BR', types: ['country', 'political'], languageCode: 'pt' },
      { longText: '01311-000', shortText: '01311-000', types: ['postal_code'], languageCode: 'pt' },
    ],
    nationalPhoneNumber: '(11) 3071-4000',
    internationalPhoneNumber: '+55 11 3071-4000',
    googleMapsUri: 'https://maps.google.com/?cid=9876543210987654321',
  },
]

export const foursquarePlaces: FoursquarePlace[] = [
  {
    fsq_place_id: '5a187743ccad6b307315e6fe',
    name: 'Padaria São Jorge',
    latitude: -23.5614,
    longitude: -46.6559,
    location: {
      address: 'Av. Paulista, 1578',
      locality: 'São Paulo',
      region: 'SP',
      postcode: '01310-200',
      country: 'BR',
      formatted_address: 'Av. Paulista, 1578, São Paulo, SP, 01310-200',
    },
    tel: '(11) 3071-4000',
    categories: [{ fsq_category_id: '4bf58dd8d48988d16a941735', name: 'Bakery' }],
  },
]

/** The Lisbon business's own site: JSON-LD LocalBusiness and a footer, as a real small-business page. */
export const alfamaSiteHtml = `<!doctype html><html lang="pt"><head><meta charset="utf-8"><title>Pastelaria Alfama</title>
<script type="application/ld+json">${JSON.stringify({
  '@context': 'https://schema.org',
  '@type': 'Bakery',
  name: alfama.name,
  telephone: alfama.phone,
  address: {
    '@type': 'PostalAddress',
    streetAddress: alfama.address,
    postalCode: alfama.postalCode,
    addressLocality: alfama.city,
    addressCountry: 'PT',
  },
})}</script></head><body><main><h1>Pastelaria Alfama</h1><p>Pastéis de nata desde 1952.</p></main>
<footer><p>Rua Augusta, 24</p><p>1100-053 Lisboa</p><p>Tel.: 213 421 000</p></footer></body></html>`

/** Environment pointing a Farol server at fakes on `origin` (for configs written before the fake starts). */
export function fakeDirectoriesEnv(origin: string): Record<string, string> {
  return {
    FAROL_NOMINATIM_URL: `${origin}/nominatim`,
    GOOGLE_PLACES_API_KEY: fakeGoogleKey,
    FAROL_GOOGLE_PLACES_URL: `${origin}/google`,
    FOURSQUARE_API_KEY: fakeFoursquareKey,
    FAROL_FOURSQUARE_URL: `${origin}/foursquare`,
  }
}

export interface FakeDirectories extends FakeServer {
  /** Points the server's providers at this fake. */
  env: Record<string, string>
  /** Requests per provider, in arrival order. */
  requestsOf(provider: 'nominatim' | 'google' | 'foursquare'): LoggedRequest[]
}

export async function startFakeDirectories(
  options: { latencyMs?: number; port?: number } = {},
): Promise<FakeDirectories> {
  const handlers = {
    nominatim: nominatimHandler(nominatimPlaces),
    google: googlePlacesHandler(fakeGoogleKey, googlePlaces),
    foursquare: foursquareHandler(fakeFoursquareKey, foursquarePlaces),
  }
  const route = (req: LoggedRequest, res: ServerResponse) => {
    if (req.url === '/site/alfama/') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(alfamaSiteHtml)
      return
    }
    const match = /^\/(nominatim|google|foursquare)(\/.*)$/.exec(req.url)
    if (!match) return sendJson(res, 404, { message: 'Not Found' })
    handlers[match[1] as keyof typeof handlers]({ ...req, url: match[2]! }, res)
  }
  const server = await startFake(route, options)
  return {
    ...server,
    env: fakeDirectoriesEnv(server.origin),
    requestsOf: (provider) => server.requests.filter((r) => r.url.startsWith(`/${provider}/`)),
  }
}
