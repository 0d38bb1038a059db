// Shared plumbing of the local-directory fakes: a loopback server, a request log, latency, JSON answers.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface LoggedRequest {
  method: string
  /** Path and query as requested. */
  url: string
  headers: IncomingMessage['headers']
  body: string
  /** Arrival time (Date.now()), for the rate-limit test. */
  at: number
}

export type FakeHandler = (req: LoggedRequest, res: ServerResponse) => void

export interface FakeServer {
  origin: string
  requests: LoggedRequest[]
  setLatency(ms: number): void
  close(): Promise<void>
}

export async function startFake(handler: FakeHandler, options: { latencyMs?: number; port?: number } = {}) {
  let latencyMs = options.latencyMs ?? 0
  const requests: LoggedRequest[] = []
  const server = createServer((req, res) => {
    const at = Date.now()
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const logged: LoggedRequest = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at,
      }
      requests.push(logged)
      setTimeout(() => handler(logged, res), latencyMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    setLatency(ms: number) {
      latencyMs = ms
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  } satisfies FakeServer
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json; charset=utf-8',
): void {
  const text = JSON.stringify(body)
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(text) })
  res.end(text)
}

/** Lower case without accents, for the fakes' own matching of queries to places. */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** Whether every word of the query's name appears in the place's name (how the fakes "search"). */
export function nameMatches(query: string, name: string): boolean {
  const words = fold(query)
    .split(' ')
    .filter((w) => w.length > 2)
  const target = ` ${fold(name)} `
  return words.length > 0 && words.some((w) => target.includes(` ${w} `))
}
