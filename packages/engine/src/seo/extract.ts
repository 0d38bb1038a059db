// Element extraction shared by the checks, computed once per parsed document (cached on the CheerioAPI),
// so twenty checks over a 200 KB page do not walk it twenty times.
import type { CheerioAPI } from 'cheerio'
import {
  closest,
  closestAncestor,
  type DomElement,
  descendants,
  elementsByTag,
  hasAttr,
  pageText,
} from '../page/dom.ts'
import type { PageArtifacts } from '../types.ts'
import { normalizeSpace } from './text.ts'

export interface MetaElement {
  /** Lowercased, as Lighthouse's MetaElements gatherer does. */
  name: string
  property: string
  httpEquiv: string
  content: string
}

export interface LinkElement {
  /** Lowercased rel tokens. */
  rel: string[]
  hrefRaw: string
  /** Resolved against the page URL; null when it does not parse. */
  href: string | null
  hreflang: string
  /** Where it was declared: in <head>, in <body> (ignored by search engines for canonical/hreflang), or an HTTP Link header. */
  source: 'head' | 'body' | 'headers'
}

export interface AnchorElement {
  /** The href attribute, whitespace removed; null when there is no href attribute. */
  rawHref: string | null
  href: string | null
  text: string
  /** Accessible name fallbacks when the text is empty: aria-label, title, alt of an image inside. */
  labelText: string
  rel: string[]
  role: string
  name: string
  id: string
  attributeNames: string[]
  /** Closest lang attribute (the element's own or an ancestor's). */
  lang: string | null
  /**
   * The language of the link's text, as Lighthouse's AnchorElements gatherer reads it: the lang of the
   * elements holding its text (a <span lang> inside), else the closest lang (the link's own, else the
   * page's); null when the text mixes languages or none is declared.
   */
  textLang: string | null
  /**
   * Event listener types on the element, known only from a rendered page (Lighthouse's AnchorElements);
   * undefined for raw HTML, where on* attributes stand in for them.
   */
  listeners?: string[]
}

export interface ImageElement {
  src: string
  alt: string | null
  role: string
  ariaLabel: string
  ariaLabelledby: string
  title: string
  hidden: boolean
}

export interface Heading {
  level: number
  text: string
}

export interface Extracted {
  pageUrl: string
  /** <base href> resolved, or the page URL: relative links resolve against it. */
  baseUrl: string
  title: string | null
  titleCount: number
  htmlLang: string | null
  meta: MetaElement[]
  links: LinkElement[]
  anchors: AnchorElement[]
  images: ImageElement[]
  headings: Heading[]
  text: string
}

const cache = new WeakMap<CheerioAPI, Extracted>()

export function resolveUrl(raw: string, base: string): string | null {
  try {
    return new URL(raw, base).href
  } catch {
    return null
  }
}

