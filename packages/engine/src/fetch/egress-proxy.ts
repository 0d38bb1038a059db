// An HTTP proxy on loopback that applies the SSRF guard to Chromium's own requests. Lighthouse's
// Chromium loads every subresource, redirect and iframe itself; launched with
// `--proxy-server=<url> --proxy-bypass-list=<-loopback>` it sends all of them here, and this proxy
// connects only to addresses the guard accepts (resolving DNS itself, so the checked answer is the one
// connected to). Plain HTTP is forwarded; HTTPS (and WebSockets) arrive as CONNECT tunnels.
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http'
import { type AddressInfo, connect as netConnect, type Socket } from 'node:net'
import { isEngineError } from '../errors.ts'
import { type GuardOptions, guardPolicy, type ResolvedAddress, resolveGuarded } from './guard.ts'

export interface EgressProxyOptions extends GuardOptions {
  /** Called for each refused request (for logs). */
  onRefused?: (target: string, reason: string) => void
}

export interface EgressProxy {
  /** e.g. http://127.0.0.1:40123, for Chromium's --proxy-server. */
  url: string
  port: number
  close(): Promise<void>
}

/** Headers that describe one connection, not the message, and must not be forwarded (RFC 9110 §7.6.1). */
const hopByHop = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
])

function forwardableHeaders(headers: IncomingMessage['headers']): IncomingMessage['headers'] {
  const listed = new Set(
    String(headers.connection ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase()),
  )
  const out: IncomingMessage['headers'] = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!hopByHop.has(name) && !listed.has(name)) out[name] = value
  }
  return out
}

/** `host:port` of a CONNECT request, with IPv6 brackets removed. */
export function parseAuthority(authority: string): { host: string; port: number } | null {
  const match = /^(?:\[([^\]]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(authority)
  const port = Number(match?.[3])
  if (!match || port < 1 || port > 65535) return null
  return { host: (match[1] ?? match[2])!, port }
}

/** One checked answer to connect to. IPv4 first: containers often have no IPv6 route. */
function pickAddress(answers: ResolvedAddress[]): ResolvedAddress {
  return answers.find((a) => a.family === 4) ?? answers[0]!
}

function refusalStatus(error: unknown): { status: number; reason: string } {
  if (isEngineError(error)) {
    // A name that does not resolve (or a DNS server that does not answer) is the upstream's failure: 502.
    const status =
      error.code === 'BLOCKED_ADDRESS'
        ? 403
        : error.code === 'DNS_FAILURE' || error.code === 'HOST_NOT_FOUND'
          ? 502
          : 400
    return { status, reason: error.message }
  }
  return { status: 502, reason: error instanceof Error ? error.message : String(error) }
}

const sendText = (res: ServerResponse, status: number, text: string) => {
  res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' })
  res.end(`${text}\n`)
}

export async function startEgressProxy(options: EgressProxyOptions = {}): Promise<EgressProxy> {
  const policy = guardPolicy(options)
  const sockets = new Set<Socket>()
  const track = (socket: Socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
  }
  const refuse = (target: string, reason: string) => options.onRefused?.(target, reason)

  // Plain HTTP: the request line carries an absolute URL (`GET http://host/path HTTP/1.1`).
  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    let target: URL
    try {
      target = new URL(req.url ?? '')
    } catch {
      return sendText(res, 400, 'absolute URL required')
    }
    if (target.protocol !== 'http:')
      return sendText(res, 400, 'only http:// is proxied; use CONNECT for https')
    let answers: ResolvedAddress[]
    try {
      answers = await resolveGuarded(target.hostname, policy)
    } catch (error) {
      const { status, reason } = refusalStatus(error)
      refuse(target.href, reason)
      return sendText(res, status, reason)
    }
    const chosen = pickAddress(answers)
    const upstream = httpRequest({
      // Connect to the checked address; the Host header still names the site.
      host: chosen.address,
      family: chosen.family,
      port: Number(target.port || 80),
      method: req.method,
      path: `${target.pathname}${target.search}`,
      headers: { ...forwardableHeaders(req.headers), host: target.host },
      setHost: false,
    })
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, forwardableHeaders(answer.headers))
      answer.pipe(res)
    })
    upstream.on('error', (error) => {
      if (!res.headersSent) sendText(res, 502, error.message)
      else res.destroy()
    })
    res.on('close', () => upstream.destroy())
    req.pipe(upstream)
  }

  // HTTPS and WebSockets: `CONNECT host:port`, then raw bytes both ways.
  const onConnect = async (req: IncomingMessage, client: Socket, head: Buffer) => {
    track(client)
    client.on('error', () => {})
    const authority = parseAuthority(req.url ?? '')
    const reply = (status: number, text: string) =>
      client.end(`HTTP/1.1 ${status} ${text}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`)
    if (!authority) return reply(400, 'Bad Request')
    let answers: ResolvedAddress[]
    try {
      answers = await resolveGuarded(authority.host, policy)
    } catch (error) {
      const { status, reason } = refusalStatus(error)
      refuse(req.url ?? '', reason)
      return reply(status, status === 403 ? 'Forbidden' : 'Bad Gateway')
    }
    const upstream = netConnect({ host: pickAddress(answers).address, port: authority.port })
    track(upstream)
    let established = false
    upstream.once('connect', () => {
      established = true
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      if (head.length) upstream.write(head)
      upstream.pipe(client)
      client.pipe(upstream)
    })
    upstream.on('error', () => {
      if (!established) reply(502, 'Bad Gateway')
      else client.destroy()
    })
    client.on('close', () => upstream.destroy())
    upstream.on('close', () => client.destroy())
  }

  const server = createServer((req, res) => void onRequest(req, res))
  server.on('connect', (req, socket, head) => void onConnect(req, socket as Socket, head))
  server.on('connection', track)
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', resolve)
  })
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
