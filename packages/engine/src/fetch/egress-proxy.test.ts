// The egress proxy that Chromium's requests go through: forwarding, CONNECT tunnels, refusals.
import { execFile, execFileSync } from 'node:child_process'
import { request as httpRequest, type IncomingMessage } from 'node:http'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/server.ts'
import { isBlockedAddress } from './address.ts'
import { type EgressProxy, parseAuthority, startEgressProxy } from './egress-proxy.ts'
import type { Resolver } from './guard.ts'

let fx: FixtureServer
let port: number
beforeAll(async () => {
  fx = await startFixtureServer()
  port = Number(new URL(fx.origin).port)
})
afterAll(() => fx.close())

const resolver: Resolver = async (hostname) => {
  if (hostname === 'public.test') return [{ address: '127.0.0.1', family: 4 }]
  if (hostname === 'private.test') return [{ address: '10.0.0.7', family: 4 }]
  if (hostname === 'metadata.test') return [{ address: '169.254.169.254', family: 4 }]
  throw Object.assign(new Error(`ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
}
// `{port}` in test tables stands for the fixture server's port (known only once it started).
// The fixture is on 127.0.0.1; this policy treats exactly that address as public, the rest as usual.
const pretendPublic = (ip: string) => ip !== '127.0.0.1' && isBlockedAddress(ip)

/** A plain-HTTP proxied request: absolute URL in the request line, as browsers send it to a proxy. */
function viaProxy(proxy: EgressProxy, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: proxy.port, path: url, method: 'GET' }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }))
    })
    req.on('error', reject)
    req.end()
  })
}

/** CONNECT host:port, then (when established) a raw GET through the tunnel. */
function viaTunnel(
  proxy: EgressProxy,
  authority: string,
  path: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: proxy.port, method: 'CONNECT', path: authority })
    req.on('connect', (res: IncomingMessage, socket: Socket) => {
      if (res.statusCode !== 200) {
        socket.destroy()
        return resolve({ status: res.statusCode ?? 0, body: '' })
      }
      const chunks: Buffer[] = []
      socket.on('data', (c: Buffer) => chunks.push(c))
      socket.on('end', () => resolve({ status: 200, body: Buffer.concat(chunks).toString() }))
      socket.on('error', reject)
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${authority}\r\nConnection: close\r\n\r\n`)
    })
    req.on('error', reject)
    req.end()
  })
}

describe('egress proxy with the guard on', () => {
  let proxy: EgressProxy
  const refused: string[] = []
  beforeAll(async () => {
    proxy = await startEgressProxy({
      allowPrivate: false,
      resolver,
      isBlocked: pretendPublic,
      onRefused: (target) => refused.push(target),
    })
  })
  afterAll(() => proxy.close())

  it('listens on loopback', () => {
    expect(proxy.url).toBe(`http://127.0.0.1:${proxy.port}`)
  })

  it('forwards plain HTTP to an allowed host, keeping the Host header', async () => {
    const result = await viaProxy(proxy, `http://public.test:${port}/headers`)
    expect(result.status).toBe(200)
    expect(JSON.parse(result.body).host).toBe(`public.test:${port}`)
  })

  it('strips proxy hop-by-hop headers before forwarding', async () => {
    const result = await new Promise<string>((resolve, reject) => {
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port: proxy.port,
          path: `http://public.test:${port}/headers`,
          headers: { 'proxy-authorization': 'Basic c2VjcmV0', 'proxy-connection': 'keep-alive' },
        },
        (res) => {
          let body = ''
          res.on('data', (c) => {
            body += c
          })
          res.on('end', () => resolve(body))
        },
      )
      req.on('error', reject)
      req.end()
    })
    const headers = JSON.parse(result) as Record<string, string>
    expect(headers['proxy-authorization']).toBeUndefined()
    expect(headers['proxy-connection']).toBeUndefined()
  })

  it('tunnels CONNECT to an allowed host', async () => {
    const result = await viaTunnel(proxy, `public.test:${port}`, '/redirect/chain/0')
    expect(result.status).toBe(200)
    expect(result.body).toMatch(/^HTTP\/1\.1 200/)
    expect(result.body).toContain('Destino final')
  })

  it.each([
    'http://127.0.0.2:{port}/',
    'http://[::1]:{port}/',
    'http://2130706434:{port}/',
    'http://private.test/',
    'http://metadata.test/latest/meta-data/',
    'http://169.254.169.254/latest/meta-data/',
  ])('answers 403 to plain HTTP for %s', async (url) => {
    const before = fx.requests.length
    expect((await viaProxy(proxy, url.replace('{port}', String(port)))).status).toBe(403)
    expect(fx.requests.length).toBe(before)
  })

  it.each([
    '127.0.0.2:{port}',
    '[::1]:{port}',
    '[::ffff:127.0.0.2]:{port}',
    'private.test:443',
    'metadata.test:80',
    '169.254.169.254:80',
    '10.0.0.1:443',
  ])('answers 403 to CONNECT %s', async (authority) => {
    const before = fx.requests.length
    expect((await viaTunnel(proxy, authority.replace('{port}', String(port)), '/')).status).toBe(403)
    expect(fx.requests.length).toBe(before)
  })

  it('reports refusals', () => {
    expect(refused).toContain('private.test:443')
  })

  it('answers 502 when the name does not resolve, 400 to nonsense', async () => {
    expect((await viaProxy(proxy, 'http://nowhere.test/')).status).toBe(502)
    expect((await viaTunnel(proxy, 'nowhere.test:443', '/')).status).toBe(502)
    expect((await viaProxy(proxy, '/not-absolute')).status).toBe(400)
    expect((await viaTunnel(proxy, 'no-port', '/')).status).toBe(400)
  })
})

