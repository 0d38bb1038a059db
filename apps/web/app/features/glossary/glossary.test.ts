import { describe, expect, it } from 'vitest'
import { glossaryTerms } from './data.ts'
import {
  letterBuckets,
  letterOf,
  letters,
  localizeTerm,
  popularTerms,
  referenceCounts,
  searchTerms,
} from './glossary.ts'

const pt = glossaryTerms.map((term) => localizeTerm(term, 'pt'))
const en = glossaryTerms.map((term) => localizeTerm(term, 'en'))

describe('glossary data', () => {
  it('has the 13 terms with the ten slugs of the specification, unique and cross-linked', () => {
    expect(glossaryTerms).toHaveLength(13)
    const slugs = glossaryTerms.map((term) => term.slug)
    expect(new Set(slugs).size).toBe(13)
    for (const slug of [
      'aio',
      'seo-tecnico',
      'llm',
      'serp',
      'crawlability',
      'e-e-a-t',
      'featured-snippet',
      'schema-markup',
      'zero-click-search',
      'core-web-vitals',
    ])
      expect(slugs).toContain(slug)
    for (const term of glossaryTerms) {
      for (const slug of term.related) expect(slugs, `${term.slug} → ${slug}`).toContain(slug)
      expect(term.faqs.pt.length).toBe(term.faqs.en.length)
      expect(term.faqs.pt.length).toBeGreaterThan(0)
      expect(term.relevance.length).toBeGreaterThan(0)
    }
  })

  it('states the Core Web Vitals targets of spec §9 and that INP replaced FID', () => {
    const cwv = glossaryTerms.find((term) => term.slug === 'core-web-vitals')!
    const pt = cwv.explanation.pt.join(' ')
    const en = cwv.explanation.en.join(' ')
    for (const text of [pt, en]) expect(text).toContain('100 ms')
    expect(pt).toContain('2,5 s')
    expect(pt).toContain('0,1')
    expect(pt).toMatch(/INP.*200 ms.*substituiu o FID/)
    expect(en).toContain('2.5 s')
    expect(en).toContain('0.1')
    expect(en).toMatch(/INP.*200 ms.*replaced FID/)
  })
})

describe('letterOf and letterBuckets', () => {
  it('uses the first letter without accents, and # for anything else', () => {
    expect(letterOf('Ética')).toBe('E')
    expect(letterOf('  serp')).toBe('S')
    expect(letterOf('404 error')).toBe('#')
    expect(letterOf('.htaccess')).toBe('#')
    expect(letterOf('')).toBe('#')
  })

  it('lists # then A-Z, counts every term once and sorts within a letter', () => {
    const buckets = letterBuckets(
      [{ title: 'Zebra' }, { title: '3G' }, { title: 'árvore' }, { title: 'Abacus' }, { title: 'abc' }],
      'pt',
    )
    expect(buckets.map((b) => b.letter)).toEqual(letters)
    expect(buckets).toHaveLength(27)
    expect(buckets[0]).toEqual({ letter: '#', terms: [{ title: '3G' }] })
    expect(buckets[1]!.terms.map((t) => t.title)).toEqual(
      ['abc', 'Abacus', 'árvore'].sort((a, b) => a.localeCompare(b, 'pt')),
    )
    expect(buckets.find((b) => b.letter === 'Z')!.terms).toHaveLength(1)
    expect(buckets.find((b) => b.letter === 'Q')!.terms).toHaveLength(0)
  })

  it('puts every real term in exactly one bucket in each language', () => {
    for (const terms of [pt, en]) {
      const total = letterBuckets(terms, 'pt').reduce((sum, b) => sum + b.terms.length, 0)
      expect(total).toBe(13)
    }
    // Technical SEO is under S in Portuguese and T in English.
    expect(
      letterBuckets(pt, 'pt')
        .find((b) => b.letter === 'S')!
        .terms.map((t) => t.slug),
    ).toContain('seo-tecnico')
    expect(
      letterBuckets(en, 'en')
        .find((b) => b.letter === 'T')!
        .terms.map((t) => t.slug),
    ).toContain('seo-tecnico')
  })
})

describe('popularTerms', () => {
  it('counts references from other terms only, once per term', () => {
    const counts = referenceCounts([
      { slug: 'a', related: ['b', 'b', 'a'] },
      { slug: 'b', related: ['a', 'missing'] },
      { slug: 'c', related: ['a'] },
    ])
    expect(Object.fromEntries(counts)).toEqual({ a: 2, b: 1, c: 0 })
  })

  it('orders by count, then slug, and keeps five', () => {
    const terms = [
      { slug: 'x', related: ['a', 'b'] },
      { slug: 'y', related: ['a', 'c'] },
      { slug: 'z', related: ['a', 'b', 'd', 'e'] },
      { slug: 'a', related: [] },
      { slug: 'b', related: [] },
      { slug: 'c', related: [] },
      { slug: 'd', related: [] },
      { slug: 'e', related: [] },
    ]
    expect(popularTerms(terms).map((t) => t.slug)).toEqual(['a', 'b', 'c', 'd', 'e'])
  })

  it('gives the same five real terms in both languages', () => {
    const ptPopular = popularTerms(pt).map((t) => t.slug)
    expect(ptPopular).toHaveLength(5)
    expect(ptPopular).toEqual(popularTerms(en).map((t) => t.slug))
    expect(ptPopular[0]).toBe('aio')
  })
})

describe('searchTerms', () => {
  it('matches title or short definition, ignoring case and accents', () => {
    expect(searchTerms(pt, 'SERP').map((t) => t.slug)).toContain('serp')
    expect(searchTerms(pt, 'tecnico').map((t) => t.slug)).toContain('seo-tecnico')
    expect(searchTerms(en, 'markdown').map((t) => t.slug)).toEqual(['llms-txt'])
    expect(searchTerms(en, '  core WEB ').map((t) => t.slug)).toEqual(['core-web-vitals'])
  })

  it('returns everything for an empty query and nothing for an unknown word', () => {
    expect(searchTerms(pt, '   ')).toHaveLength(13)
    expect(searchTerms(pt, 'xyzzy')).toEqual([])
  })

  it('does not search the long explanation', () => {
    // "RFC 9309" appears only in the explanation of robots.txt.
    expect(searchTerms(en, 'RFC 9309')).toEqual([])
  })
})
