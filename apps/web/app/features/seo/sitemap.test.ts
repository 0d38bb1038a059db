import { describe, expect, it } from 'vitest'
import { routeTable } from '../../lib/route-table.ts'
import { buildRobots, buildSitemap } from './sitemap.ts'

const base = 'https://farol.example'

function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!)
}

describe('buildSitemap', () => {
  const xml = buildSitemap(`${base}/`)

  it('lists every public page without parameters in both languages', () => {
    const listed = locs(xml)
    const staticRoutes = routeTable.filter((r) => !r.pt.includes(':'))
    expect(listed).toHaveLength(staticRoutes.length * 2)
    for (const route of staticRoutes) {
      expect(listed).toContain(base + route.pt)
      expect(listed).toContain(base + route.en)
    }
    expect(listed).toContain(`${base}/`)
    expect(listed).toContain(`${base}/en`)
    expect(listed).toContain(`${base}/como-funciona`)
    expect(listed).toContain(`${base}/how-it-works`)
    expect(listed.some((loc) => loc.includes(':'.concat('slug')))).toBe(false)
  })

  it('gives every entry pt-PT, en and x-default alternates that point at the pair', () => {
    const blocks = xml.split('<url>').slice(1)
    for (const block of blocks) {
      const alternates = Object.fromEntries(
        [...block.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
      )
      expect(Object.keys(alternates).sort()).toEqual(['en', 'pt-PT', 'x-default'])
      expect(alternates['x-default']).toBe(alternates['pt-PT'])
      const loc = /<loc>([^<]+)<\/loc>/.exec(block)![1]
      expect([alternates['pt-PT'], alternates.en]).toContain(loc)
    }
  })

  it('is a urlset with the xhtml namespace and absolute URLs', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(xml).toContain('xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')
    expect(xml).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    for (const loc of locs(xml)) expect(loc.startsWith(`${base}/`)).toBe(true)
  })
})

describe('buildRobots', () => {
  it('allows everything and names the absolute sitemap', () => {
    const robots = buildRobots(base)
    expect(robots).toContain('User-agent: *')
    expect(robots).toContain('Allow: /')
    expect(robots).toContain(`Sitemap: ${base}/sitemap.xml`)
  })
})
