// Owner verification (issue 40): the token counts only on the site's root page or in
// /.well-known/farol-verification.txt. A start URL with a path or a query is not proof: a search page that
// echoes its query into a meta tag, or any page deeper in the site, would let anyone claim the host.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { verifyOwner } from './owner.ts'
import { type SiteServer, startSiteServer } from './testing/site-server.ts'

const meta = (token: string) => `<head><meta name="farol-verification" content="${token}"></head>`
const options = { allowPrivate: true }

describe('owner verification', () => {
  let echo: SiteServer
  let rooted: SiteServer
  beforeAll(async () => {
    // A site whose root has no token, with a search page that reflects its query and a page that holds one.
    echo = await startSiteServer((path) => {
      const url = new URL(path, 'http://x')
      // Any page asked with ?q= echoes it (the search page, and the root page too).
      if (url.searchParams.has('q')) return { body: meta(url.searchParams.get('q') ?? '') }
      if (url.pathname === '/about') return { body: meta('tok-about') }
      if (url.pathname === '/') return { body: '<title>home</title>' }
      return undefined
    })
    // A site whose owner published the token on the root page.
    rooted = await startSiteServer((path) =>
      path === '/' ? { body: meta('tok-root') } : { body: '<title>page</title>' },
    )
  })
  afterAll(async () => {
    await echo?.close()
    await rooted?.close()
  })

  it('refuses a token shown by a start URL with a query or a path', async () => {
    expect(await verifyOwner(`${echo.origin}/search?q=tok-echo`, 'tok-echo', options)).toBe(false)
    // The root page itself, asked with a query that it echoes: still only `/` is read.
    expect(await verifyOwner(`${echo.origin}/?q=tok-echo`, 'tok-echo', options)).toBe(false)
    expect(await verifyOwner(`${echo.origin}/about`, 'tok-about', options)).toBe(false)
    // What was read: the well-known file and the root page, never the start URL.
    expect(echo.requests.filter((p) => p !== '/' && !p.startsWith('/.well-known/'))).toEqual([])
  })

  it("accepts the root page's meta from any start URL of the host", async () => {
    expect(await verifyOwner(rooted.url, 'tok-root', options)).toBe(true)
    expect(await verifyOwner(`${rooted.origin}/blog/post?page=2`, 'tok-root', options)).toBe(true)
    expect(await verifyOwner(`${rooted.origin}/blog/post`, 'tok-other', options)).toBe(false)
  })

  it('accepts the well-known file from any start URL of the host', async () => {
    const server = await startSiteServer((path) =>
      path === '/.well-known/farol-verification.txt'
        ? { headers: { 'content-type': 'text/plain' }, body: 'tok-file\n' }
        : { body: meta(new URL(path, 'http://x').searchParams.get('q') ?? '') },
    )
    try {
      expect(await verifyOwner(`${server.origin}/deep/page?q=x`, 'tok-file', options)).toBe(true)
      expect(await verifyOwner(`${server.origin}/deep/page?q=tok-echo`, 'tok-echo', options)).toBe(false)
    } finally {
      await server.close()
    }
  })
})
