import { describe, expect, it } from 'vitest'
import { glossaryTerms } from '../glossary/data.ts'
import { contentSitemapEntries } from './sitemap-entries.ts'

describe('contentSitemapEntries', () => {
  const xml = contentSitemapEntries('https://farol.example/')
  const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

  it('lists the three guide pages and the 13 glossary terms in both languages', () => {
    expect(locs).toHaveLength((3 + glossaryTerms.length) * 2)
    expect(locs).toContain('https://farol.example/guias/estrutura-conteudo')
    expect(locs).toContain('https://farol.example/guides/otimizacao-local')
    expect(locs).toContain('https://farol.example/glossario/e-e-a-t')
    expect(locs).toContain('https://farol.example/glossary/core-web-vitals')
    expect(locs.some((loc) => loc?.includes('seo-aio-checklist'))).toBe(false)
  })

  it('gives each entry its pt-PT, en and x-default alternates', () => {
    for (const block of xml.split('<url>').slice(1)) {
      expect(block.match(/hreflang="(pt-PT|en|x-default)"/g)).toHaveLength(3)
    }
  })
})
