import { load } from 'cheerio'
import { describe, expect, it } from 'vitest'
import { isOrganizationType, measureEntity, normalizeName } from './entity.ts'
import { parseJsonLd, textOf } from './jsonld.ts'

const entity = (html: string) => {
  const $ = load(html)
  return measureEntity($, parseJsonLd($))
}
const ld = (obj: unknown) => `<script type="application/ld+json">${JSON.stringify(obj)}</script>`

describe('parseJsonLd', () => {
  it('flattens @graph and nested objects and counts parse errors', () => {
    const $ = load(
      `<head>${ld({ '@context': 'https://schema.org', '@graph': [{ '@type': 'Article', publisher: { '@type': 'Organization', name: 'X' } }] })}<script type="application/ld+json">{bad json</script></head>`,
    )
    const r = parseJsonLd($)
    expect(r.blocks).toBe(2)
    expect(r.errors).toBe(1)
    expect(r.nodes.map((n) => n['@type'])).toEqual(['Article', 'Organization'])
  })
  it('reads text from strings, {name} objects and lists', () => {
    expect(textOf(' Ana ')).toBe('Ana')
    expect(textOf({ '@type': 'Person', name: 'Rui' })).toBe('Rui')
    expect(textOf([{ name: '' }, 'Eva'])).toBe('Eva')
    expect(textOf(3)).toBeNull()
  })
})

describe('normalizeName / isOrganizationType', () => {
  it('ignores case, accents, punctuation and legal suffixes', () => {
    expect(normalizeName('Padaria São João, Lda.')).toBe('padaria sao joao')
    expect(normalizeName('ACME Inc')).toBe('acme')
  })
  it('recognises Organization and LocalBusiness subtypes', () => {
    expect(isOrganizationType('LocalBusiness')).toBe(true)
    expect(isOrganizationType('Dentist')).toBe(true)
    expect(isOrganizationType('https://schema.org/Organization')).toBe(true)
    expect(isOrganizationType('Article')).toBe(false)
  })
})

describe('measureEntity', () => {
  it('finds the organisation, its sameAs and checks the name everywhere', () => {
    const r = entity(
      `<head><title>Guia de SEO | Farol</title><meta property="og:site_name" content="Farol">${ld({
        '@type': 'Organization',
        name: 'Farol',
        sameAs: ['https://www.linkedin.com/company/farol', 'https://github.com/farol', 'not a url'],
        logo: 'https://farol.pt/logo.png',
      })}</head><body><header><img src="/logo.svg" alt="Farol"></header></body>`,
    )
    expect(r.organization).toMatchObject({ type: 'Organization', name: 'Farol', hasLogo: true })
    expect(r.organization?.sameAs).toHaveLength(2)
    expect(r.nameSources.map((s) => s.source)).toEqual(['og:site_name', 'title', 'logo alt'])
    expect(r.nameConsistency).toBe(1)
  })
  it('flags an inconsistent name', () => {
    const r = entity(
      `<head><title>Loja Azul</title><meta property="og:site_name" content="Azul Store">${ld({ '@type': 'Store', name: 'Farol' })}</head>`,
    )
    expect(r.organization?.type).toBe('Store')
    expect(r.organization?.sameAs).toEqual([])
    expect(r.nameConsistency).toBe(0)
  })
  it('does not match a name inside another word', () => {
    const r = entity(`<head><title>Farolim</title>${ld({ '@type': 'Organization', name: 'Farol' })}</head>`)
    expect(r.nameSources[0]?.matches).toBe(false)
  })
  it('reports no organisation when there is none', () => {
    const r = entity(`<head><title>T</title>${ld({ '@type': 'WebPage' })}</head>`)
    expect(r.organization).toBeNull()
    expect(r.types).toEqual(['WebPage'])
    expect(r.nameConsistency).toBeNull()
  })
})
