/**
 * The one route table: every public page of the site with its Portuguese and English path.
 * The path decides the language (see docs/decisions/001-language-urls.md).
 */
export const languages = ['pt', 'en'] as const
export type Lang = (typeof languages)[number]
export const defaultLang: Lang = 'pt'

/** BCP 47 tags used in `<html lang>` and `hreflang`. */
export const htmlLang: Record<Lang, string> = { pt: 'pt-PT', en: 'en' }

const pageKeys = [
  'home',
  'howItWorks',
  'faq',
  'contact',
  'blog',
  'blogPost',
  'guides',
  'checklist',
  'guide',
  'glossary',
  'glossaryTerm',
  'terms',
  'privacy',
  'apiDocs',
] as const
export type PageKey = (typeof pageKeys)[number]

export interface PageRoute {
  key: PageKey
  pt: string
  en: string
}

/** Static paths come before the dynamic ones they could shadow (checklist before guide). */
export const routeTable: readonly PageRoute[] = [
  { key: 'home', pt: '/', en: '/en' },
  { key: 'howItWorks', pt: '/como-funciona', en: '/how-it-works' },
  { key: 'faq', pt: '/faq', en: '/en/faq' },
  { key: 'contact', pt: '/contacto', en: '/contact' },
  { key: 'blog', pt: '/blog', en: '/en/blog' },
  { key: 'blogPost', pt: '/blog/:slug', en: '/en/blog/:slug' },
  { key: 'guides', pt: '/guias', en: '/guides' },
  { key: 'checklist', pt: '/guias/seo-aio-checklist', en: '/guides/seo-aio-checklist' },
  { key: 'guide', pt: '/guias/:slug', en: '/guides/:slug' },
  { key: 'glossary', pt: '/glossario', en: '/glossary' },
  { key: 'glossaryTerm', pt: '/glossario/:slug', en: '/glossary/:slug' },
  { key: 'terms', pt: '/termos', en: '/terms' },
  { key: 'privacy', pt: '/privacidade', en: '/privacy' },
  { key: 'apiDocs', pt: '/docs/api', en: '/en/docs/api' },
]

const byKey = new Map(routeTable.map((r) => [r.key, r]))

export type Params = Record<string, string>

export interface ResolvedPath {
  key: PageKey
  lang: Lang
  params: Params
}

export function isLang(value: unknown): value is Lang {
  return value === 'pt' || value === 'en'
}

function splitPath(path: string): string[] {
  return path.split('/').filter(Boolean)
}

function matchPattern(pattern: string, pathname: string): Params | null {
  const want = splitPath(pattern)
  const got = splitPath(pathname)
  if (want.length !== got.length) return null
  const params: Params = {}
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!
    const g = got[i]!
    if (w.startsWith(':')) {
      try {
        params[w.slice(1)] = decodeURIComponent(g)
      } catch {
        return null
      }
    } else if (w !== g) return null
  }
  return params
}

/** Finds the page and language a pathname belongs to; static paths win over dynamic ones. */
export function resolvePath(pathname: string): ResolvedPath | null {
  let dynamic: ResolvedPath | null = null
  for (const route of routeTable) {
    for (const lang of languages) {
      const pattern = route[lang]
      const params = matchPattern(pattern, pathname)
      if (!params) continue
      const found = { key: route.key, lang, params }
      if (!pattern.includes(':')) return found
      dynamic ??= found
    }
  }
  return dynamic
}

/** The path of a page in a language, with its parameters filled in. */
export function localizedPath(key: PageKey, lang: Lang, params: Params = {}): string {
  const route = byKey.get(key)
  if (!route) throw new Error(`Unknown page: ${key}`)
  return route[lang].replace(/:([a-zA-Z]+)/g, (_, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`Missing parameter ${name} for ${key}`)
    return encodeURIComponent(value)
  })
}

/** The same page in the other language, or null when the path is not a public page. */
export function twinPath(pathname: string, lang?: Lang): string | null {
  const resolved = resolvePath(pathname)
  if (!resolved) return null
  const target = lang ?? (resolved.lang === 'pt' ? 'en' : 'pt')
  return localizedPath(resolved.key, target, resolved.params)
}

/**
 * Language of a request: public pages carry it in their path; other paths (suite, sign-in, 404)
 * follow `/en/…` or else the remembered choice, else Portuguese.
 */
export function langOfPath(pathname: string, remembered?: Lang | null): Lang {
  const resolved = resolvePath(pathname)
  if (resolved) return resolved.lang
  if (pathname === '/en' || pathname.startsWith('/en/')) return 'en'
  return remembered ?? defaultLang
}

export interface Alternate {
  hreflang: string
  href: string
}

/** Absolute canonical URL and hreflang alternates (pt-PT, en, x-default → Portuguese). */
export function seoLinks(
  resolved: ResolvedPath,
  publicUrl: string,
): { canonical: string; alternates: Alternate[] } {
  const base = publicUrl.replace(/\/+$/, '')
  const pt = base + localizedPath(resolved.key, 'pt', resolved.params)
  const en = base + localizedPath(resolved.key, 'en', resolved.params)
  return {
    canonical: resolved.lang === 'pt' ? pt : en,
    alternates: [
      { hreflang: htmlLang.pt, href: pt },
      { hreflang: htmlLang.en, href: en },
      { hreflang: 'x-default', href: pt },
    ],
  }
}

export const langCookieName = 'farol_lang'

export function readLangCookie(cookieHeader: string | null | undefined): Lang | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.trim().split('=')
    if (name === langCookieName && isLang(value)) return value
  }
  return null
}
