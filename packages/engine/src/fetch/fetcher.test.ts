// The fetcher's behaviour against the loopback fixture server (private targets allowed explicitly).
import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/server.ts'
import { defaultUserAgent, fetchText, type SafeFetchOptions, safeFetch } from './fetcher.ts'

let fx: FixtureServer
beforeAll(async () => {
  fx = await startFixtureServer()
})
afterAll(() => fx.close())

const get = (path: string, options: SafeFetchOptions = {}) =>
  safeFetch(fx.url(path), { allowPrivate: true, ...options })

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
    return 'no error'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now()
  const result = await fn()
  return [result, performance.now() - start]
}

describe('redirects', () => {
  it('follows a chain and records every hop in order', async () => {
    const result = await get('/redirect/chain/3')
    expect(result.status).toBe(200)
    expect(result.requestedUrl).toBe(fx.url('/redirect/chain/3'))
    expect(result.finalUrl).toBe(fx.url('/redirect/chain/0'))
    expect(result.redirects).toEqual([
      { url: fx.url('/redirect/chain/3'), status: 302, location: '/redirect/chain/2' },
      { url: fx.url('/redirect/chain/2'), status: 302, location: '/redirect/chain/1' },
      { url: fx.url('/redirect/chain/1'), status: 302, location: '/redirect/chain/0' },
    ])
    expect(result.body).toContain('Destino final')
  })

  it('returns an empty chain when the first answer is final', async () => {
    expect((await get('/redirect/chain/0')).redirects).toEqual([])
  })

  it('allows 10 redirects and refuses the 11th (default limit)', async () => {
    expect((await get('/redirect/chain/10')).redirects).toHaveLength(10)
    expect(await codeOf(get('/redirect/chain/11'))).toBe('TOO_MANY_REDIRECTS')
  })

  it('takes a configurable redirect limit', async () => {
    expect(await codeOf(get('/redirect/chain/3', { maxRedirects: 2 }))).toBe('TOO_MANY_REDIRECTS')
    expect((await get('/redirect/chain/2', { maxRedirects: 2 })).status).toBe(200)
  })

  it('detects a loop before the redirect limit', async () => {
    expect(await codeOf(get('/redirect/loop', { maxRedirects: 50 }))).toBe('REDIRECT_LOOP')
  })

  it('resolves a relative Location against the hop that sent it', async () => {
    const result = await get('/redirect/relative')
    expect(result.finalUrl).toBe(fx.url('/good/'))
    expect(result.redirects[0]?.location).toBe('../good/')
  })

  it('refuses a redirect to a non-http scheme', async () => {
    expect(await codeOf(get(`/redirect/to?url=${encodeURIComponent('file:///etc/passwd')}`))).toBe(
      'UNSUPPORTED_SCHEME',
    )
  })
})

