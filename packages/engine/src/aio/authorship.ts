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
import { same } from '../seo/finding.ts'
import { normalizeSpace, words } from '../seo/text.ts'
import type { Verdict } from '../types.ts'
import { type BuiltFinding, build, type Lang, loc } from './finding.ts'
import { type JsonLdParse, textOf, typesOf } from './jsonld.ts'
import { STRENGTH } from './strength.ts'

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

// ---------------------------------------------------------------- findings

/** Where the author or a date was read from: markup names, except the visible byline. */
const sourceLabel = (source: string, l: Lang): string =>
  source === 'byline'
    ? l === 'pt'
      ? 'assinatura visível'
      : 'visible byline'
    : ({
        'json-ld': 'JSON-LD',
        meta: '<meta name="author">',
        'rel-author': 'rel="author"',
        itemprop: 'itemprop',
        time: '<time datetime>',
      }[source] ?? source)

export function authorshipFindings(a: AuthorshipSignals): BuiltFinding[] {
  const out: BuiltFinding[] = []
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
            : l === 'pt'
              ? 'Autor não identificado'
              : 'Author not identified',
        ),
        description: loc((l) =>
          a.author
            ? l === 'pt'
              ? `O autor "${a.author}" está declarado (${sourceLabel(a.authorSource ?? '', l)}).`
              : `The author "${a.author}" is declared (${sourceLabel(a.authorSource ?? '', l)}).`
            : l === 'pt'
              ? 'Não foi encontrado autor: nem assinatura visível, nem <meta name="author">, nem rel="author", nem author em JSON-LD. Sem autor, leitores e sistemas têm menos razões para confiar no conteúdo.'
              : 'No author was found: no visible byline, <meta name="author">, rel="author" or JSON-LD author. Without one, readers and systems have fewer reasons to trust the content.',
        ),
        evidence: [
          {
            signal: { pt: 'autor', en: 'author' },
            value: a.author,
            target: { pt: 'autor com nome', en: 'named author' },
          },
        ],
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
  out.push(
    build(
      {
        id: 'aio-dates',
        category: 'content',
        verdict: a.datePublished && a.dateModified ? 'pass' : hasDate ? 'pass' : 'warn',
        score: (a.datePublished ? 50 : 0) + (a.dateModified ? 50 : 0),
        impact: 'medium',
        title: loc((l) =>
          hasDate
            ? l === 'pt'
              ? `Datado: ${[a.datePublished && `publicado ${a.datePublished.slice(0, 10)}`, a.dateModified && `atualizado ${a.dateModified.slice(0, 10)}`].filter(Boolean).join(', ')}`
              : `Dated: ${[a.datePublished && `published ${a.datePublished.slice(0, 10)}`, a.dateModified && `updated ${a.dateModified.slice(0, 10)}`].filter(Boolean).join(', ')}`
            : l === 'pt'
              ? 'Sem data de publicação nem de atualização'
              : 'No publication or update date',
        ),
        description: loc((l) =>
          !hasDate
            ? l === 'pt'
              ? 'Não foi encontrada data de publicação nem de atualização (JSON-LD, article:published_time ou <time datetime>). Sem datas, leitores e motores de resposta não sabem se a informação está atual.'
              : 'No publication or update date was found (JSON-LD, article:published_time or <time datetime>). Without dates, readers and answer engines cannot tell whether the information is current.'
            : l === 'pt'
              ? `Data de publicação: ${a.datePublished ?? 'não encontrada'}${a.publishedSource ? ` (${sourceLabel(a.publishedSource, l)})` : ''}; data de atualização: ${a.dateModified ?? 'não encontrada'}${a.modifiedSource ? ` (${sourceLabel(a.modifiedSource, l)})` : ''}.`
              : `Publication date: ${a.datePublished ?? 'not found'}${a.publishedSource ? ` (${sourceLabel(a.publishedSource, l)})` : ''}; update date: ${a.dateModified ?? 'not found'}${a.modifiedSource ? ` (${sourceLabel(a.modifiedSource, l)})` : ''}.`,
        ),
        evidence: [
          {
            signal: { pt: 'data de publicação (datePublished)', en: 'publication date (datePublished)' },
            value: a.datePublished,
            target: { pt: 'presente', en: 'present' },
          },
          {
            signal: { pt: 'data de atualização (dateModified)', en: 'update date (dateModified)' },
            value: a.dateModified,
            target: { pt: 'presente', en: 'present' },
          },
        ],
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
            },
          ],
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
