// Authorship and freshness. Google's quality rater guidelines ask who wrote a page and when (E-E-A-T);
// answer engines show and weigh publication dates. Read from markup, JSON-LD and visible bylines.
import type { CheerioAPI } from 'cheerio'
import {
  allElements,
  closest,
  type DomElement,
  descendants,
  elementsByTag,
  hasAncestorTag,
  hasAttr,
  isElement,
} from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import { countWords, type DomNode, isCodeElement, normalizeSpace } from '../seo/text.ts'
import type { Evidence, Localized, Verdict } from '../types.ts'
import { type BuiltFinding, build, day, type Lang, loc } from './finding.ts'
import { type JsonLdParse, textOf, typesOf } from './jsonld.ts'
import { STRENGTH } from './strength.ts'

/** Where a value was read: its text as written, the element and the part of the page ('<footer>'). */
export interface FoundAt {
  text: string
  /** 'p', 'span', 'meta', 'link', 'script' (JSON-LD), 'http' (a response header). */
  element: string
  /** '<head>', '<header>', '<main>', '<article>', '<footer>', '<body>', or 'HTTP' for a header. */
  region: string
}

export interface AuthorshipSignals {
  /** A named author (JSON-LD, <meta name="author">, itemprop or a visible byline). */
  author: string | null
  authorSource: 'json-ld' | 'meta' | 'itemprop' | 'byline' | null
  authorFound: FoundAt | null
  /**
   * A rel="author" link: evidence of an author page (its href), not of a named author. Sphinx puts
   * `<link rel="author" title="About these documents">` on every page.
   */
  authorPage: { href: string; found: FoundAt } | null
  datePublished: string | null
  publishedSource: string | null
  publishedFound: FoundAt | null
  dateModified: string | null
  /** 'json-ld', 'article:modified_time', ..., 'visible' (a "Last updated …" text), 'last-modified' (HTTP, weakest). */
  modifiedSource: string | null
  modifiedFound: FoundAt | null
  /** Days since dateModified (else datePublished) at `now`; null without a valid date. */
  ageDays: number | null
}

const BYLINE =
  /^(?:[Pp]or|[Ee]scrito por|[Tt]exto de|[Aa]utora?:|[Bb]y|[Ww]ritten by|[Aa]uthor:)\s+(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,4})/u

const validDate = (v: string | null | undefined): string | null =>
  v && !Number.isNaN(Date.parse(v.trim())) ? v.trim() : null

const BYLINE_TAGS = new Set(['p', 'span', 'address', 'small'])
const BODY = new Set(['body'])
const REGIONS = new Set(['head', 'header', 'footer', 'nav', 'aside', 'main', 'article'])

/** The part of the page an element sits in: its nearest landmark ('<footer>', '<main>', ...), else '<body>'. */
export function regionOf(el: DomElement): string {
  const landmark = closest(
    el,
    (p) => REGIONS.has(p.name) || ROLES.has(p.attribs.role ?? '') || FOOTER_CLASS.test(p.attribs.class ?? ''),
  )
  if (!landmark) return '<body>'
  const { name, attribs } = landmark
  if (REGIONS.has(name)) return `<${name}>`
  if (attribs.role && ROLES.has(attribs.role)) return `<${name} role="${attribs.role}">`
  return `<${name} class="${attribs.class?.trim()}">`
}
const ROLES = new Set(['main', 'contentinfo', 'banner'])
/** Sphinx and many themes mark the footer by class only (`<div class="footer">`). */
const FOOTER_CLASS = /(?:^|\s)(?:footer|site-footer|page-footer)(?:\s|$)/i

const foundIn = (el: DomElement, text: string): FoundAt => ({ text, element: el.name, region: regionOf(el) })

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

type AuthorFields = Pick<AuthorshipSignals, 'author' | 'authorSource' | 'authorFound'>

