import { describe, expect, it } from 'vitest'
import { blogSitemapEntries, withEntries } from './sitemap-entries.ts'

describe('blogSitemapEntries', () => {
  it('lists each post in both languages with alternates and lastmod', () => {
    const xml = withEntries(
      '<urlset>\n</urlset>\n',
      blogSitemapEntries('https://farol.example/', [
        { slug: 'o-que-e-aio', date: '2026-11-10' },
        { slug: 'sem-data', date: null },
      ]),
    )
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])
    expect(locs).toEqual([
      'https://farol.example/blog/o-que-e-aio',
      'https://farol.example/en/blog/o-que-e-aio',
      'https://farol.example/blog/sem-data',
      'https://farol.example/en/blog/sem-data',
    ])
    expect(xml.match(/<lastmod>2026-11-10<\/lastmod>/g)).toHaveLength(2)
    expect(xml).toContain('hreflang="x-default" href="https://farol.example/blog/o-que-e-aio"')
    expect(xml.trim().endsWith('</urlset>')).toBe(true)
  })

  it('leaves the sitemap alone when there are no posts', () => {
    expect(withEntries('<urlset></urlset>', blogSitemapEntries('https://x', []))).toBe('<urlset></urlset>')
  })
})
