// Authorship and freshness. Google's quality rater guidelines ask who wrote a page and when (E-E-A-T);
// answer engines show and weigh publication dates. Read from markup, JSON-LD and visible bylines.
import type { CheerioAPI } from 'cheerio'
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

function findAuthor($: CheerioAPI, jsonLd: JsonLdParse): Pick<AuthorshipSignals, 'author' | 'authorSource'> {
  for (const node of jsonLd.nodes) {
    const name = node.author === undefined ? null : textOf(node.author)
    if (name) return { author: name, authorSource: 'json-ld' }
  }
  const meta = normalizeSpace($('meta[name="author" i]').attr('content') ?? '')
  if (meta) return { author: meta, authorSource: 'meta' }
  const rel = normalizeSpace($('a[rel~="author"], link[rel~="author"][title]').first().text())
  if (rel) return { author: rel, authorSource: 'rel-author' }
  const prop = $('[itemprop="author"]').first()
  const propName = normalizeSpace(
    prop.find('[itemprop="name"]').text() || prop.attr('content') || prop.text(),
  )
  if (propName) return { author: propName, authorSource: 'itemprop' }
  // A visible byline: a short element reading "Por Ana Silva" / "By Ana Silva". Generic <div>s are not
  // scanned: their text includes every descendant, which is slow on large pages and never a byline alone.
  for (const el of $(
    'body p, body span, body address, body small, body .byline, body .author, body [class*="byline"], body [class*="author"]',
  ).toArray()) {
    const raw = $(el).text()
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
  const meta = (sel: string): string | undefined => $(sel).attr('content')
  const published = firstDate([
    ['json-ld', ld('datePublished')],
    ['article:published_time', meta('meta[property="article:published_time"]')],
    [
      'itemprop',
      $('[itemprop="datePublished"]').attr('content') ?? $('[itemprop="datePublished"]').attr('datetime'),
    ],
    ['time', $('time[datetime]').first().attr('datetime')],
  ])
  const modified = firstDate([
    ['json-ld', ld('dateModified')],
    ['article:modified_time', meta('meta[property="article:modified_time"]')],
    ['og:updated_time', meta('meta[property="og:updated_time"]')],
    [
      'itemprop',
      $('[itemprop="dateModified"]').attr('content') ?? $('[itemprop="dateModified"]').attr('datetime'),
    ],
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
