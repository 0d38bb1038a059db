import { describe, expect, it } from 'vitest'
import { artifactsFromHtml } from '../gather/testing.ts'
import { missingProperties, structuredData, structuredDataSummary } from './structured-data.ts'
import { page, run, verdict } from './test-utils.ts'

const ld = (...blocks: unknown[]) =>
  page(
    blocks
      .map(
        (b) => `<script type="application/ld+json">${typeof b === 'string' ? b : JSON.stringify(b)}</script>`,
      )
      .join(''),
  )
const ctx = 'https://schema.org'

describe('structured-data', () => {
  it('passes complete JSON-LD and lists types inside @graph', () => {
    const html = ld({
      '@context': ctx,
      '@graph': [
        { '@type': 'Organization', name: 'Farol', url: 'https://farol.pt/' },
        { '@type': 'WebSite', name: 'Farol' },
      ],
    })
    expect(verdict(structuredData, html)).toBe('pass')
    expect(structuredDataSummary(artifactsFromHtml(html)).types).toEqual(['Organization', 'WebSite'])
  })
  it('fails on a parse error', () => {
    const f = run(structuredData, ld('{ "@type": "Organization", "name": "Zé", }'))
    expect(f.verdict).toBe('fail')
    expect(f.evidence.find((e) => e.signal.en === 'parse errors')?.value).toBe(1)
  })
  it('warns without any JSON-LD', () =>
    expect(run(structuredData, page('')).title.en).toContain('no JSON-LD'))
  it('warns on missing required properties and names them', () => {
    const f = run(structuredData, ld({ '@context': ctx, '@type': 'Article', headline: 'x' }))
    expect(f.verdict).toBe('warn')
    expect(String(f.evidence.at(-1)?.value)).toContain('author, datePublished')
  })
  it('knows the required properties of each type', () => {
    expect(missingProperties({ '@type': 'Organization', name: 'F' })).toEqual(['url'])
    expect(missingProperties({ '@type': 'Dentist', name: 'F', url: 'u' })).toEqual(['address'])
    expect(
      missingProperties({
        '@type': 'https://schema.org/BlogPosting',
        headline: 'h',
        author: 'a',
        datePublished: 'd',
      }),
    ).toEqual([])
    expect(missingProperties({ '@type': 'Product', name: 'P' })).toEqual([
      'offers | review | aggregateRating',
    ])
    expect(missingProperties({ '@type': 'Product', name: 'P', offers: { price: '1' } })).toEqual([])
    expect(
      missingProperties({
        '@type': 'FAQPage',
        mainEntity: [
          { '@type': 'Question', name: 'Q?', acceptedAnswer: { '@type': 'Answer', text: 'A.' } },
          { '@type': 'Question', name: 'Q2?' },
        ],
      }),
    ).toEqual(['mainEntity[1].acceptedAnswer.text'])
    expect(missingProperties({ '@type': 'FAQPage' })).toEqual(['mainEntity'])
    expect(
      missingProperties({
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Início', item: 'https://farol.pt/' },
          { '@type': 'ListItem', name: 'Blog' },
          { '@type': 'ListItem', position: 3, name: 'Artigo' },
        ],
      }),
    ).toEqual(['itemListElement[1].position', 'itemListElement[1].item'])
    expect(missingProperties({ '@type': 'WebSite' })).toEqual([])
  })
  it('finds nested typed nodes (an Organization as publisher) and notes microdata', () => {
    const html = ld({
      '@context': ctx,
      '@type': 'Article',
      headline: 'h',
      author: { '@type': 'Person', name: 'A' },
      datePublished: '2025-01-01',
      publisher: { '@type': 'Organization', name: 'F' },
    })
    const s = structuredDataSummary(
      artifactsFromHtml(
        html.replace('<body>', '<body><div itemscope itemtype="https://schema.org/Person"></div>'),
      ),
    )
    expect(s.types).toEqual(['Article', 'Person', 'Organization'])
    expect(s.incomplete).toEqual([{ type: 'Organization', missing: ['url'] }])
    expect(s.otherFormats).toEqual(['microdata'])
  })
})