function findAuthor($: CheerioAPI, jsonLd: JsonLdParse): AuthorFields {
  for (const node of jsonLd.nodes) {
    const name = node.author === undefined ? null : textOf(node.author)
    if (name)
      return {
        author: name,
        authorSource: 'json-ld',
        authorFound: { text: name, element: 'script', region: 'JSON-LD' },
      }
  }
  const metaEl = elementsByTag($, 'meta').find((el) => el.attribs.name?.toLowerCase() === 'author')
  const meta = normalizeSpace(metaEl?.attribs.content ?? '')
  if (metaEl && meta) return { author: meta, authorSource: 'meta', authorFound: foundIn(metaEl, meta) }
  const prop = allElements($).find((el) => el.attribs.itemprop === 'author')
  const propName = normalizeSpace(
    prop
      ? $.text(descendants(prop).filter((el) => el.attribs.itemprop === 'name')) ||
          prop.attribs.content ||
          $.text([prop])
      : '',
  )
  if (prop && propName)
    return { author: propName, authorSource: 'itemprop', authorFound: foundIn(prop, propName) }
  // A visible byline: a short element reading "Por Ana Silva" / "By Ana Silva". Generic <div>s are not
  // scanned: their text includes every descendant, which is slow on large pages and never a byline alone.
  for (const el of allElements($)) {
    if (!isBylineCandidate(el)) continue
    const raw = $.text([el])
    // Cheap length test first: most elements are long paragraphs that cannot be a byline.
    if (raw.length > 200) continue
    const text = normalizeSpace(raw)
    if (!text || countWords(text) > 12) continue
    const m = BYLINE.exec(text)
    if (m?.[1]) return { author: m[1], authorSource: 'byline', authorFound: foundIn(el, text) }
  }
  return { author: null, authorSource: null, authorFound: null }
}

/** `a[rel~="author"], link[rel~="author"]` with an href: a page about the author (rel is case-insensitive). */
function findAuthorPage($: CheerioAPI): AuthorshipSignals['authorPage'] {
  const el = allElements($).find(
    (e) => (e.name === 'a' || e.name === 'link') && /(?:^|\s)author(?:$|\s)/i.test(e.attribs.rel ?? ''),
  )
  const href = el?.attribs.href?.trim()
  if (!el || !href) return null
  const label = normalizeSpace(el.name === 'link' ? (el.attribs.title ?? '') : $.text([el]))
  return { href, found: foundIn(el, label ? `${label} → ${href}` : href) }
}

// ---- Dates people read on the page: "Last updated on October 07, 2026.", "Atualizado em 3 de março de 2025".

const EN_MONTHS = [
  'january',
  'february',
  'march',
  'april',
  'may',
  'june',
  'july',
  'august',
  'september',
  'october',
  'november',
  'december',
]
const PT_MONTHS = [
  'janeiro',
  'fevereiro',
  'março',
  'abril',
  'maio',
  'junho',
  'julho',
  'agosto',
  'setembro',
  'outubro',
  'novembro',
  'dezembro',
]
/** A month name (or its 3-letter abbreviation) to 1-12. */
function monthNumber(name: string): number | null {
  const n = name.toLowerCase().replace(/\.$/, '')
  for (const months of [EN_MONTHS, PT_MONTHS]) {
    const i = months.findIndex((m) => m === n || (n.length === 3 && m.startsWith(n)))
    if (i >= 0) return i + 1
  }
  return null
}
const MONTH = `(?:${[...EN_MONTHS, ...PT_MONTHS].join('|')}|[a-zç]{3}\\.?)`
const DATE_TEXT = [
  '\\d{4}-\\d{2}-\\d{2}(?:[ T]\\d{2}:\\d{2}(?::\\d{2})?(?:\\s?(?:UTC|GMT|Z|[+-]\\d{2}:?\\d{2}))?)?',
  `${MONTH}\\s+\\d{1,2}(?:st|nd|rd|th)?,?\\s+\\d{4}`,
  `\\d{1,2}(?:st|nd|rd|th|º)?\\s+(?:de\\s+)?${MONTH},?\\s+(?:de\\s+)?\\d{4}`,
  '\\d{1,2}[/.-]\\d{1,2}[/.-]\\d{4}',
].join('|')
const MODIFIED_WORDS =
  'last updated|updated|last modified|modified|last revised|revised|last edited|last reviewed|reviewed|última atualização|última actualização|atualizad[oa]|actualizad[oa]|modificad[oa]|revist[oa]|última revisão'
const PUBLISHED_WORDS = 'first published|published|posted|publicad[oa]|publicação|data de publicação'
const VISIBLE_DATE = new RegExp(
  `(?<![\\p{L}])(?:(?<mod>${MODIFIED_WORDS})|(?<pub>${PUBLISHED_WORDS}))(?![\\p{L}])[\\s:,–—-]*(?:(?:on|at|in|em|a|no dia|a partir de)\\s+)?(?<date>${DATE_TEXT})`,
  'iu',
)
/** Cheap test before the full pattern, on every text of the page. */
const DATE_WORD =
  /updated|modified|revised|edited|reviewed|published|posted|atualiza|actualiza|modificad|revist|revisão|publica/i

