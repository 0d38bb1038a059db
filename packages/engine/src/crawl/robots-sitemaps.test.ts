import { describe, expect, it } from 'vitest'
import { parseRobotsTxt, parseSitemap, sitemapLastmods } from './robots-sitemaps.ts'

describe('parseRobotsTxt', () => {
  it('obeys our agent group first, else *, and reads Crawl-delay and sitemaps', () => {
    const rules = parseRobotsTxt(
      'https://s.test/robots.txt',
      'User-agent: *\nDisallow: /\n\nUser-agent: FarolBot\nDisallow: /admin\nCrawl-delay: 2\n\nSitemap: https://s.test/map.xml\n',
    )
    expect(rules.isAllowed('https://s.test/page')).toBe(true)
    expect(rules.isAllowed('https://s.test/admin/x')).toBe(false)
    expect(rules.crawlDelay).toBe(2)
    expect(rules.sitemaps).toEqual(['https://s.test/map.xml'])
  })
  it('allows everything without a file', () => {
    expect(parseRobotsTxt('https://s.test/robots.txt', null).isAllowed('https://s.test/x')).toBe(true)
  })
})

describe('parseSitemap', () => {
  it('reads a urlset with entities, CDATA and prefixes, normalising each URL', () => {
    const xml = `<?xml version="1.0"?><ns:urlset xmlns:ns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <ns:url><ns:loc> https://S.test/a?x=1&amp;y=2 </ns:loc></ns:url>
      <ns:url><ns:loc><![CDATA[https://s.test/b#frag]]></ns:loc></ns:url></ns:urlset>`
    expect(parseSitemap(xml, 'https://s.test/sitemap.xml')).toEqual({
      urls: ['https://s.test/a?x=1&y=2', 'https://s.test/b'],
      sitemaps: [],
    })
  })
  it('reads a sitemap index as child sitemaps', () => {
    const xml = '<sitemapindex><sitemap><loc>https://s.test/s1.xml</loc></sitemap></sitemapindex>'
    expect(parseSitemap(xml, 'https://s.test/')).toEqual({ urls: [], sitemaps: ['https://s.test/s1.xml'] })
  })
})

describe('sitemapLastmods', () => {
  it("reads each page's lastmod by its normalised loc, with namespaces and entities", () => {
    const xml = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
      <url><loc>https://s.test/a?x=1&amp;y=2</loc><lastmod>2026-11-20</lastmod></url>
      <url><loc>https://s.test/b</loc></url>
      <url><loc> https://s.test/c </loc><changefreq>daily</changefreq><lastmod>2026-11-25T10:00:00+00:00</lastmod></url>
    </urlset>`
    expect([...sitemapLastmods(xml, 'https://s.test/sitemap.xml')]).toEqual([
      ['https://s.test/a?x=1&y=2', '2026-11-20'],
      ['https://s.test/c', '2026-11-25T10:00:00+00:00'],
    ])
    const prefixed =
      '<ns:urlset><ns:url><ns:loc>https://s.test/d</ns:loc><ns:lastmod>2026-01-01</ns:lastmod></ns:url></ns:urlset>'
    expect([...sitemapLastmods(prefixed, 'https://s.test/')]).toEqual([['https://s.test/d', '2026-01-01']])
  })
})