describe('timeouts', () => {
  it('gives FIRST_BYTE_TIMEOUT when headers are late', async () => {
    const [code, ms] = await timed(() => codeOf(get('/slow?ms=3000', { firstByteTimeoutMs: 300 })))
    expect(code).toBe('FIRST_BYTE_TIMEOUT')
    expect(ms).toBeLessThan(2000)
  })

  it('waits for headers within the first-byte timeout (control)', async () => {
    expect((await get('/slow?ms=300', { firstByteTimeoutMs: 2000 })).status).toBe(200)
  })

  it('gives TOTAL_TIMEOUT when the body trickles past the total deadline', async () => {
    const [code, ms] = await timed(() => codeOf(get('/slow-body?ms=3000', { totalTimeoutMs: 600 })))
    expect(code).toBe('TOTAL_TIMEOUT')
    expect(ms).toBeLessThan(2000)
  })

  it('records first-byte and total timings', async () => {
    const result = await get('/slow-body?ms=300')
    expect(result.timings.firstByteMs).not.toBeNull()
    // The headers come before the body's 300 ms trickle ends (an order, not a speed).
    expect(result.timings.firstByteMs!).toBeLessThan(result.timings.totalMs!)
    expect(result.timings.totalMs).toBeGreaterThanOrEqual(250)
    expect(Math.abs(result.timings.startMs - Date.now())).toBeLessThan(10_000)
  })

  it('gives CONNECT_TIMEOUT when the TLS handshake never completes', async () => {
    // A TCP server that accepts and says nothing: the TLS connect phase cannot finish.
    const sockets: Socket[] = []
    const silent: Server = createServer((socket) => void sockets.push(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const port = (silent.address() as { port: number }).port
    try {
      const [code, ms] = await timed(() =>
        codeOf(safeFetch(`https://127.0.0.1:${port}/`, { allowPrivate: true, connectTimeoutMs: 300 })),
      )
      expect(code).toBe('CONNECT_TIMEOUT')
      expect(ms).toBeLessThan(2000)
    } finally {
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })

  it('throws the caller’s abort reason when cancelled', async () => {
    const controller = new AbortController()
    setTimeout(() => controller.abort(new Error('cancelled by job')), 100)
    await expect(get('/slow?ms=3000', { signal: controller.signal })).rejects.toThrow('cancelled by job')
  })
})

describe('body limit', () => {
  it('refuses a 12 MB page with the default 10 MB limit', async () => {
    expect(await codeOf(get('/big?mb=12'))).toBe('BODY_TOO_LARGE')
  })

  it('counts while streaming when there is no Content-Length, and stops the download', async () => {
    // 40 MB, more than loopback socket buffers can absorb, so the server cannot finish unless the client
    // reads it all.
    const [code, ms] = await timed(() => codeOf(get('/big?mb=40&chunked=1')))
    expect(code).toBe('BODY_TOO_LARGE')
    expect(ms).toBeLessThan(5000)
    // Give the server a moment to notice the closed connection.
    await new Promise((resolve) => setTimeout(resolve, 300))
    const served = fx.requests.findLast((r) => r.url === '/big?mb=40&chunked=1')!
    expect(served.finished).toBe(false)
    expect(served.bytesSent).toBeLessThan(30 * 1024 * 1024)
  })

  it('takes a configurable limit', async () => {
    expect((await get('/big?mb=1&chunked=1', { maxBytes: 2 * 1024 * 1024 })).bodyBytes).toBe(1024 * 1024)
    expect(await codeOf(get('/big?mb=1&chunked=1', { maxBytes: 512 * 1024 }))).toBe('BODY_TOO_LARGE')
    expect(await codeOf(get('/big?mb=1', { maxBytes: 512 * 1024 }))).toBe('BODY_TOO_LARGE')
  })

  it('counts decoded bytes, so a small gzip bomb is refused', async () => {
    expect(await codeOf(get('/gzip-bomb?mb=20'))).toBe('BODY_TOO_LARGE')
    expect((await get('/gzip-bomb?mb=1')).bodyBytes).toBe(1024 * 1024)
  })
})

describe('content types', () => {
  it('refuses a PDF when HTML is wanted', async () => {
    expect(await codeOf(get('/pdf'))).toBe('UNSUPPORTED_CONTENT_TYPE')
  })

  it('takes a PDF with accept "any", recording its type but no text', async () => {
    const result = await get('/pdf', { accept: 'any' })
    expect(result.contentType).toBe('application/pdf')
    expect(result.body).toBe('')
    expect(result.charset).toBeNull()
    expect(result.bodyBytes).toBeGreaterThan(20)
  })

  it('refuses text/plain for HTML but takes it for text', async () => {
    expect(await codeOf(get('/text'))).toBe('UNSUPPORTED_CONTENT_TYPE')
    const result = await get('/text', { accept: 'text' })
    expect(result.contentType).toBe('text/plain')
    expect(result.body).toBe('texto simples: ação\n')
  })

  it('refuses a PDF for text too', async () => {
    expect(await codeOf(get('/pdf', { accept: 'text' }))).toBe('UNSUPPORTED_CONTENT_TYPE')
  })

  it('sniffs HTML when there is no Content-Type', async () => {
    const result = await get('/no-type')
    expect(result.contentType).toBeNull()
    expect(result.body).toContain('<p>ação</p>')
  })

  it('returns error statuses as results, not errors', async () => {
    for (const status of [404, 500]) {
      const result = await get(`/status/${status}`)
      expect(result.status).toBe(status)
      expect(result.body).toContain(`<h1>${status}</h1>`)
    }
  })
})

describe('charset and compression', () => {
  it.each([
    ['/latin1', 'header'],
    ['/latin1-meta', '<meta charset>'],
    ['/latin1-http-equiv', '<meta http-equiv>'],
  ])('decodes windows-1252 "ação" declared in %s (%s)', async (path) => {
    const result = await get(path)
    expect(result.body).toContain('<p>ação</p>')
    expect(result.body).toContain('Codificação')
    expect(result.charset).toBe('windows-1252')
  })

  it('falls back to utf-8 for an unknown charset label', async () => {
    const result = await get('/bad-charset')
    expect(result.charset).toBe('utf-8')
    expect(result.body).toContain('<p>ação</p>')
  })

  it.each(['gzip', 'br', 'deflate'])('decodes %s', async (encoding) => {
    const result = await get(`/${encoding}`)
    expect(result.headers['content-encoding']).toBe(encoding)
    expect(result.body).toContain('<p>ação comprimida</p>')
    expect(result.charset).toBe('utf-8')
  })
})

describe('request and result details', () => {
  it('sends the default User-Agent and Accept-Encoding', async () => {
    const result = await get('/headers', { accept: 'text' })
    const headers = JSON.parse(result.body) as Record<string, string>
    expect(headers['user-agent']).toBe(defaultUserAgent)
    expect(headers['accept-encoding']).toBe('gzip, deflate, br')
    expect(headers.accept).toMatch(/^text\/plain/)
  })

  it('sends a custom User-Agent and extra headers', async () => {
    const result = await get('/headers', {
      accept: 'text',
      userAgent: 'Test/1.0',
      headers: { 'accept-language': 'pt' },
    })
    const headers = JSON.parse(result.body) as Record<string, string>
    expect(headers['user-agent']).toBe('Test/1.0')
    expect(headers['accept-language']).toBe('pt')
  })

  it('records the address connected to, the content type and lower-case headers', async () => {
    const result = await get('/redirect/chain/1')
    expect(result.remoteAddress).toBe('127.0.0.1')
    expect(result.contentType).toBe('text/html')
    expect(result.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(result.bodyBytes).toBe(Buffer.byteLength(result.body))
  })
})

describe('fetchText (gatherers degrade instead of throwing)', () => {
  it('returns the content of a text file', async () => {
    expect(await fetchText(fx.url('/text'), { allowPrivate: true })).toEqual({
      url: fx.url('/text'),
      status: 200,
      content: 'texto simples: ação\n',
    })
  })

  it('keeps the status of a missing file without its HTML error page', async () => {
    const artifact = await fetchText(fx.url('/status/404'), { allowPrivate: true })
    expect(artifact).toMatchObject({ status: 404, content: null, errorMessage: 'HTTP 404' })
  })

  it('degrades to status null on a refusal or failure', async () => {
    const blocked = await fetchText(fx.url('/text'), { allowPrivate: false })
    expect(blocked.status).toBeNull()
    expect(blocked.content).toBeNull()
    expect(blocked.errorMessage).toMatch(/^BLOCKED_ADDRESS/)
    const slow = await fetchText(fx.url('/slow?ms=2000'), { allowPrivate: true, firstByteTimeoutMs: 200 })
    expect(slow).toMatchObject({ status: null, content: null })
    expect(slow.errorMessage).toMatch(/^FIRST_BYTE_TIMEOUT/)
  })
})
