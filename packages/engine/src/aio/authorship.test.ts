import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { authorshipFindings, measureAuthorship } from './authorship.ts'
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

// Issue #27: dates where people put them, and rel="author" said for what it is.
describe('visible dates', () => {
  it.each([
    [
      'Sphinx footer (Python docs)',
      '<div class="footer">© Copyright 2001-2026.<br>Last updated on October 07, 2026.<a href="/bugs.html">Found a bug</a>?</div>',
      '2026-10-07',
      '<div class="footer">',
    ],
    [
      'ISO with time (Debian)',
      '<footer><p>Last updated 2024-05-31 00:35:55 UTC</p></footer>',
      '2024-05-31',
      '<footer>',
    ],
    [
      'Portuguese, long form',
      '<main><p>Atualizado em 3 de março de 2025.</p></main>',
      '2025-03-03',
      '<main>',
    ],
    [
      'numeric, day first',
      '<footer><small>Última atualização: 28/02/2025</small></footer>',
      '2025-02-28',
      '<footer>',
    ],
    ['modified, abbreviated month', '<p>Page modified: Feb 5, 2025</p>', '2025-02-05', '<body>'],
  ])('%s', (_name, html, date, region) => {
    const r = measure(`<body>${html}</body>`)
    expect(r.dateModified).toBe(date)
    expect(r.modifiedSource).toBe('visible')
    expect(r.modifiedFound?.region).toBe(region)
  })

  it.each([
    ['"updated" without a date', '<p>Updated to version 3.11 of the manual.</p>'],
    ['a date in a code sample', '<pre>Last updated 2024-01-01</pre>'],
    ['an impossible date', '<p>Last updated 31/02/2025</p>'],
    ['a copyright year only', '<footer>© 2001-2026 Farol</footer>'],
  ])('no date from %s', (_name, html) => {
    expect(measure(`<body>${html}</body>`).dateModified).toBeNull()
  })

  it('reads "Publicado a" as the publication date', () => {
    const r = measure('<body><p class="meta">Publicado a 12 de janeiro de 2025 por Ana</p></body>')
    expect(r).toMatchObject({ datePublished: '2025-01-12', publishedSource: 'visible', dateModified: null })
  })

  it('takes HTTP Last-Modified only when the page says nothing, as the weakest source', () => {
    const $ = load('<body><p>Texto.</p></body>')
    const r = measureAuthorship($, parseJsonLd($), NOW, { 'last-modified': 'Tue, 15 Apr 2025 10:00:00 GMT' })
    expect(r).toMatchObject({ modifiedSource: 'last-modified', ageDays: 46 })
    expect(r.modifiedFound?.region).toBe('HTTP')
    const $2 = load('<body><footer>Last updated on May 1, 2025.</footer></body>')
    expect(
      measureAuthorship($2, parseJsonLd($2), NOW, { 'last-modified': 'Tue, 15 Apr 2025 10:00:00 GMT' })
        .modifiedSource,
    ).toBe('visible')
  })

  it('says the date of a Last-Modified header as a date in each language, not the header cut short', () => {
    const $ = load('<body><p>Texto.</p></body>')
    const r = measureAuthorship($, parseJsonLd($), NOW, { 'last-modified': 'Sat, 28 Nov 2026 10:00:00 GMT' })
    expect(r.dateModified).toBe('2026-11-28T10:00:00.000Z')
    const dated = authorshipFindings(r).find((f) => f.finding.id === 'aio-dates')!.finding
    expect(dated.title).toEqual({ pt: 'Datado: atualizado 28/11/2026', en: 'Dated: updated 28 Nov 2026' })
    expect(dated.description.pt).toContain('28/11/2026 (cabeçalho HTTP Last-Modified)')
  })
})

describe('rel="author"', () => {
  it('is an author page, not a named author', () => {
    const r = measure(
      '<head><link rel="author" title="About these documents" href="../about.html"></head><body><p>Text.</p></body>',
    )
    expect(r.author).toBeNull()
    expect(r.authorPage).toMatchObject({ href: '../about.html' })
    expect(r.authorPage?.found).toMatchObject({ element: 'link', region: '<head>' })
  })
  it('a byline around the link still names the author', () => {
    const r = measure('<body><p>By <a rel="author" href="/ana">Ana Silva</a></p></body>')
    expect(r).toMatchObject({ author: 'Ana Silva', authorSource: 'byline' })
    expect(r.authorPage?.href).toBe('/ana')
  })
})
