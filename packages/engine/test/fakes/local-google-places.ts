// Loopback fake of Google Places API (New) Text Search: POST /v1/places:searchText. Like the real API
// it refuses a wrong key (400 INVALID_ARGUMENT / API_KEY_INVALID) and a missing field mask (400), answers
// only the fields the mask names, and `{}` when nothing matches. Error JSON as the real API sends it
// (google.rpc.Status in an "error" object).
import type { ServerResponse } from 'node:http'
import { type FakeServer, fold, type LoggedRequest, nameMatches, sendJson, startFake } from './local-http.ts'

export interface GooglePlace {
  id: string
  displayName: { text: string; languageCode: string }
  formattedAddress: string
  addressComponents: { longText: string; shortText: string; types: string[]; languageCode: string }[]
  internationalPhoneNumber?: string
  nationalPhoneNumber?: string
  googleMapsUri: string
  [field: string]: unknown
}

const googleJson = 'application/json; charset=UTF-8'

function keyInvalid(res: ServerResponse): void {
  sendJson(
    res,
    400,
    {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'places.googleapis.com' },
          },
        ],
      },
    },
    googleJson,
  )
}

export function googlePlacesHandler(apiKey: string, places: GooglePlace[]) {
  return (req: LoggedRequest, res: ServerResponse) => {
    const url = new URL(req.url, 'http://fake')
    if (req.method !== 'POST' || url.pathname !== '/v1/places:searchText') {
      return sendJson(
        res,
        404,
        { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } },
        googleJson,
      )
    }
    if (req.headers['x-goog-api-key'] !== apiKey) return keyInvalid(res)
    const mask = String(req.headers['x-goog-fieldmask'] ?? '').trim()
    if (!mask) {
      return sendJson(
        res,
        400,
        {
          error: {
            code: 400,
            message:
              "FieldMask is a required parameter. See https://cloud.google.com/apis/docs/system-parameters on how to provide it. As an example, you can set the header 'X-Goog-FieldMask' to 'displayName' to ask for the display name of all places.",
            status: 'INVALID_ARGUMENT',
          },
        },
        googleJson,
      )
    }
    let body: { textQuery?: string; pageSize?: number }
    try {
      body = JSON.parse(req.body)
    } catch {
      return sendJson(
        res,
        400,
        { error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } },
        googleJson,
      )
    }
    if (!body.textQuery) {
      return sendJson(
        res,
        400,
        { error: { code: 400, message: 'Empty text_query.', status: 'INVALID_ARGUMENT' } },
        googleJson,
      )
    }
    const fields = mask === '*' ? null : mask.split(',').map((f) => f.trim().replace(/^places\./, ''))
    const [name = '', ...rest] = body.textQuery.split(',')
    const where = fold(rest.join(' '))
    const found = places
      .filter((p) => nameMatches(name, p.displayName.text))
      .filter(
        (p) =>
          !where ||
          fold(p.formattedAddress)
            .split(' ')
            .some((w) => w.length > 3 && where.includes(w)),
      )
      .slice(0, body.pageSize ?? 20)
      .map((p) => (fields ? Object.fromEntries(Object.entries(p).filter(([k]) => fields.includes(k))) : p))
    // No match: Google answers an empty object, not an empty list.
    sendJson(res, 200, found.length ? { places: found } : {}, googleJson)
  }
}

export function startFakeGooglePlaces(
  apiKey: string,
  places: GooglePlace[],
  options: { latencyMs?: number } = {},
): Promise<FakeServer> {
  return startFake(googlePlacesHandler(apiKey, places), options)
}
