// Google Places API (New) Text Search: POST /v1/places:searchText with the key in X-Goog-Api-Key and a
// field mask of only the fields Farol compares (the mask also sets the price tier Google bills).
import { searchName } from './normalize.ts'
import { type DirectoryProvider, type FetchLike, joinStreet, readJson, str, withTimeout } from './provider.ts'
import type { Listing } from './types.ts'

export const defaultGooglePlacesUrl = 'https://places.googleapis.com'

/** Name, address (parts and formatted), phone, and the Maps link shown beside the result. */
export const googlePlacesFieldMask = [
  'places.displayName',
  'places.formattedAddress',
  'places.addressComponents',
  'places.internationalPhoneNumber',
  'places.googleMapsUri',
].join(',')

export interface GooglePlacesOptions {
  apiKey: string
  baseUrl?: string
  fetch?: FetchLike
}

interface AddressComponent {
  longText?: string
  shortText?: string
  types?: string[]
}

interface GooglePlace {
  displayName?: { text?: string }
  formattedAddress?: string
  addressComponents?: AddressComponent[]
  internationalPhoneNumber?: string
  nationalPhoneNumber?: string
  googleMapsUri?: string
}

export function googleListing(place: GooglePlace): Listing {
  const parts = place.addressComponents ?? []
  const part = (...types: string[]): string => {
    for (const type of types) {
      const found = parts.find((c) => c.types?.includes(type))
      if (found) return str(found.longText)
    }
    return ''
  }
  const street = joinStreet(part('route'), part('street_number'))
  return {
    nap: {
      name: str(place.displayName?.text),
      address: street || str(place.formattedAddress),
      postalCode: part('postal_code'),
      city: part('locality', 'postal_town', 'administrative_area_level_2'),
      phone: str(place.internationalPhoneNumber ?? place.nationalPhoneNumber),
    },
    ...(place.googleMapsUri ? { url: place.googleMapsUri } : {}),
  }
}

export function googlePlacesProvider(options: GooglePlacesOptions): DirectoryProvider {
  const baseUrl = (options.baseUrl ?? defaultGooglePlacesUrl).replace(/\/+$/, '')
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init))
  return {
    id: 'google',
    async search({ nap, country, signal }) {
      const response = await doFetch(`${baseUrl}/v1/places:searchText`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Goog-Api-Key': options.apiKey,
          'X-Goog-FieldMask': googlePlacesFieldMask,
        },
        body: JSON.stringify({
          textQuery: [searchName(nap.name), nap.address, nap.postalCode, nap.city].filter(Boolean).join(', '),
          languageCode: country === 'BR' ? 'pt-BR' : 'pt-PT',
          regionCode: country,
          pageSize: 5,
        }),
        signal: withTimeout(signal),
      })
      const body = (await readJson('google', response, (b) =>
        str((b as { error?: { message?: string } })?.error?.message),
      )) as { places?: GooglePlace[] }
      return (body.places ?? []).map(googleListing)
    },
  }
}