describe('egress proxy with private targets allowed', () => {
  it('reaches loopback (tests audit fixture sites through it)', async () => {
    const proxy = await startEgressProxy({ allowPrivate: true })
    try {
      expect((await viaProxy(proxy, fx.url('/redirect/chain/0'))).status).toBe(200)
      expect((await viaTunnel(proxy, `127.0.0.1:${port}`, '/redirect/chain/0')).body).toContain(
        'Destino final',
      )
    } finally {
      await proxy.close()
    }
  })

  it('refuses loopback with the real policy when not allowed', async () => {
    const proxy = await startEgressProxy({ allowPrivate: false })
    try {
      expect((await viaProxy(proxy, fx.url('/redirect/chain/0'))).status).toBe(403)
      expect((await viaTunnel(proxy, `localhost:${port}`, '/')).status).toBe(403)
    } finally {
      await proxy.close()
    }
  })
})

/** The system Chromium, as the Lighthouse runner finds it (CHROME_PATH, else `chromium` on PATH). */
function findChromium(): string | null {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH
  try {
    return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || null
  } catch {
    return null
  }
}
const chromium = findChromium()

describe.skipIf(!chromium)('Chromium through the egress proxy', () => {
  it('sends its requests (loopback included) through the guard', async () => {
    const refused: string[] = []
    const proxy = await startEgressProxy({
      allowPrivate: false,
      resolver,
      isBlocked: pretendPublic,
      onRefused: (target) => refused.push(target),
    })
    const before = fx.requests.length
    try {
      // public.test exists only in the proxy's resolver: reaching it proves Chromium used the proxy. It
      // redirects to 127.0.0.2, which Chromium would fetch directly without `<-loopback>`.
      const blockedTarget = `http://127.0.0.2:${port}/redirect/chain/0`
      const start = `http://public.test:${port}/redirect/to?url=${encodeURIComponent(blockedTarget)}`
      const args = ['--headless', '--disable-gpu', '--no-first-run', '--disable-background-networking']
      if (process.getuid?.() === 0) args.push('--no-sandbox')
      args.push(`--proxy-server=${proxy.url}`, '--proxy-bypass-list=<-loopback>', '--dump-dom', start)
      const dom = await new Promise<string>((resolve, reject) =>
        execFile(chromium!, args, { timeout: 30_000 }, (error, stdout) =>
          error ? reject(error) : resolve(stdout),
        ),
      )
      const served = fx.requests.slice(before)
      expect(served.some((r) => r.headers.host === `public.test:${port}`)).toBe(true)
      expect(refused).toContain(blockedTarget)
      expect(served.some((r) => r.url === '/redirect/chain/0')).toBe(false)
      expect(dom).toContain('BLOCKED_ADDRESS')
    } finally {
      await proxy.close()
    }
  }, 40_000)
})

describe('parseAuthority', () => {
  it.each([
    ['example.com:443', { host: 'example.com', port: 443 }],
    ['[::1]:8080', { host: '::1', port: 8080 }],
    ['example.com', null],
    ['example.com:0', null],
    ['example.com:70000', null],
    ['a:b:c', null],
  ])('%s', (input, expected) => {
    expect(parseAuthority(input)).toEqual(expected)
  })
})
