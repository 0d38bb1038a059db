// Foursquare Places API (the 2025 platform: places-api.foursquare.com, a Service Key as a Bearer token,
// a dated X-Places-Api-Version header). GET /places/search with the name and "near" the city.
import { searchName } from './normalize.ts'
import { type DirectoryProvider, type FetchLike, readJson, str, withTimeout } from './provider.ts'
import type { Listing } from './types.ts'

export const defaultFoursquareUrl = 'https://places-api.foursquare.com'
export const foursquareApiVersion = '2025-06-17'
/** Only the fields compared, plus the id for the listing's link. */
export const foursquareFields = 'fsq_place_id,name,location,tel'

export interface FoursquareOptions {
  apiKey: string
  baseUrl?: string
  fetch?: FetchLike
}

interface FoursquarePlace {
  fsq_place_id?: string
  name?: string
  tel?: string
  location?: { address?: string; postcode?: string; locality?: string; formatted_address?: string }
}

export function foursquareListing(place: FoursquarePlace): Listing {
  const l = place.location ?? {}
  return {
    nap: {
      name: str(place.name),
      address: str(l.address),
      postalCode: str(l.postcode),
      city: str(l.locality),
      phone: str(place.tel),
    },
    ...(place.fsq_place_id ? { url: `https://foursquare.com/v/${place.fsq_place_id}` } : {}),
  }
}

export function foursquareProvider(options: FoursquareOptions): DirectoryProvider {
  const baseUrl = (options.baseUrl ?? defaultFoursquareUrl).replace(/\/+$/, '')
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init))
  return {
    id: 'foursquare',
    async search({ nap, country, signal }) {
      const url = new URL(`${baseUrl}/places/search`)
      url.searchParams.set('query', searchName(nap.name))
      url.searchParams.set(
        'near',
        [nap.city, country === 'BR' ? 'Brasil' : 'Portugal'].filter(Boolean).join(', '),
      )
      url.searchParams.set('fields', foursquareFields)
      url.searchParams.set('limit', '5')
      const response = await doFetch(url.href, {
        headers: {
          Authorization: `Bearer ${options.apiKey}`,
          'X-Places-Api-Version': foursquareApiVersion,
          Accept: 'application/json',
        },
        signal: withTimeout(signal),
      })
      const body = (await readJson('foursquare', response, (b) =>
        str((b as { message?: string })?.message),
      )) as {
        results?: FoursquarePlace[]
      }
      return (body.results ?? []).map(foursquareListing)
    },
  }
}
