/**
 * Helpers shared by the public content pages (how it works, FAQ, guides, glossary, legal): the page's
 * language and absolute URLs in loaders, bilingual text, and the BreadcrumbList structured data.
 */
import type { RouterContextProvider } from 'react-router'
import { apiContext } from '../../lib/api-context.ts'
import {
  defaultLang,
  type Lang,
  localizedPath,
  type PageKey,
  type Params,
  resolvePath,
} from '../../lib/route-table.ts'

/** Text in both languages (data modules keep both side by side; loaders pick one). */
export interface Bilingual<T = string> {
  pt: T
  en: T
}

export interface PageContext {
  lang: Lang
  /** Public origin without a trailing slash. */
  base: string
  /** Absolute URL of a public page in this language. */
  url(key: PageKey, params?: Params): string
}

/** Language (from the path) and public origin of the request a loader is answering. */
export function pageContext(request: Request, context: Readonly<RouterContextProvider>): PageContext {
  const requestUrl = new URL(request.url)
  const lang = resolvePath(requestUrl.pathname)?.lang ?? defaultLang
  const base = (context.get(apiContext)?.publicUrl ?? requestUrl.origin).replace(/\/+$/, '')
  return { lang, base, url: (key, params) => base + localizedPath(key, lang, params) }
}

export interface Crumb {
  name: string
  /** Absolute URL; the last crumb (the page itself) may leave it out. */
  url?: string
}

export function breadcrumbJsonLd(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  }
}

/** The route's `meta`: its JSON-LD blocks, rendered by `<Meta />` in the head. */
export function jsonLdMeta(loaderData: { jsonLd?: unknown[] } | undefined) {
  return (loaderData?.jsonLd ?? []).map((block) => ({ 'script:ld+json': block }))
}

/** Reading time at 200 words a minute, at least one minute. */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / 200))
}