const pad = (n: number): string => String(n).padStart(2, '0')

/** A visible date as YYYY-MM-DD; numeric dates are read day first (pt-PT, en-GB) unless that is impossible. */
export function parseVisibleDate(text: string): string | null {
  const t = text.trim()
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(t)
  let y: number
  let m: number | null
  let d: number
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])]
  else {
    const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t)
    const named = /^(\p{L}+\.?)\s+(\d{1,2})\D*?(\d{4})$/u.exec(t)
    const dayFirst = /^(\d{1,2})\D*?\s+(?:de\s+)?(\p{L}+\.?),?\s+(?:de\s+)?(\d{4})$/u.exec(t)
    if (numeric) {
      const [a, b] = [Number(numeric[1]), Number(numeric[2])]
      ;[d, m] = a > 12 || b <= 12 ? [a, b] : [b, a]
      y = Number(numeric[3])
    } else if (named) [m, d, y] = [monthNumber(named[1] ?? ''), Number(named[2]), Number(named[3])]
    else if (dayFirst) [d, m, y] = [Number(dayFirst[1]), monthNumber(dayFirst[2] ?? ''), Number(dayFirst[3])]
    else return null
  }
  if (!m || m > 12 || d < 1 || d > 31 || y < 1990 || y > 2100) return null
  const date = `${y}-${pad(m)}-${pad(d)}`
  return validDate(date) && new Date(`${date}T00:00:00Z`).getUTCDate() === d ? date : null
}

interface VisibleDates {
  published: { date: string; found: FoundAt } | null
  modified: { date: string; found: FoundAt } | null
}

/** "Last updated …" / "Atualizado em …" anywhere on the page, the footer included; code is not read. */
function visibleDates($: CheerioAPI): VisibleDates {
  const out: VisibleDates = { published: null, modified: null }
  const body = elementsByTag($, 'body')[0]
  if (!body) return out
  const seen = new Set<DomElement>()
  const walk = (el: DomElement): void => {
    for (const child of el.children) {
      if (out.published && out.modified) return
      if (isElement(child)) {
        if (!SKIP.has(child.name) && !isCodeElement(child as unknown as DomNode)) walk(child)
        continue
      }
      if (child.type !== 'text' || !DATE_WORD.test(child.data) || seen.has(el)) continue
      // The date may sit in a sibling element ("Updated <time>3 May 2025</time>"): read the parent's text.
      seen.add(el)
      const text = normalizeSpace($.text([el]))
      const m = VISIBLE_DATE.exec(text)
      const date = m?.groups?.date ? parseVisibleDate(m.groups.date) : null
      if (!m || !date) continue
      const hit = { date, found: foundIn(el, normalizeSpace(m[0])) }
      if (m.groups?.mod && !out.modified) out.modified = hit
      if (m.groups?.pub && !out.published) out.published = hit
    }
  }
  walk(body)
  return out
}
const SKIP = new Set(['script', 'style', 'noscript', 'template', 'svg'])

type Candidate = [source: string, value: string | null | undefined, found: FoundAt | null]

/**
 * The first candidate that reads as a date, as an ISO date (YYYY-MM-DD…): an HTTP date ("Sat, 28 Nov 2026
 * 10:00:00 GMT") becomes "2026-11-28T10:00:00.000Z", so every text that shows it formats a date, never a
 * header's raw value cut short.
 */
function firstDate(candidates: Candidate[]): { source: string; date: string; found: FoundAt | null } | null {
  for (const [source, value, found] of candidates) {
    const date = validDate(value)
    if (date)
      return { source, date: /^\d{4}-\d{2}-\d{2}/.test(date) ? date : new Date(date).toISOString(), found }
  }
  return null
}

