import { describe, expect, it } from 'vitest'
import {
  langOfPath,
  languages,
  localizedPath,
  readLangCookie,
  resolvePath,
  routeTable,
  seoLinks,
  twinPath,
} from './route-table.ts'

const base = 'https://farol.example'

function fill(pattern: string): string {
  return pattern.replace(/:([a-zA-Z]+)/g, 'exemplo-de-slug')
}

describe('route table', () => {
  it('gives every entry a distinct Portuguese and English path', () => {
    const all = routeTable.flatMap((r) => [r.pt, r.en])
    for (const route of routeTable) {
      expect(route.pt.startsWith('/')).toBe(true)
      expect(route.en.startsWith('/')).toBe(true)
      expect(route.pt).not.toBe(route.en)
    }
    expect(new Set(all).size).toBe(all.length)
  })

  it('holds the twins of spec §2', () => {
    const pairs = Object.fromEntries(routeTable.map((r) => [r.pt, r.en]))
    expect(pairs).toMatchObject({
      '/': '/en',
      '/como-funciona': '/how-it-works',
      '/faq': '/en/faq',
      '/contacto': '/contact',
      '/blog': '/en/blog',
      '/blog/:slug': '/en/blog/:slug',
      '/guias': '/guides',
      '/guias/seo-aio-checklist': '/guides/seo-aio-checklist',
      '/glossario': '/glossary',
      '/termos': '/terms',
      '/privacidade': '/privacy',
    })
  })

  it('resolves each path to its own page and language', () => {
    for (const route of routeTable) {
      for (const lang of languages) {
        const path = fill(route[lang])
        const resolved = resolvePath(path)
        expect(resolved, path).toMatchObject({ key: route.key, lang })
      }
    }
  })

  it('prefers static paths over dynamic ones', () => {
    expect(resolvePath('/guias/seo-aio-checklist')?.key).toBe('checklist')
    expect(resolvePath('/guides/seo-aio-checklist')?.key).toBe('checklist')
    expect(resolvePath('/guias/otimizacao-local')).toMatchObject({
      key: 'guide',
      params: { slug: 'otimizacao-local' },
    })
  })

  it('returns null for paths outside the table', () => {
    expect(resolvePath('/nada-aqui')).toBeNull()
    expect(resolvePath('/suite')).toBeNull()
    expect(twinPath('/suite')).toBeNull()
  })

  it('toggling twice returns the original path', () => {
    for (const route of routeTable) {
      for (const lang of languages) {
        const path = fill(route[lang])
        const twin = twinPath(path)
        expect(twin).not.toBeNull()
        expect(twin).not.toBe(path)
        expect(twinPath(twin!)).toBe(path)
      }
    }
  })

  it('keeps slugs when switching language', () => {
    expect(twinPath('/blog/o-meu-artigo')).toBe('/en/blog/o-meu-artigo')
    expect(twinPath('/glossary/core-web-vitals')).toBe('/glossario/core-web-vitals')
    expect(twinPath('/en', 'en')).toBe('/en')
  })

  it('builds hreflang alternates that agree from both sides of a pair', () => {
    for (const route of routeTable) {
      const pt = seoLinks(resolvePath(fill(route.pt))!, base)
      const en = seoLinks(resolvePath(fill(route.en))!, `${base}/`)
      expect(pt.alternates).toEqual(en.alternates)
      expect(pt.canonical).toBe(base + fill(route.pt))
      expect(en.canonical).toBe(base + fill(route.en))
      const byLang = Object.fromEntries(pt.alternates.map((a) => [a.hreflang, a.href]))
      expect(byLang).toEqual({ 'pt-PT': pt.canonical, en: en.canonical, 'x-default': pt.canonical })
    }
  })

  it('fills and encodes parameters', () => {
    expect(localizedPath('blogPost', 'en', { slug: 'a b' })).toBe('/en/blog/a%20b')
    expect(() => localizedPath('blogPost', 'pt')).toThrow()
  })
})

describe('language of a request', () => {
  it('comes from the path for public pages, whatever the cookie says', () => {
    expect(langOfPath('/', 'en')).toBe('pt')
    expect(langOfPath('/en', 'pt')).toBe('en')
    expect(langOfPath('/contact', null)).toBe('en')
  })

  it('falls back to /en/…, then the remembered choice, then Portuguese', () => {
    expect(langOfPath('/en/nada', null)).toBe('en')
    expect(langOfPath('/suite', 'en')).toBe('en')
    expect(langOfPath('/suite', null)).toBe('pt')
  })

  it('reads the farol_lang cookie', () => {
    expect(readLangCookie('a=1; farol_lang=en; b=2')).toBe('en')
    expect(readLangCookie('farol_lang=fr')).toBeNull()
    expect(readLangCookie(null)).toBeNull()
  })
})
