// A loopback stand-in for an IndexNow endpoint (indexnow.org/documentation): POST /indexnow with JSON
// {host, key, keyLocation, urlList} and `Content-Type: application/json; charset=utf-8`. It checks the
// body as the protocol says (400 when malformed, 422 when a URL is off the host or the key is off the
// schema) and otherwise answers the configured status (200, 202, 403, 429, …). Requests are recorded.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface IndexNowRequest {
  contentType: string | undefined
  body: { host?: string; key?: string; keyLocation?: string; urlList?: string[] }
}

export async function startFakeIndexNow(options: { status?: number; port?: number } = {}) {
  const requests: IndexNowRequest[] = []
  // `next`: the statuses answered after the next one, in order (e.g. a 429 then 200 to test retries).
  const state: { status: number; next: number[]; retryAfter: string | null } = {
    status: options.status ?? 200,
    next: [],
    retryAfter: null,
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c) => chunks.push(c))
    req.on('end', () => {
      const answer = (code: number) => {
        res.writeHead(code, {
          'content-type': 'text/plain',
          ...(code === 429 && state.retryAfter ? { 'retry-after': state.retryAfter } : {}),
        })
        res.end()
      }
      if (req.method !== 'POST' || !req.url?.startsWith('/indexnow')) return answer(404)
      let body: IndexNowRequest['body']
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
      } catch {
        return answer(400)
      }
      requests.push({ contentType: req.headers['content-type'], body })
      if (!body.host || !body.key || !Array.isArray(body.urlList) || body.urlList.length === 0)
        return answer(400)
      if (body.urlList.length > 10_000) return answer(400)
      if (!/^[a-zA-Z0-9-]{8,128}$/.test(body.key)) return answer(422)
      if (body.urlList.some((u) => new URL(u).host !== body.host)) return answer(422)
      answer(state.status)
      state.status = state.next.shift() ?? state.status
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/indexnow`,
    requests,
    setStatus: (status: number, then: number[] = []) => {
      state.status = status
      state.next = [...then]
    },
    /** The Retry-After header a 429 carries (seconds or an HTTP date), as the real endpoint may send. */
    setRetryAfter: (value: string | null) => {
      state.retryAfter = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
