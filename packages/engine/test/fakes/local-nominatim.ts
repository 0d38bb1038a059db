// Loopback fake of OpenStreetMap Nominatim's /search (format=jsonv2, addressdetails, extratags), with the
// public instance's refusals: no identifying User-Agent → 403 HTML "Access blocked"; nothing to search
// → 400 JSON error. Shapes from nominatim.org/release-docs/latest/api/Output/ (jsonv2).
import type { ServerResponse } from 'node:http'
import { type FakeServer, fold, type LoggedRequest, nameMatches, sendJson, startFake } from './local-http.ts'

export const nominatimLicence = 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright'

/** One place as jsonv2 answers it (fields Farol reads, and the ones around them). */
export interface NominatimPlace {
  place_id: number
  licence?: string
  osm_type: 'node' | 'way' | 'relation'
  osm_id: number
  lat: string
  lon: string
  category: string
  type: string
  place_rank: number
  importance: number
  addresstype: string
  name: string
  display_name: string
  address: Record<string, string>
  extratags: Record<string, string> | null
  boundingbox: [string, string, string, string]
}

const libraryAgents = /^(node|undici|axios|python-requests|curl|go-http-client)\b/i

export function nominatimHandler(places: NominatimPlace[]) {
  return (req: LoggedRequest, res: ServerResponse) => {
    const url = new URL(req.url, 'http://fake')
    if (url.pathname !== '/search') return sendJson(res, 404, { error: { code: 404, message: 'Not found' } })
    const agent = String(req.headers['user-agent'] ?? '')
    if (!agent || libraryAgents.test(agent)) {
      res.writeHead(403, { 'Content-Type': 'text/html; charset=utf-8' })
      res.end(
        "<html><body><h1>Access blocked</h1><p>You have been blocked because you have violated the usage policy of OSM's Nominatim geocoding service.</p></body></html>",
      )
      return
    }
    const q = url.searchParams.get('q') ?? ''
    if (!q.trim()) return sendJson(res, 400, { error: { code: 400, message: 'Nothing to search for.' } })
    const countries = (url.searchParams.get('countrycodes') ?? '').split(',').filter(Boolean)
    const limit = Number(url.searchParams.get('limit') ?? 10)
    const parts = q.split(',').map((s) => s.trim())
    const name = parts[0] ?? ''
    const city = parts.length > 1 ? parts.at(-1)! : ''
    const found = places
      .filter((p) => nameMatches(name, p.name))
      .filter((p) => !city || fold(p.display_name).includes(fold(city)))
      .filter((p) => !countries.length || countries.includes(p.address.country_code ?? ''))
      .slice(0, limit)
      .map((p) => {
        const out: Partial<NominatimPlace> = { ...p, licence: nominatimLicence }
        if (url.searchParams.get('addressdetails') !== '1') delete out.address
        if (url.searchParams.get('extratags') !== '1') delete out.extratags
        return out
      })
    sendJson(res, 200, found)
  }
}

export function startFakeNominatim(
  places: NominatimPlace[],
  options: { latencyMs?: number } = {},
): Promise<FakeServer> {
  return startFake(nominatimHandler(places), options)
}
