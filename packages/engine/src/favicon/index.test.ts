import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { faviconCandidates, fetchFavicon } from './index.ts'

describe('faviconCandidates', () => {
  it('orders declared icons by quality and ends with /favicon.ico', () => {
    const html = `<head>
      <link rel="icon" href="/small.png" sizes="16x16">
      <link rel="apple-touch-icon" href="/touch.png">
      <link rel="icon" href="/big.png" sizes="192x192">
      <link rel="shortcut icon" href="/logo.svg" type="image/svg+xml">
      <link rel="stylesheet" href="/style.css">
      <link rel="icon" href="javascript:alert(1)">
    </head>`
    expect(faviconCandidates(html, 'https://exemplo.pt/loja/')).toEqual([
      'https://exemplo.pt/logo.svg',
      'https://exemplo.pt/big.png',
      'https://exemplo.pt/touch.png',
      'https://exemplo.pt/small.png',
      'https://exemplo.pt/favicon.ico',
    ])
  })
  it('falls back to /favicon.ico when the page declares none', () => {
    expect(faviconCandidates('<p>olá</p>', 'https://exemplo.pt/a/b')).toEqual([
      'https://exemplo.pt/favicon.ico',
    ])
  })
})

describe('fetchFavicon', () => {
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')
  let origin = ''
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<link rel="icon" href="/i.png">')
    } else if (req.url === '/i.png') {
      res.writeHead(200, { 'content-type': 'image/png' }).end(png)
    } else if (req.url === '/html-icon/') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<link rel="icon" href="/not-an-image">')
    } else if (req.url === '/not-an-image') {
      res.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>')
    } else res.writeHead(404).end()
  })
  beforeAll(async () => {
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))

  it('returns the declared icon bytes and type', async () => {
    const icon = await fetchFavicon(`${origin}/`, { allowPrivate: true })
    expect(icon?.contentType).toBe('image/png')
    expect(Buffer.from(icon!.bytes)).toEqual(png)
  })
  it('refuses non-image answers and finds nothing else', async () => {
    expect(await fetchFavicon(`${origin}/html-icon/`, { allowPrivate: true })).toBeNull()
  })
  it('is refused by the SSRF guard like any audit request', async () => {
    expect(await fetchFavicon(`${origin}/`, { allowPrivate: false })).toBeNull()
  })
})
