// A loopback stand-in for Google's OAuth 2.0 token endpoint (https://oauth2.googleapis.com/token), the
// refresh-token grant only, answering as Google does: POST application/x-www-form-urlencoded with
// grant_type=refresh_token, refresh_token and the client's id and secret (in the form, or HTTP Basic) →
// 200 { access_token, expires_in, scope, token_type: "Bearer" } (no new refresh token: Google keeps the
// old one); a revoked or unknown refresh token → 400 { error: "invalid_grant", error_description };
// a wrong client → 401 invalid_client; anything else malformed → 400 invalid_request or
// unsupported_grant_type.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface FakeGoogleOAuth {
  /** The token endpoint's address, for FAROL_GOOGLE_TOKEN_URL. */
  tokenUrl: string
  /** Refresh tokens Google would honour → the access token and scope each refresh issues. */
  grants: Map<string, { accessToken: string; scope: string }>
  /** Every request: its form fields (the secret left out) and the status it got. */
  requests: { contentType: string; form: Record<string, string>; status: number }[]
  close(): Promise<void>
}

export async function startFakeGoogleOAuth(client: {
  clientId: string
  clientSecret: string
}): Promise<FakeGoogleOAuth> {
  const grants: FakeGoogleOAuth['grants'] = new Map()
  const requests: FakeGoogleOAuth['requests'] = []
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const contentType = req.headers['content-type'] ?? ''
    const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString('utf8')))
    const send = (status: number, body: unknown) => {
      const { client_secret: _secret, ...logged } = form
      requests.push({ contentType, form: logged, status })
      res
        .writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' })
        .end(JSON.stringify(body))
    }
    if (req.method !== 'POST' || new URL(req.url ?? '/', 'http://x').pathname !== '/token') {
      send(404, { error: 'not_found' })
      return
    }
    if (!contentType.startsWith('application/x-www-form-urlencoded')) {
      send(400, { error: 'invalid_request', error_description: 'Invalid content type.' })
      return
    }
    // client_secret_post (Better Auth's default with a secret) or client_secret_basic.
    let id = form.client_id
    let secret = form.client_secret
    const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')
    if (basic) [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':')
    if (id !== client.clientId || secret !== client.clientSecret) {
      send(401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' })
      return
    }
    if (form.grant_type !== 'refresh_token') {
      send(400, {
        error: 'unsupported_grant_type',
        error_description: `Invalid grant_type: ${form.grant_type ?? ''}`,
      })
      return
    }
    if (!form.refresh_token) {
      send(400, { error: 'invalid_request', error_description: 'Missing required parameter: refresh_token' })
      return
    }
    const grant = grants.get(form.refresh_token)
    if (!grant) {
      send(400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' })
      return
    }
    send(200, { access_token: grant.accessToken, expires_in: 3599, scope: grant.scope, token_type: 'Bearer' })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
  return {
    tokenUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/token`,
    grants,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections()
        server.close(() => r())
      }),
  }
}
