import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { measureAuthorship } from './authorship.ts'
import { parseJsonLd } from './jsonld.ts'

const NOW = new Date('2025-06-01T00:00:00Z')
const measure = (html: string) => {
  const $ = load(html)
  return measureAuthorship($, parseJsonLd($), NOW)
}
const ld = (obj: unknown) => `<script type="application/ld+json">${JSON.stringify(obj)}</script>`

describe('measureAuthorship', () => {
  it('reads author and dates from JSON-LD first, preferring the article over the organisation', () => {
    const r = measure(
      `${ld({ '@type': 'Organization', name: 'Farol', foundingDate: '2001-01-01' })}${ld({
        '@type': 'Article',
        author: { '@type': 'Person', name: 'Ana Silva' },
        datePublished: '2025-01-10',
        dateModified: '2025-05-01T10:00:00Z',
      })}<meta name="author" content="Outro">`,
    )
    expect(r).toMatchObject({
      author: 'Ana Silva',
      authorSource: 'json-ld',
      datePublished: '2025-01-10',
      publishedSource: 'json-ld',
      dateModified: '2025-05-01T10:00:00Z',
      ageDays: 30,
    })
  })
  it('falls back to meta tags, Open Graph article times and <time>', () => {
    const r = measure(
      '<head><meta name="author" content="Rui Costa"><meta property="article:modified_time" content="2024-06-01"></head><body><time datetime="2024-01-02">2 jan</time></body>',
    )
    expect(r).toMatchObject({
      author: 'Rui Costa',
      authorSource: 'meta',
      datePublished: '2024-01-02',
      publishedSource: 'time',
      modifiedSource: 'article:modified_time',
      ageDays: 365,
    })
  })
  it('finds a visible byline in PT and EN', () => {
    expect(measure('<body><p class="meta">Por Joana Marques</p><p>Texto.</p></body>').author).toBe(
      'Joana Marques',
    )
    expect(measure('<body><span>By John Smith</span></body>')).toMatchObject({
      author: 'John Smith',
      authorSource: 'byline',
    })
  })
  it('reports nothing when there is nothing, and ignores invalid dates', () => {
    const r = measure('<body><p>Por favor leia isto.</p><time datetime="ontem">ontem</time></body>')
    expect(r).toMatchObject({ author: null, datePublished: null, dateModified: null, ageDays: null })
  })
})