/** Parses an HTTP Link header (`<url>; rel="canonical", <url2>; rel="alternate"; hreflang="en"`). */
export function parseLinkHeader(value: string, base: string): LinkElement[] {
  const out: LinkElement[] = []
  for (const m of value.matchAll(/<([^>]*)>((?:\s*;\s*[^;,]+(?:=(?:"[^"]*"|[^;,]*))?)*)/g)) {
    const hrefRaw = m[1] ?? ''
    const params = new Map<string, string>()
    for (const p of (m[2] ?? '').matchAll(/;\s*([^=;,\s]+)\s*(?:=\s*(?:"([^"]*)"|([^;,]*)))?/g)) {
      params.set((p[1] ?? '').toLowerCase(), (p[2] ?? p[3] ?? '').trim())
    }
    out.push({
      rel: (params.get('rel') ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      hrefRaw,
      href: resolveUrl(hrefRaw, base),
      hreflang: params.get('hreflang') ?? '',
      source: 'headers',
    })
  }
  return out
}

const withLang = (e: DomElement): boolean => hasAttr(e, 'lang')

/** Lighthouse's getLangOfInnerText (anchor-elements.js), over the parsed HTML. */
export function langOfText($: CheerioAPI, el: DomElement): string | null {
  let current: string | null = null
  for (const child of descendants(el)) {
    if (!$.text([child])) continue
    const childLang = closest(child, withLang)?.attribs.lang
    if (!childLang) continue
    if (!current) {
      current = childLang
      continue
    }
    // Two languages inside one link: no single language to judge the text in.
    if (current.split('-')[0] !== childLang.split('-')[0]) return null
  }
  return current ?? (closest(el, withLang)?.attribs.lang || null)
}

export function extract(artifacts: PageArtifacts): Extracted {
  const $ = artifacts.$
  const hit = cache.get($)
  if (hit) return hit
  const pageUrl = artifacts.page.finalUrl
  const baseHref = elementsByTag($, 'base').find((el) => hasAttr(el, 'href'))?.attribs.href
  const baseUrl = (baseHref && resolveUrl(baseHref, pageUrl)) || pageUrl
  const isTag = (name: string) => (el: DomElement) => el.name === name

  const titles = elementsByTag($, 'title').filter((el) => !closestAncestor(el, isTag('svg')))
  const meta: MetaElement[] = elementsByTag($, 'meta').map((el) => {
    const a = el.attribs
    return {
      name: (a.name ?? '').trim().toLowerCase(),
      property: (a.property ?? '').trim().toLowerCase(),
      httpEquiv: (a['http-equiv'] ?? '').trim().toLowerCase(),
      content: a.content ?? '',
    }
  })

  const links: LinkElement[] = elementsByTag($, 'link')
    .filter((el) => !closestAncestor(el, isTag('svg')))
    .map((el) => {
      const a = el.attribs
      const hrefRaw = a.href ?? ''
      return {
        rel: (a.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
        hrefRaw,
        href: hrefRaw ? resolveUrl(hrefRaw, baseUrl) : null,
        hreflang: a.hreflang ?? '',
        source: closestAncestor(el, isTag('head')) ? ('head' as const) : ('body' as const),
      }
    })
  const linkHeader = artifacts.page.headers.link
  if (linkHeader) links.push(...parseLinkHeader(linkHeader, pageUrl))

  const anchors: AnchorElement[] = elementsByTag($, 'a').map((el) => {
    const a = el.attribs
    const rawHref = a.href === undefined ? null : a.href.replace(/\s/g, '')
    const imgAlt = descendants(el)
      .filter((i) => i.name === 'img' && hasAttr(i, 'alt'))
      .map((i) => i.attribs.alt ?? '')
      .join(' ')
    return {
      rawHref,
      href: rawHref === null ? null : resolveUrl(rawHref, baseUrl),
      text: normalizeSpace($.text([el])),
      labelText: normalizeSpace([a['aria-label'] ?? '', a.title ?? '', imgAlt].join(' ')),
      rel: (a.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean),
      role: (a.role ?? '').trim(),
      name: (a.name ?? '').trim(),
      id: a.id ?? '',
      attributeNames: Object.keys(a),
      lang: closest(el, (e) => hasAttr(e, 'lang'))?.attribs.lang ?? null,
      textLang: langOfText($, el),
    }
  })

  // `[hidden], [aria-hidden="true"], noscript, template` on the image or an ancestor.
  const hides = (el: DomElement): boolean =>
    hasAttr(el, 'hidden') ||
    el.attribs['aria-hidden'] === 'true' ||
    el.name === 'noscript' ||
    el.name === 'template'
  const images: ImageElement[] = elementsByTag($, 'img').map((el) => {
    const a = el.attribs
    const hidden = closest(el, hides) !== undefined || /display\s*:\s*none/i.test(a.style ?? '')
    return {
      src: a.src ?? '',
      alt: a.alt === undefined ? null : a.alt,
      role: (a.role ?? '').trim().toLowerCase(),
      ariaLabel: (a['aria-label'] ?? '').trim(),
      ariaLabelledby: (a['aria-labelledby'] ?? '').trim(),
      title: (a.title ?? '').trim(),
      hidden,
    }
  })

  const headings: Heading[] = elementsByTag($, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6').map((el) => ({
    level: Number(el.tagName.slice(1)),
    text: normalizeSpace($.text([el])),
  }))

  const firstTitle = titles[0]
  const result: Extracted = {
    pageUrl,
    baseUrl,
    title: firstTitle ? normalizeSpace($.text([firstTitle])) : null,
    titleCount: titles.length,
    htmlLang: elementsByTag($, 'html')[0]?.attribs.lang?.trim() ?? null,
    meta,
    links,
    anchors,
    images,
    headings,
    text: pageText($).text,
  }
  cache.set($, result)
  return result
}

/** First meta element by name (name attribute, lowercased). */
export function metaByName(x: Extracted, name: string): MetaElement | undefined {
  return x.meta.find((m) => m.name === name)
}

/** First meta element by Open Graph style property (or name, which many sites use instead). */
export function metaByProperty(x: Extracted, property: string): MetaElement | undefined {
  return x.meta.find((m) => m.property === property) ?? x.meta.find((m) => m.name === property)
}
