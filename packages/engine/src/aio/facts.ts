// Facts in the content: statistics, dates, outbound citations and quotations. The GEO paper (Aggarwal et
// al., KDD 2024) measured the largest visibility gains in generative-engine answers from adding
// statistics, quotations and cited sources; C-SEO Bench (2025) found such edits largely ineffective.
import type { CheerioAPI } from 'cheerio'
import {
  closestAncestor,
  type DocumentNode,
  type DomElement,
  descendants,
  elementsByTag,
  hasAncestorTag,
  hasAttr,
  isElement,
} from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import { typedNodes, typesOf } from '../seo/structured-data.ts'
import { countWords, type DomNode, isCodeElement, normalizeSpace } from '../seo/text.ts'
import { type CodeSamples, type ContentBlock, mainRootLabel, mainRootNode } from './content.ts'
import { type BuiltFinding, build, inContent, loc, MAIN_CONTENT, num } from './finding.ts'
import { counted } from './plural.ts'
import { STRENGTH } from './strength.ts'

const NOT_LETTER = '(?![\\p{L}\\p{N}])'
const NUM = '\\d+(?:[.,\\s]\\d{3})*(?:[.,]\\d+)?'
/**
 * A number in prose starts a word: not after a letter, digit, "_", "$", a bracket, a slash or a dot, so
 * the "0123456" of the glob `rc[0123456S].d`, the "125" of `CP125x` and the "1" of `$1` are no figures.
 */
const START = '(?<![\\p{L}\\p{N}_$\\[\\]{}<>=/\\\\#@.:])'
/**
 * It ends the word too (no letter, digit, bracket or operator glued after it), and no operand follows
 * it: `17 % 3` is the modulo operator and `3 x 4` a product, not 17% or 3 times.
 */
const END = '(?![\\p{L}\\p{N}_\\[\\]{}<>=*/\\\\])(?![ \\t]*[\\p{N}*/+=^%(])'

const UNITS = [
  '%',
  'por cento',
  'percent',
  'per cent',
  'pontos percentuais',
  'percentage points',
  'x',
  'vezes',
  'times',
  '€',
  'euros?',
  'eur',
  'd[oó]lares',
  'dollars?',
  'usd',
  'reais',
  'libras',
  'pounds',
  'mil milh[õo]es',
  'milh[õo]es',
  'milh[ãa]o',
  'bili[õo]es',
  'bilh[õo]es',
  'mil',
  'thousand',
  'million',
  'billion',
  'k',
  'km',
  'kg',
  'g',
  'mg',
  'm',
  'm²',
  'm2',
  'cm',
  'mm',
  'l',
  'ml',
  'kwh',
  'mw',
  'ms',
  's',
  'h',
  'min',
  'kb',
  'mb',
  'gb',
  'tb',
  'segundos',
  'seconds',
  'minutos',
  'minutes',
  'horas',
  'hours',
  'dias',
  'days',
  'semanas',
  'weeks',
  'meses',
  'months',
  'anos',
  'years',
  'pessoas',
  'people',
  'utilizadores',
  'usu[áa]rios',
  'users',
  'clientes',
  'customers',
  'empresas',
  'companies',
  'sites',
  'websites',
  'p[áa]ginas',
  'pages',
  'visitas',
  'visits',
  'respostas',
  'answers',
  'consultas',
  'queries',
]

/**
 * Percentages, currency amounts, numbers with a unit or a counted noun, and "1 em cada 4" ratios. A "$"
 * with one digit is a placeholder (`$1` in SQL, a regex's group): it needs decimals or a magnitude
 * ("$5.00", "$2 million") to be an amount.
 */
const STATISTIC = new RegExp(
  [
    `(?:€|£|R\\$|US\\$)\\s?${NUM}${END}`,
    `(?<![\\p{L}\\p{N}_])\\$(?:\\d(?:[.,]\\d+)+|\\d\\s(?:million|billion|thousand|mil|milh[õo]es)|\\d{2,}(?:[.,]\\d+)*)${END}`,
    `${START}${NUM}\\s?(?:${UNITS.join('|')})${NOT_LETTER}${END}`,
    `${START}\\d+\\s(?:em cada|in every|out of|de cada)\\s\\d+${NOT_LETTER}${END}`,
  ].join('|'),
  'giu',
)