export function measureAuthorship(
  $: CheerioAPI,
  jsonLd: JsonLdParse,
  now: Date,
  headers: Record<string, string> = {},
): AuthorshipSignals {
  // Prefer the dates of the page's own creative work over, say, an Organization's foundingDate.
  const dated = [...jsonLd.nodes].sort(
    (a, b) =>
      Number(typesOf(b).some((t) => /Article|Posting|WebPage|CreativeWork|Report/.test(t))) -
      Number(typesOf(a).some((t) => /Article|Posting|WebPage|CreativeWork|Report/.test(t))),
  )
  const ld = (key: string): Candidate => {
    for (const n of dated) {
      const v = textOf(n[key])
      if (validDate(v))
        return ['json-ld', v, { text: `"${key}": "${v}"`, element: 'script', region: 'JSON-LD' }]
    }
    return ['json-ld', null, null]
  }
  const meta = (property: string): Candidate => {
    const el = elementsByTag($, 'meta').find((e) => e.attribs.property === property)
    const v = el?.attribs.content
    return [property, v, el && v ? foundIn(el, v) : null]
  }
  const itemprop = (name: string): Candidate => {
    const el = allElements($).find((e) => e.attribs.itemprop === name)
    const v = el?.attribs.content ?? el?.attribs.datetime
    return ['itemprop', v, el && v ? foundIn(el, v) : null]
  }
  const timeEl = elementsByTag($, 'time').find((el) => hasAttr(el, 'datetime'))
  const visible = visibleDates($)
  const lastModified = Object.entries(headers).find(([k]) => k.toLowerCase() === 'last-modified')?.[1]
  const published = firstDate([
    ld('datePublished'),
    meta('article:published_time'),
    itemprop('datePublished'),
    ['time', timeEl?.attribs.datetime, timeEl ? foundIn(timeEl, timeEl.attribs.datetime ?? '') : null],
    ['visible', visible.published?.date, visible.published?.found ?? null],
  ])
  const modified = firstDate([
    ld('dateModified'),
    meta('article:modified_time'),
    meta('og:updated_time'),
    itemprop('dateModified'),
    ['visible', visible.modified?.date, visible.modified?.found ?? null],
    // The server's Last-Modified is the weakest: a file copied or a page regenerated changes it too.
    [
      'last-modified',
      lastModified,
      lastModified ? { text: `Last-Modified: ${lastModified}`, element: 'http', region: 'HTTP' } : null,
    ],
  ])
  const reference = modified?.date ?? published?.date
  const ageDays = reference
    ? Math.max(0, Math.floor((now.getTime() - Date.parse(reference)) / 86_400_000))
    : null
  return {
    ...findAuthor($, jsonLd),
    authorPage: findAuthorPage($),
    datePublished: published?.date ?? null,
    publishedSource: published?.source ?? null,
    publishedFound: published?.found ?? null,
    dateModified: modified?.date ?? null,
    modifiedSource: modified?.source ?? null,
    modifiedFound: modified?.found ?? null,
    ageDays,
  }
}

// ---------------------------------------------------------------- findings

/** Where the author or a date was read from: markup names, except visible text. */
const sourceLabel = (source: string, l: Lang): string =>
  ({
    byline: l === 'pt' ? 'assinatura visível' : 'visible byline',
    visible: l === 'pt' ? 'texto visível na página' : 'visible text on the page',
    'last-modified': l === 'pt' ? 'cabeçalho HTTP Last-Modified' : 'HTTP Last-Modified header',
    'json-ld': 'JSON-LD',
    meta: '<meta name="author">',
    itemprop: 'itemprop',
    time: '<time datetime>',
  })[source] ?? source

/** Where a value was found, in the reader's language: "<p> em <footer>" / "<p> in <footer>". */
export const whereFound = (f: FoundAt): Localized =>
  f.region === 'JSON-LD' || f.region === 'HTTP'
    ? same(f.region === 'HTTP' ? 'HTTP' : '<script type="application/ld+json">')
    : { pt: `<${f.element}> em ${f.region}`, en: `<${f.element}> in ${f.region}` }

/** Where the date the age is counted from was read. */
function latestDate(a: AuthorshipSignals): { where: Localized }[] {
  const found = a.dateModified ? a.modifiedFound : a.publishedFound
  return found ? [{ where: whereFound(found) }] : []
}

/** Where a missing author or date was looked for: said as the evidence's place, so "not found" has one. */
const AUTHOR_LOOKED: Localized = {
  pt: 'procurado em JSON-LD, <meta name="author">, itemprop e assinaturas visíveis',
  en: 'looked for in JSON-LD, <meta name="author">, itemprop and visible bylines',
}
const DATES_LOOKED: Localized = {
  pt: 'procurado em JSON-LD, <meta>, <time>, texto visível (rodapé incluído) e cabeçalho HTTP Last-Modified',
  en: 'looked for in JSON-LD, <meta>, <time>, visible text (footer included) and the HTTP Last-Modified header',
}

