// Loopback fake of the Foursquare Places API (places-api.foursquare.com, 2025 platform): GET
// /places/search with a Service Key as Bearer token and the X-Places-Api-Version header. Wrong key →
// 401 {"message": …}; no version header → 400; `fields` limits the answer as the real API does.
import type { ServerResponse } from 'node:http'
import { type FakeServer, fold, type LoggedRequest, nameMatches, sendJson, startFake } from './local-http.ts'

export interface FoursquarePlace {
  fsq_place_id: string
  name: string
  latitude: number
  longitude: number
  location: {
    address?: string
    locality?: string
    region?: string
    postcode?: string
    country: string
    formatted_address: string
  }
  tel?: string
  website?: string
  categories?: { fsq_category_id: string; name: string }[]
  [field: string]: unknown
}

export function foursquareHandler(apiKey: string, places: FoursquarePlace[]) {
  return (req: LoggedRequest, res: ServerResponse) => {
    const url = new URL(req.url, 'http://fake')
    if (url.pathname !== '/places/search') return sendJson(res, 404, { message: 'Not Found' })
    if (req.headers.authorization !== `Bearer ${apiKey}`)
      return sendJson(res, 401, { message: 'Invalid request token.' })
    if (!req.headers['x-places-api-version']) {
      return sendJson(res, 400, { message: 'X-Places-Api-Version header is required.' })
    }
    const query = url.searchParams.get('query') ?? ''
    const near = fold((url.searchParams.get('near') ?? '').split(',')[0] ?? '')
    const limit = Number(url.searchParams.get('limit') ?? 10)
    const fields = url.searchParams
      .get('fields')
      ?.split(',')
      .map((f) => f.trim())
    const results = places
      .filter((p) => nameMatches(query, p.name))
      .filter((p) => !near || fold(p.location.locality ?? '') === near)
      .slice(0, limit)
      .map((p) => (fields ? Object.fromEntries(Object.entries(p).filter(([k]) => fields.includes(k))) : p))
    sendJson(res, 200, {
      results,
      context: { geo_bounds: { circle: { center: { latitude: 38.7, longitude: -9.14 }, radius: 22000 } } },
    })
  }
}

export function startFakeFoursquare(
  apiKey: string,
  places: FoursquarePlace[],
  options: { latencyMs?: number } = {},
): Promise<FakeServer> {
  return startFake(foursquareHandler(apiKey, places), options)
}
