import { expect, test } from '@playwright/test'

const pages = [
  ['/', '/en'],
  ['/como-funciona', '/how-it-works'],
  ['/faq', '/en/faq'],
  ['/contacto', '/contact'],
  ['/blog', '/en/blog'],
  ['/guias', '/guides'],
  ['/guias/seo-aio-checklist', '/guides/seo-aio-checklist'],
  ['/glossario', '/glossary'],
  ['/termos', '/terms'],
  ['/privacidade', '/privacy'],
] as const

test('every public page is server-rendered in both languages with its head', async ({ request }) => {
  for (const pair of pages) {
    for (const [index, path] of pair.entries()) {
      const response = await request.get(path)
      expect(response.status(), path).toBe(200)
      const html = await response.text()
      expect(html, path).toContain(`<html lang="${index === 0 ? 'pt-PT' : 'en'}"`)
      expect(html, path).toMatch(/<title>[^<]{10,}<\/title>/)
      expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/)
      expect(html, path).toMatch(
        new RegExp(`<link rel="canonical" href="http://[^"]+${path === '/' ? '/' : path}"`),
      )
      expect(html, path).toContain(`hrefLang="x-default" href="http://`)
      expect(html, path).toContain('property="og:title"')
      expect(html, path).toContain('name="twitter:card"')
      expect(html, path).toMatch(/<h1[^>]*>/)
    }
  }
})

test('robots.txt, sitemap.xml, manifest and icons', async ({ request }) => {
  const robots = await request.get('/robots.txt')
  expect(robots.headers()['content-type']).toContain('text/plain')
  expect(await robots.text()).toMatch(/Sitemap: http:\/\/[^/]+\/sitemap\.xml/)

  const sitemap = await request.get('/sitemap.xml')
  expect(sitemap.headers()['content-type']).toContain('xml')
  const xml = await sitemap.text()
  for (const path of pages.flat())
    expect(xml, path).toMatch(new RegExp(`<loc>http://[^<]+${path === '/' ? '/' : path}</loc>`))
  expect(xml).toContain('hreflang="x-default"')

  const manifest = await request.get('/site.webmanifest')
  expect(manifest.ok()).toBe(true)
  expect((await manifest.json()).icons.length).toBeGreaterThan(1)
  for (const path of [
    '/favicon.svg',
    '/favicon.ico',
    '/apple-touch-icon.png',
    '/og-image.png',
    '/icon-192.png',
  ]) {
    expect((await request.get(path)).status(), path).toBe(200)
  }
})

test('the landing page makes no third-party requests', async ({ page }) => {
  const hosts = new Set<string>()
  page.on('request', (r) => {
    hosts.add(new URL(r.url()).host)
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect([...hosts]).toEqual([new URL(page.url()).host])
})
