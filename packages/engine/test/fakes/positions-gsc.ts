// A loopback stand-in for the Search Console API's searchAnalytics.query:
// `POST /webmasters/v3/sites/{siteUrl}/searchAnalytics/query` with `Authorization: Bearer <token>`;
// answers `{ rows: [{ keys, clicks, impressions, ctr, position }], responseAggregationType }` (rows left
// out when there is no data), 401 `{ error: { code, message, status: "UNAUTHENTICATED" } }` for a bad
// token and 403 PERMISSION_DENIED for a property the user has no access to, as Google does.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeGsc {
  origin: string
  token: string
  /** Rows per property (URL-prefix "https://x.pt/" or "sc-domain:x.pt"). */
  rows: Record<
    string,
    { keys: string[]; clicks: number; impressions: number; ctr: number; position: number }[]
  >
  requests: { property: string; body: Record<string, unknown> }[]
  close(): Promise<void>
}

export async function startFakeGsc(token = 'ya29.fake-access-token'): Promise<FakeGsc> {
  const rows: FakeGsc['rows'] = {}
  const requests: FakeGsc['requests'] = []
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) =>
      res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8' }).end(JSON.stringify(body))
    const match = /^\/webmasters\/v3\/sites\/([^/]+)\/searchAnalytics\/query$/.exec(req.url ?? '')
    if (!match || req.method !== 'POST') {
      send(404, { error: { code: 404, message: 'Not Found', status: 'NOT_FOUND' } })
      return
    }
    if (req.headers.authorization !== `Bearer ${token}`) {
      send(401, {
        error: {
          code: 401,
          message:
            'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
          status: 'UNAUTHENTICATED',
        },
      })
      return
    }
    const property = decodeURIComponent(match[1]!)
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>
    requests.push({ property, body })
    if (!rows[property]) {
      send(403, {
        error: {
          code: 403,
          message: `User does not have sufficient permission for site '${property}'. See also: https://support.google.com/webmasters/answer/2451999.`,
          status: 'PERMISSION_DENIED',
        },
      })
      return
    }
    const found = rows[property]
    send(
      200,
      found.length
        ? { rows: found, responseAggregationType: 'byPage' }
        : { responseAggregationType: 'byPage' },
    )
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token,
    rows,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
