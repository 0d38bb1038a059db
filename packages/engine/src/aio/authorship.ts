// Authorship and freshness. Google's quality rater guidelines ask who wrote a page and when (E-E-A-T);
// answer engines show and weigh publication dates. Read from markup, JSON-LD and visible bylines.
import type { CheerioAPI } from 'cheerio'
import {
  allElements,
  type DomElement,
  descendants,
  elementsByTag,
  hasAncestorTag,
  hasAttr,
} from '../page/dom.ts'
import { normalizeSpace, words } from '../seo/text.ts'
import { type JsonLdParse, textOf, typesOf } from './jsonld.ts'

export interface AuthorshipSignals {
  author: string | null
  authorSource: 'json-ld' | 'meta' | 'rel-author' | 'itemprop' | 'byline' | null
  datePublished: string | null
  publishedSource: string | null
  dateModified: string | null
  modifiedSource: string | null
  /** Days since dateModified (else datePublished) at `now`; null without a valid date. */
  ageDays: number | null
}

const BYLINE =
  /^(?:[Pp]or|[Ee]scrito por|[Tt]exto de|[Aa]utora?:|[Bb]y|[Ww]ritten by|[Aa]uthor:)\s+(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,4})/u

const validDate = (v: string | null | undefined): string | null =>
  v && !Number.isNaN(Date.parse(v.trim())) ? v.trim() : null

const BYLINE_TAGS = new Set(['p', 'span', 'address', 'small'])
const BODY = new Set(['body'])

/**
 * `body p, body span, body address, body small, body .byline, body .author, body [class*="byline"],
 * body [class*="author"]` (the class substrings cover the class names).
 */
function isBylineCandidate(el: DomElement): boolean {
  const cls = el.attribs.class ?? ''
  return (
    (BYLINE_TAGS.has(el.name) || cls.includes('byline') || cls.includes('author')) && hasAncestorTag(el, BODY)
  )
}

function findAuthor($: CheerioAPI, jsonLd: JsonLdParse): Pick<AuthorshipSignals, 'author' | 'authorSource'> {
  for (const node of jsonLd.nodes) {
    const name = node.author === undefined ? null : textOf(node.author)
    if (name) return { author: name, authorSource: 'json-ld' }
  }
  const meta = normalizeSpace(
    elementsByTag($, 'meta').find((el) => el.attribs.name?.toLowerCase() === 'author')?.attribs.content ?? '',
  )
  if (meta) return { author: meta, authorSource: 'meta' }
  // `a[rel~="author"], link[rel~="author"][title]` (rel is compared case-insensitively).
  const relAuthor = allElements($).find(
    (el) =>
      (el.name === 'a' || (el.name === 'link' && hasAttr(el, 'title'))) &&
      /(?:^|\s)author(?:$|\s)/i.test(el.attribs.rel ?? ''),
  )
  const rel = normalizeSpace(relAuthor ? $.text([relAuthor]) : '')
  if (rel) return { author: rel, authorSource: 'rel-author' }
  const prop = allElements($).find((el) => el.attribs.itemprop === 'author')
  const propName = normalizeSpace(
    prop
      ? $.text(descendants(prop).filter((el) => el.attribs.itemprop === 'name')) ||
          prop.attribs.content ||
          $.text([prop])
      : '',
  )
  if (propName) return { author: propName, authorSource: 'itemprop' }
  // A visible byline: a short element reading "Por Ana Silva" / "By Ana Silva". Generic <div>s are not
  // scanned: their text includes every descendant, which is slow on large pages and never a byline alone.
  for (const el of allElements($)) {
    if (!isBylineCandidate(el)) continue
    const raw = $.text([el])
    // Cheap length test first: most elements are long paragraphs that cannot be a byline.
    if (raw.length > 200) continue
    const text = normalizeSpace(raw)
    if (!text || words(text).length > 12) continue
    const m = BYLINE.exec(text)
    if (m?.[1]) return { author: m[1], authorSource: 'byline' }
  }
  return { author: null, authorSource: null }
}

function firstDate(candidates: [string, string | null | undefined][]): [string, string] | null {
  for (const [source, value] of candidates) {
    const d = validDate(value)
    if (d) return [source, d]
  }
  return null
}

export function measureAuthorship($: CheerioAPI, jsonLd: JsonLdParse, now: Date): AuthorshipSignals {
  // Prefer the dates of the page's own creative work over, say, an Organization's foundingDate.
  const dated = [...jsonLd.nodes].sort(
    (a, b) =>
      Number(typesOf(b).some((t) => /Article|Posting|WebPage|CreativeWork|Report/.test(t))) -
      Number(typesOf(a).some((t) => /Article|Posting|WebPage|CreativeWork|Report/.test(t))),
  )
  const ld = (key: string): string | null => {
    for (const n of dated) {
      const v = textOf(n[key])
      if (validDate(v)) return v
    }
    return null
  }
  const meta = (property: string): string | undefined =>
    elementsByTag($, 'meta').find((el) => el.attribs.property === property)?.attribs.content
  const itemprop = (name: string): string | undefined => {
    const el = allElements($).find((e) => e.attribs.itemprop === name)
    return el?.attribs.content ?? el?.attribs.datetime
  }
  const published = firstDate([
    ['json-ld', ld('datePublished')],
    ['article:published_time', meta('article:published_time')],
    ['itemprop', itemprop('datePublished')],
    ['time', elementsByTag($, 'time').find((el) => hasAttr(el, 'datetime'))?.attribs.datetime],
  ])
  const modified = firstDate([
    ['json-ld', ld('dateModified')],
    ['article:modified_time', meta('article:modified_time')],
    ['og:updated_time', meta('og:updated_time')],
    ['itemprop', itemprop('dateModified')],
  ])
  const reference = modified?.[1] ?? published?.[1]
  const ageDays = reference
    ? Math.max(0, Math.floor((now.getTime() - Date.parse(reference)) / 86_400_000))
    : null
  return {
    ...findAuthor($, jsonLd),
    datePublished: published?.[1] ?? null,
    publishedSource: published?.[0] ?? null,
    dateModified: modified?.[1] ?? null,
    modifiedSource: modified?.[0] ?? null,
    ageDays,
  }
}