export function authorshipFindings(a: AuthorshipSignals): BuiltFinding[] {
  const out: BuiltFinding[] = []
  const page = a.authorPage
  const authorEvidence: Evidence[] = [
    {
      signal: { pt: 'autor com nome', en: 'named author' },
      value: a.author,
      target: { pt: 'autor com nome', en: 'named author' },
      ...(a.authorFound ? { where: whereFound(a.authorFound) } : {}),
    },
  ]
  if (page)
    authorEvidence.push({
      signal: { pt: 'página do autor (rel="author")', en: 'author page (rel="author")' },
      value: page.found.text,
      where: whereFound(page.found),
    })
  out.push(
    build(
      {
        id: 'aio-author',
        category: 'content',
        verdict: a.author ? 'pass' : 'warn',
        score: a.author ? 100 : 0,
        impact: 'medium',
        title: loc((l) =>
          a.author
            ? l === 'pt'
              ? `Autor identificado: ${a.author}`
              : `Author identified: ${a.author}`
            : page
              ? l === 'pt'
                ? 'Página do autor ligada, mas nenhum autor com nome'
                : 'An author page is linked, but no author is named'
              : l === 'pt'
                ? 'Autor não identificado'
                : 'Author not identified',
        ),
        description: loc((l) =>
          a.author
            ? l === 'pt'
              ? `O autor "${a.author}" está declarado (${sourceLabel(a.authorSource ?? '', l)}).`
              : `The author "${a.author}" is declared (${sourceLabel(a.authorSource ?? '', l)}).`
            : page
              ? l === 'pt'
                ? `A página liga a uma página de autor (rel="author" para ${page.href}), mas não diz o nome de quem a escreveu: nem assinatura visível, nem <meta name="author">, nem author em JSON-LD. Uma ligação rel="author" aponta para uma página; não nomeia um autor.`
                : `The page links to an author page (rel="author" to ${page.href}) but does not name who wrote it: no visible byline, <meta name="author"> or JSON-LD author. A rel="author" link points to a page; it does not name an author.`
              : l === 'pt'
                ? 'Não foi encontrado autor: nem assinatura visível, nem <meta name="author">, nem ligação rel="author", nem author em JSON-LD. Sem autor, leitores e sistemas têm menos razões para confiar no conteúdo.'
                : 'No author was found: no visible byline, <meta name="author">, rel="author" link or JSON-LD author. Without one, readers and systems have fewer reasons to trust the content.',
        ),
        evidence: authorEvidence,
        where: AUTHOR_LOOKED,
        strength: STRENGTH.authorship,
      },
      {
        title: { pt: 'Indique quem escreveu', en: 'Say who wrote it' },
        explanation: {
          pt: 'Mostre uma assinatura visível ("Por Nome Apelido") com ligação a uma página sobre o autor e declare-o também em JSON-LD (author) e em <meta name="author">.',
          en: 'Show a visible byline ("By First Last") linking to a page about the author, and declare it in JSON-LD (author) and <meta name="author"> too.',
        },
      },
    ),
  )
  const hasDate = a.datePublished !== null || a.dateModified !== null
  const dated = (d: string | null, source: string | null, l: Lang, none: string): string =>
    d ? `${day(d.slice(0, 10), l)} (${sourceLabel(source ?? '', l)})` : none
  out.push(
    build(
      {
        id: 'aio-dates',
        category: 'content',
        verdict: hasDate ? 'pass' : 'warn',
        score: (a.datePublished ? 50 : 0) + (a.dateModified ? 50 : 0),
        impact: 'medium',
        title: loc((l) =>
          hasDate
            ? l === 'pt'
              ? `Datado: ${[a.datePublished && `publicado ${day(a.datePublished.slice(0, 10), l)}`, a.dateModified && `atualizado ${day(a.dateModified.slice(0, 10), l)}`].filter(Boolean).join(', ')}`
              : `Dated: ${[a.datePublished && `published ${day(a.datePublished.slice(0, 10), l)}`, a.dateModified && `updated ${day(a.dateModified.slice(0, 10), l)}`].filter(Boolean).join(', ')}`
            : l === 'pt'
              ? 'Sem data de publicação nem de atualização'
              : 'No publication or update date',
        ),
        description: loc((l) =>
          !hasDate
            ? l === 'pt'
              ? 'Não foi encontrada data de publicação nem de atualização: nem em JSON-LD, article:published_time ou <time datetime>, nem num texto visível como "Atualizado em …" ou "Last updated …" (rodapé incluído), nem no cabeçalho HTTP Last-Modified. Sem datas, leitores e motores de resposta não sabem se a informação está atual.'
              : 'No publication or update date was found: not in JSON-LD, article:published_time or <time datetime>, nor in visible text such as "Last updated …" or "Atualizado em …" (footer included), nor in the HTTP Last-Modified header. Without dates, readers and answer engines cannot tell whether the information is current.'
            : l === 'pt'
              ? `Data de publicação: ${dated(a.datePublished, a.publishedSource, l, 'não encontrada')}; data de atualização: ${dated(a.dateModified, a.modifiedSource, l, 'não encontrada')}.${a.modifiedSource === 'last-modified' ? ' A data do servidor (Last-Modified) muda também quando o ficheiro é copiado ou gerado de novo: mostre a data na página.' : ''}`
              : `Publication date: ${dated(a.datePublished, a.publishedSource, l, 'not found')}; update date: ${dated(a.dateModified, a.modifiedSource, l, 'not found')}.${a.modifiedSource === 'last-modified' ? " The server's date (Last-Modified) also changes when the file is copied or regenerated: show the date on the page." : ''}`,
        ),
        evidence: [
          {
            signal: { pt: 'data de publicação', en: 'publication date' },
            value: a.publishedFound?.text ?? a.datePublished,
            target: { pt: 'presente', en: 'present' },
            ...(a.publishedFound ? { where: whereFound(a.publishedFound) } : {}),
          },
          {
            signal: { pt: 'data de atualização', en: 'update date' },
            value: a.modifiedFound?.text ?? a.dateModified,
            target: { pt: 'presente', en: 'present' },
            ...(a.modifiedFound ? { where: whereFound(a.modifiedFound) } : {}),
          },
        ],
        where: DATES_LOOKED,
        strength: STRENGTH.freshness,
      },
      {
        title: { pt: 'Mostre e declare as datas', en: 'Show and declare the dates' },
        explanation: {
          pt: 'Mostre a data de publicação e a da última revisão num elemento <time datetime="…"> e declare-as em JSON-LD (datePublished, dateModified).',
          en: 'Show the publication and last-review dates in a <time datetime="…"> element and declare them in JSON-LD (datePublished, dateModified).',
        },
      },
    ),
  )
  if (a.ageDays !== null) {
    const days = a.ageDays
    const verdict: Verdict = days <= 365 ? 'pass' : days <= 730 ? 'warn' : 'fail'
    out.push(
      build(
        {
          id: 'aio-freshness',
          category: 'content',
          verdict,
          score: days <= 365 ? 100 : days <= 730 ? 50 : 0,
          impact: 'low',
          title: loc((l) =>
            l === 'pt'
              ? `${verdict === 'pass' ? 'Conteúdo recente' : 'Conteúdo antigo'}: última data há ${days} dias`
              : `${verdict === 'pass' ? 'Recent content' : 'Old content'}: last dated ${days} days ago`,
          ),
          description: loc((l) =>
            l === 'pt'
              ? `A data mais recente do conteúdo (${a.dateModified ? 'atualização' : 'publicação'}) foi há ${days} dias; o alvo é menos de 365.`
              : `The content's latest date (${a.dateModified ? 'update' : 'publication'}) was ${days} days ago; the target is under 365.`,
          ),
          evidence: [
            {
              signal: { pt: 'idade do conteúdo (dias)', en: 'content age (days)' },
              value: days,
              target: same('≤ 365'),
              ...latestDate(a)[0],
            },
          ],
          where: DATES_LOOKED,
          strength: STRENGTH.freshness,
        },
        {
          title: { pt: 'Reveja e atualize o conteúdo', en: 'Review and update the content' },
          explanation: loc((l) =>
            l === 'pt'
              ? `O conteúdo não é atualizado há ${days} dias: confirme os dados, atualize o que mudou e registe a nova data em dateModified.`
              : `The content has not been updated for ${days} days: check the facts, update what changed and record the new date in dateModified.`,
          ),
        },
      ),
    )
  }
  return out
}