const PT_MONTHS = 'janeiro|fevereiro|março|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro'
const EN_MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december'
/**
 * Full and partial dates, fullest forms first; a bare year (1990-2099) last. One pattern, one pass: at
 * each place the first form that matches wins, so "12 de março de 2024" is one date, not a date and a year.
 */
const DATES = new RegExp(
  [
    '\\b\\d{4}-\\d{2}-\\d{2}\\b',
    '\\b\\d{1,2}[/.]\\d{1,2}[/.]\\d{2,4}\\b',
    `\\b\\d{1,2}\\s+de\\s+(?:${PT_MONTHS})(?:\\s+de\\s+\\d{4})?`,
    `\\b(?:${PT_MONTHS})\\s+de\\s+\\d{4}`,
    `\\b(?:${EN_MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,\\s*\\d{4})?`,
    `\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${EN_MONTHS})(?:,?\\s+\\d{4})?`,
    `\\b(?:${EN_MONTHS})\\s+\\d{4}`,
    // A decade ("the 1970s", "anos 90" aside) is a date, not 1970 seconds.
    "\\b(?:1[5-9]|20)\\d0['’]?s\\b",
    '\\b(?:19|20)\\d{2}\\b',
  ].join('|'),
  'giu',
)

/** Quoted text of at least 4 words, with an attribution verb or a dash nearby. */
const QUOTED = /["“«]([^"”»]{15,400})["”»]/gu
const ATTRIBUTION =
  /\b(?:disse|diz|afirma|afirmou|explica|explicou|refere|referiu|segundo|de acordo com|conta|contou|according to|said|says|explains|explained|notes|noted|wrote|writes)\b|[—–]\s*\p{Lu}/iu
/** A cross-reference noun (with its number) right before a quote: the quote is that table's title. */
const CROSS_REFERENCE =
  /(?:^|[^\p{L}])(?:table|figure|fig\.|section|chapter|appendix|listing|quadro|tabela|figura|secção|seção|capítulo|anexo)(?:\s+[\p{N}][\p{N}.-]*[\p{L}]?)?(?:\s+(?:below|above|abaixo|acima))?\s*[,:–—-]?\s*$/iu
/** The end of a sentence: a full stop, "!" or "?" (and any closing quote) before a space or a line break. */
const SENTENCE_END = /[.!?…]["”»']?(?:\s+|\n)/u
/** Quoted text that reads as code, not speech: brackets, operators, escapes. */
const CODE_LIKE = /[{}();=<>\\]|=>|::|\$\w/

/** A claim's text and the element it was read from ('p', 'li', 'blockquote', ...), shown as evidence. */
export interface FactExample {
  text: string
  element: string
}

export interface FactSignals {
  words: number
  statistics: number
  /** Up to 5 examples, with the element each was read from, to show the user what was counted. */
  statisticExamples: FactExample[]
  /** Statistics per 500 words of main text. */
  statisticsPer500Words: number
  dates: number
  outboundCitations: number
  citedDomains: string[]
  quotations: number
  /** Up to 3 quotations counted, with their element. */
  quotationExamples: FactExample[]
  /** The main content's element ('<main>', '<article>', '<div role="main">', '<body>'), for evidence. */
  region: string
  /** Code samples kept out of the prose (counted apart: a page with code samples answers how-to questions). */
  codeSamples: CodeSamples
}

export function countStatistics(text: string): { count: number; examples: string[] } {
  const matches = statisticsIn(removeDates(text).rest)
  return { count: matches.length, examples: matches.slice(0, 5).map((m) => m.text) }
}

/** Statistics in text whose dates were already blanked (so "2024" in a date is not a number). */
function statisticsIn(rest: string): { text: string; at: number }[] {
  return [...rest.matchAll(STATISTIC)].map((m) => ({ text: m[0].trim(), at: m.index }))
}

/** The dates in the text, counted and blanked out with spaces (offsets kept), fullest forms first. */
function removeDates(text: string): { rest: string; count: number } {
  let count = 0
  const rest = text.replace(DATES, (m) => {
    count++
    return ' '.repeat(m.length)
  })
  return { rest, count }
}

export function countDates(text: string): number {
  return removeDates(text).count
}

/** Quotations with attribution in running text (blockquote and q are judged from the markup). */
export function attributedQuotes(text: string): string[] {
  const found: string[] = []
  for (const m of text.matchAll(QUOTED)) {
    const quoted = m[1] ?? ''
    if (countWords(quoted) < 4 || CODE_LIKE.test(quoted)) continue
    const before = text.slice(Math.max(0, m.index - 80), m.index)
    // A quoted title of a cross-referenced table, figure or section names no speaker (issue 42).
    if (CROSS_REFERENCE.test(before)) continue
    // The attribution must sit in the quote's own sentence: "… «Título». Segundo o RFC 9110, …" attributes
    // the next sentence, not the quoted text.
    const own = `${before.split(SENTENCE_END).pop() ?? ''} ${text.slice(m.index + m[0].length, m.index + m[0].length + 80).split(SENTENCE_END)[0] ?? ''}`
    if (ATTRIBUTION.test(own)) found.push(quoted)
  }
  return found
}

export function countAttributedQuotes(text: string): number {
  return attributedQuotes(text).length
}

const bareHost = (host: string): string => host.toLowerCase().replace(/^www\./, '')
/** Share buttons are links to other domains but cite nothing. */
const SHARE_LINK = /sharer|\/intent\/|\/share\b|sharearticle|mailto:|whatsapp:|wa\.me/i

const CHROME = new Set(['nav', 'header', 'footer', 'aside'])

export function outboundCitations($: CheerioAPI, pageUrl: string): string[] {
  let pageHost = ''
  try {
    pageHost = bareHost(new URL(pageUrl).hostname)
  } catch {
    return []
  }
  const root = mainRootNode($)
  const wholePage = isElement(root) && root.name === 'body'
  const hosts: string[] = []
  for (const a of elementsByTag($, 'a')) {
    if (!hasAttr(a, 'href') || !within(a, root)) continue
    if (wholePage && hasAncestorTag(a, CHROME)) continue
    const href = a.attribs.href ?? ''
    if (SHARE_LINK.test(href)) continue
    try {
      const url = new URL(href, pageUrl)
      if (url.protocol !== 'http:' && url.protocol !== 'https:') continue
      const host = bareHost(url.hostname)
      if (host !== pageHost) hosts.push(host)
    } catch {
      // An unparseable href cites nothing.
    }
  }
  return hosts
}

const QUOTE_TAGS = new Set(['blockquote', 'q'])
const ATTRIBUTION_TAGS = new Set(['cite', 'footer', 'figcaption'])

/**
 * A <blockquote> or <q> is a quotation when someone is named: a cite attribute, a <cite>/<footer> inside,
 * the figure's caption, or an attribution in its own words or the text right around it. Documentation
 * generators use <blockquote> to indent text, which quotes no one.
 */
function markedQuotation($: CheerioAPI, el: DomElement): string | null {
  // Children read one by one, so "<p>…site.</p><footer>— Ana</footer>" keeps its space.
  const text = normalizeSpace(el.children.map((c) => $.text([c])).join(' '))
  if (countWords(text) < 4 || CODE_LIKE.test(text)) return null
  if (hasAttr(el, 'cite') || descendants(el).some((d) => ATTRIBUTION_TAGS.has(d.name))) return text
  const parent = el.parent
  if (
    isElement(parent) &&
    parent.name === 'figure' &&
    descendants(parent).some((d) => d.name === 'figcaption')
  )
    return text
  const near = (node: DomElement['prev']): string => (isElement(node) ? normalizeSpace($.text([node])) : '')
  const before = near(el.prev?.type === 'text' ? el.prev.prev : el.prev).slice(-120)
  const after = near(el.next?.type === 'text' ? el.next.next : el.next).slice(0, 120)
  const own = `${el.prev?.type === 'text' ? ((el.prev as { data?: string }).data ?? '') : ''} ${text.slice(-120)} ${el.next?.type === 'text' ? ((el.next as { data?: string }).data ?? '') : ''}`
  return ATTRIBUTION.test(own) || ATTRIBUTION.test(before) || ATTRIBUTION.test(after) ? text : null
}

/** The answers of the page's FAQPage JSON-LD, as plain text (answers may hold HTML). */
function faqAnswers($: CheerioAPI): string[] {
  const answers: string[] = []
  $('script[type="application/ld+json"]').each((_, el) => {
    let data: Parameters<typeof typedNodes>[0]
    try {
      data = JSON.parse($(el).text())
    } catch {
      return
    }
    for (const node of typedNodes(data)) {
      if (!typesOf(node).includes('Question')) continue
      const accepted = node.acceptedAnswer
      for (const answer of Array.isArray(accepted) ? accepted : [accepted]) {
        const raw = answer && typeof answer === 'object' && !Array.isArray(answer) ? answer.text : undefined
        if (typeof raw === 'string') answers.push(normalizeSpace(raw.replace(/<[^>]*>/g, ' ')))
      }
    }
  })
  return answers
}

/** Whether the element is inside the root (the document root holds everything). */
function within(el: DomElement, root: DomElement | DocumentNode): boolean {
  for (let p: DomElement['parent'] = el; p; p = p.parent) if (p === root) return true
  return false
}

/** The block holding each offset of the joined text (blocks joined by "\n"). */
function blockAt(starts: number[], at: number): number {
  let lo = 0
  let hi = starts.length - 1
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if ((starts[mid] ?? 0) <= at) lo = mid
    else hi = mid - 1
  }
  return lo
}

export function measureFacts(
  $: CheerioAPI,
  blocks: readonly ContentBlock[],
  pageUrl: string,
  code: CodeSamples = { count: 0, first: null },
): FactSignals {
  const starts: number[] = []
  let length = 0
  for (const b of blocks) {
    starts.push(length)
    length += b.text.length + 1
  }
  const text = blocks.map((b) => b.text).join('\n')
  const wordCount = countWords(text)
  // Dates are blanked out before statistics are counted; one pass over the text serves both.
  const { rest, count: dates } = removeDates(text)
  const stats = statisticsIn(rest)
  const citations = outboundCitations($, pageUrl)
  const root = mainRootNode($)
  const quotes = elementsByTag($, 'blockquote', 'q').filter(
    (el) => within(el, root) && !hasAncestorTag(el, QUOTE_TAGS) && !closestAncestor(el, isCode),
  )
  const marked = quotes.flatMap((el) => {
    const q = markedQuotation($, el)
    return q ? [{ text: q, element: el.name }] : []
  })
  // Running-text quotes outside the marked-up ones, so a <blockquote> or <q> is not counted twice.
  let loose = text
  for (const el of quotes) {
    const quoted = normalizeSpace($.text([el]))
    if (quoted) loose = loose.split(quoted).join(' ')
  }
  const running = attributedQuotes(loose).map((q) => ({ text: q, element: 'p' }))
  // A FAQ whose answers the page draws with script is read from its FAQPage markup, once.
  const visible = normalizeSpace(text)
  const markedUp = faqAnswers($)
    .filter((answer) => !visible.includes(answer))
    .flatMap((answer) => attributedQuotes(answer).map((q) => ({ text: q, element: 'FAQPage' })))
  running.push(...markedUp)
  const quotations = [...marked, ...running]
  return {
    words: wordCount,
    statistics: stats.length,
    statisticExamples: stats.slice(0, 5).map((m) => ({
      text: m.text,
      element: blocks[blockAt(starts, m.at)]?.tag ?? 'p',
    })),
    statisticsPer500Words: wordCount ? Math.round((stats.length / wordCount) * 500 * 10) / 10 : 0,
    dates,
    outboundCitations: citations.length,
    citedDomains: [...new Set(citations)].sort(),
    quotations: quotations.length,
    quotationExamples: quotations.slice(0, 3).map((q) => ({ ...q, text: clip(q.text) })),
    region: mainRootLabel($),
    codeSamples: code,
  }
}

const isCode = (el: DomElement): boolean => isCodeElement(el as unknown as DomNode)
const clip = (t: string): string => (t.length > 100 ? `${t.slice(0, 99)}…` : t)

// ---------------------------------------------------------------- findings

export function factFindings(f: FactSignals): BuiltFinding[] {
  const per500 = num(f.statisticsPer500Words)
  const examples = f.statisticExamples
    .slice(0, 3)
    .map((e) => e.text)
    .join(', ')
  const stats = build(
    {
      id: 'aio-statistics',
      category: 'content',
      verdict: f.statisticsPer500Words >= 1 ? 'pass' : 'warn',
      score: Math.round(Math.min(1, f.statisticsPer500Words / 2) * 100),
      impact: 'low',
      title: loc((l) =>
        f.statisticsPer500Words >= 1
          ? l === 'pt'
            ? `${counted(f.statistics, l, { one: 'dado numérico', other: 'dados numéricos' })} no texto (ex.: ${examples})`
            : `${counted(f.statistics, l, { one: 'figure', other: 'figures' })} in the text (e.g. ${examples})`
          : l === 'pt'
            ? `Poucos dados concretos: ${counted(f.statistics, l, { one: 'número', other: 'números' })} em ${counted(f.words, l, { one: 'palavra', other: 'palavras' })} do texto principal`
            : `Few concrete figures: ${counted(f.statistics, l, { one: 'number', other: 'numbers' })} in ${counted(f.words, l, { one: 'word', other: 'words' })} of main text`,
      ),
      description: loc((l) =>
        l === 'pt'
          ? `O texto principal tem ${f.statistics} estatísticas ou valores com unidade (${per500.pt} por 500 palavras; alvo: 1 ou mais)${examples ? `, por exemplo ${examples}` : ''}, e ${f.dates} datas.`
          : `The main text has ${f.statistics} statistics or values with units (${per500.en} per 500 words; target: 1 or more)${examples ? `, for example ${examples}` : ''}, and ${f.dates} dates.`,
      ),
      evidence: [
        {
          signal: { pt: 'estatísticas por 500 palavras', en: 'statistics per 500 words' },
          value: f.statisticsPer500Words,
          target: same('≥ 1'),
        },
        { signal: { pt: 'datas no texto', en: 'dates in text' }, value: f.dates },
        ...f.statisticExamples.map((e) => ({
          signal: { pt: 'dado numérico', en: 'figure' },
          value: e.text,
          where: inContent(e.element, f.region),
        })),
      ],
      where: MAIN_CONTENT(f.region),
      strength: STRENGTH.geo,
    },
    {
      title: { pt: 'Acrescente dados com fonte', en: 'Add figures with sources' },
      explanation: loc((l) =>
        l === 'pt'
          ? `Sustente as afirmações com números concretos (percentagens, valores, prazos) e indique a fonte; hoje há ${f.statistics} em ${f.words} palavras do texto principal (sem menus nem rodapé).`
          : `Back claims with concrete numbers (percentages, amounts, time frames) and name the source; there are ${f.statistics} in ${f.words} words of main text now (menus and footer left out).`,
      ),
    },
  )
  const d = f.citedDomains.length
  const citations = build(
    {
      id: 'aio-citations',
      category: 'content',
      verdict: d >= 2 ? 'pass' : 'warn',
      score: Math.round(Math.min(1, d / 2) * 100),
      impact: 'low',
      title: loc((l) =>
        d >= 2
          ? l === 'pt'
            ? `Cita ${d} fontes externas (${f.citedDomains.slice(0, 3).join(', ')})`
            : `Cites ${d} external sources (${f.citedDomains.slice(0, 3).join(', ')})`
          : l === 'pt'
            ? `Poucas fontes externas citadas: ${d}`
            : `Few external sources cited: ${d}`,
      ),
      description: loc((l) =>
        l === 'pt'
          ? `O conteúdo tem ${f.outboundCitations} ligações para ${d} domínios externos${d ? ` (${f.citedDomains.slice(0, 5).join(', ')})` : ''}; o alvo é pelo menos 2 fontes.`
          : `The content links ${f.outboundCitations} times to ${d} external domains${d ? ` (${f.citedDomains.slice(0, 5).join(', ')})` : ''}; the target is at least 2 sources.`,
      ),
      evidence: [
        {
          signal: {
            pt: 'domínios externos distintos ligados a partir do conteúdo',
            en: 'distinct external domains linked from the content',
          },
          value: d,
          target: same('≥ 2'),
        },
      ],
      where: MAIN_CONTENT(f.region),
      strength: STRENGTH.geo,
    },
    {
      title: { pt: 'Cite as fontes', en: 'Cite your sources' },
      explanation: {
        pt: 'Ligue os dados e as afirmações às fontes originais (estudos, organismos oficiais, documentação) com ligações no próprio texto.',
        en: 'Link figures and claims to their original sources (studies, official bodies, documentation) with links in the text itself.',
      },
    },
  )
  const quotes = build(
    {
      id: 'aio-quotations',
      category: 'content',
      verdict: f.quotations > 0 ? 'pass' : 'info',
      score: f.quotations > 0 ? 100 : 0,
      impact: 'low',
      title: loc((l) =>
        f.quotations > 0
          ? l === 'pt'
            ? `${f.quotations} ${f.quotations === 1 ? 'citação atribuída' : 'citações atribuídas'}`
            : `${f.quotations} attributed ${f.quotations === 1 ? 'quotation' : 'quotations'}`
          : l === 'pt'
            ? 'Sem citações atribuídas'
            : 'No attributed quotations',
      ),
      description: loc((l) =>
        l === 'pt'
          ? `Foram encontradas ${f.quotations} citações (<blockquote>, <q> ou texto entre aspas com autor).`
          : `${f.quotations} quotations were found (<blockquote>, <q> or quoted text with an author).`,
      ),
      evidence: [
        { signal: { pt: 'citações', en: 'quotations' }, value: f.quotations, target: same('≥ 1') },
        ...f.quotationExamples.map((q) => ({
          signal: { pt: 'citação com autor', en: 'attributed quotation' },
          value: q.text,
          where: inContent(q.element, f.region),
        })),
      ],
      where: MAIN_CONTENT(f.region),
      strength: STRENGTH.geo,
    },
    {
      title: { pt: 'Inclua citações de especialistas', en: 'Include expert quotations' },
      explanation: {
        pt: 'Acrescente citações curtas de especialistas ou clientes, com nome e função, marcadas com <blockquote> ou <q>.',
        en: 'Add short quotations from experts or customers, with name and role, marked up with <blockquote> or <q>.',
      },
    },
  )
  const out = [stats, citations, quotes]
  const code = f.codeSamples
  // Only a page with code gets this finding: a page without code is not worse for it.
  if (code.count > 0 && code.first)
    out.push(
      build({
        id: 'aio-code-samples',
        category: 'content',
        verdict: 'pass',
        score: 100,
        impact: 'low',
        title: loc((l) =>
          l === 'pt'
            ? `${counted(code.count, l, { one: 'exemplo de código', other: 'exemplos de código' })} à parte do texto`
            : `${counted(code.count, l, { one: 'code sample', other: 'code samples' })} apart from the prose`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `A página tem ${counted(code.count, l, { one: 'bloco de código', other: 'blocos de código' })} marcados como código (<pre> ou realce de sintaxe). Um modelo pode citá-los como resposta a perguntas técnicas; o Farol não os lê como texto corrido (legibilidade, estatísticas, citações).`
            : `The page has ${counted(code.count, l, { one: 'code block', other: 'code blocks' })} marked up as code (<pre> or syntax highlighting). A model can quote them to answer technical questions; Farol does not read them as prose (readability, statistics, quotations).`,
        ),
        evidence: [
          { signal: { pt: 'blocos de código', en: 'code blocks' }, value: code.count },
          {
            signal: { pt: 'primeiro bloco de código', en: 'first code block' },
            value: code.first.text,
            where: inContent(code.first.element, f.region),
          },
        ],
        where: MAIN_CONTENT(f.region),
        strength: STRENGTH.geo,
      }),
    )
  return out
}
