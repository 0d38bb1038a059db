// The content recommender's evidence: what a competitor's page, the AI assistants' answers and the
// keyword research cover that the site does not, plus the site's own unanswered questions and thin
// pages. Every suggestion names its evidence; none needs a model (one may rephrase topics later).
import { type CheerioAPI, load } from 'cheerio'
import { mainText } from '../aio/content.ts'
import { isQuestionHeading } from '../aio/headings.ts'
import { inChrome } from '../page/chrome.ts'
import { normalizeSpace, words } from '../seo/text.ts'
import type { Lang, Localized } from '../types.ts'
import { comparable } from './site-facts.ts'

export interface OutlineHeading {
  level: number
  text: string
  /** Words between this heading and the next one: how much the page says about it. */
  wordsAfter: number
}

export interface PageOutline {
  url: string
  title: string
  headings: OutlineHeading[]
  words: number
  /** The main text, compared case- and accent-insensitively. */
  text: string
}

export function pageOutline(page: CheerioAPI | string, url: string): PageOutline {
  const $ = typeof page === 'string' ? load(page) : page
  const headings: OutlineHeading[] = []
  $('h1, h2, h3, h4').each((_, el) => {
    // Navigation, header, footer, sidebars, cookie banners and testimonials are not content (issue 25:
    // "Navegação", "Recursos", "Contacto" were proposed as gaps).
    if (inChrome($, el)) return
    const text = normalizeSpace($(el).text())
    if (!text) return
    let after = ''
    let next = $(el).next()
    while (next.length && !/^h[1-4]$/i.test(next.prop('tagName') ?? '')) {
      after += ` ${next.text()}`
      next = next.next()
    }
    headings.push({ level: Number(el.tagName.slice(1)), text, wordsAfter: words(after).length })
  })
  const text = mainText($)
  return { url, title: normalizeSpace($('title').first().text()), headings, words: words(text).length, text }
}

export type GapKind =
  | 'competitor-question'
  | 'competitor-topic'
  | 'ai-question'
  | 'keyword'
  | 'unanswered-question'
  | 'thin-page'

export interface ContentGap {
  kind: GapKind
  topic: string
  reason: Localized
  keywords: string[]
  /** Where the evidence is: a page URL, a model's answers, the keyword research. */
  evidence: string
}

export interface GapInput {
  site: PageOutline
  competitor?: PageOutline | null
  /** AI-visibility prompts with how many answers named the site. */
  aiQuestions?: { query: string; mentioned: number; answers: number }[]
  /** Keywords from the keyword research (most relevant first). */
  keywords?: string[]
}

/** A thin page says less than this; search guidance and answer engines favour complete answers. */
export const THIN_PAGE_WORDS = 300
/** A question heading answered in fewer words than this is not answered. */
export const UNANSWERED_WORDS = 25

const STOP = new Set(
  'a o as os um uma de da do das dos e em no na nos nas para por com sem que se ou ao à é the a an of to in on for and or with without is are what how why which who your you our seu sua seus suas'.split(
    ' ',
  ),
)

/** Content words of a phrase, accent- and case-free and singular, so "preços" meets "preço". */
export function termsOf(text: string): string[] {
  return comparable(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 2 && !STOP.has(t))
    .map(singular)
}

/** Portuguese and English plurals to their singular (automóveis → automovel, revisões → revisao). */
function singular(word: string): string {
  if (word.length <= 3) return word
  const rules: Array<[RegExp, string]> = [
    [/(?:oes|aes|aos)$/, 'ao'],
    [/eis$/, 'el'],
    [/ois$/, 'ol'],
    [/ais$/, 'al'],
    [/ns$/, 'm'],
    [/([rzl])es$/, '$1'],
    [/ies$/, 'y'],
    [/s$/, ''],
  ]
  for (const [pattern, replacement] of rules)
    if (pattern.test(word)) return word.replace(pattern, replacement)
  return word
}

/** Whether the site covers a topic: most of its content words appear in the site's headings or text. */
export function covers(site: PageOutline, topic: string): boolean {
  const terms = termsOf(topic)
  if (terms.length === 0) return true
  const siteTerms = new Set(
    termsOf(`${site.title} ${site.headings.map((h) => h.text).join(' ')} ${site.text}`),
  )
  const present = terms.filter((t) => siteTerms.has(t)).length
  return present / terms.length >= 0.75
}

export function contentGaps(input: GapInput): ContentGap[] {
  const { site } = input
  const gaps: ContentGap[] = []
  const seen = new Set<string>()
  const add = (gap: ContentGap) => {
    const key = termsOf(gap.topic).sort().join(' ')
    if (!key || seen.has(key)) return
    seen.add(key)
    gaps.push(gap)
  }

  for (const q of input.aiQuestions ?? []) {
    if (q.answers === 0 || q.mentioned > 0) continue
    add({
      kind: 'ai-question',
      topic: q.query,
      reason: {
        pt: `Os assistentes de IA responderam a «${q.query}» sem mencionar o seu site (0 de ${q.answers} respostas).`,
        en: `AI assistants answered “${q.query}” without mentioning your site (0 of ${q.answers} answers).`,
      },
      keywords: termsOfDisplay(q.query),
      evidence: 'llm_presence',
    })
  }

  const competitor = input.competitor
  if (competitor) {
    for (const h of competitor.headings) {
      if (h.level === 1 || covers(site, h.text)) continue
      const question = isQuestionHeading(h.text)
      add({
        kind: question ? 'competitor-question' : 'competitor-topic',
        topic: h.text,
        reason: question
          ? {
              pt: `O concorrente responde a «${h.text}» (${h.wordsAfter} palavras) e o seu site não.`,
              en: `The competitor answers “${h.text}” (${h.wordsAfter} words) and your site does not.`,
            }
          : {
              pt: `O concorrente trata «${h.text}» (${h.wordsAfter} palavras) e o seu site não.`,
              en: `The competitor covers “${h.text}” (${h.wordsAfter} words) and your site does not.`,
            },
        keywords: termsOfDisplay(h.text),
        evidence: competitor.url,
      })
    }
  }

  for (const keyword of input.keywords ?? []) {
    if (covers(site, keyword)) continue
    add({
      kind: 'keyword',
      topic: keyword,
      reason: {
        pt: `A pesquisa de palavras-chave encontrou «${keyword}», que o seu site não trata.`,
        en: `Keyword research found “${keyword}”, which your site does not cover.`,
      },
      keywords: [keyword],
      evidence: 'keyword_research',
    })
  }

  for (const h of site.headings) {
    if (!isQuestionHeading(h.text) || h.wordsAfter >= UNANSWERED_WORDS) continue
    add({
      kind: 'unanswered-question',
      topic: h.text,
      reason: {
        pt: `O seu site pergunta «${h.text}» mas responde em ${h.wordsAfter} palavras; uma resposta direta de 40-60 palavras é o que os assistentes citam.`,
        en: `Your site asks “${h.text}” but answers in ${h.wordsAfter} words; a direct 40-60 word answer is what assistants quote.`,
      },
      keywords: termsOfDisplay(h.text),
      evidence: site.url,
    })
  }

  if (site.words < THIN_PAGE_WORDS) {
    const topic = site.headings.find((h) => h.level === 1)?.text || site.title || site.url
    gaps.push({
      kind: 'thin-page',
      topic,
      reason: {
        pt: `A página tem ${site.words} palavras de conteúdo principal (menos de ${THIN_PAGE_WORDS}): desenvolva o tema.`,
        en: `The page has ${site.words} words of main content (under ${THIN_PAGE_WORDS}): develop the topic.`,
      },
      keywords: termsOfDisplay(topic),
      evidence: site.url,
    })
  }
  return gaps
}

/** Content words as written (accents kept), for the suggestion's keyword chips. */
function termsOfDisplay(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 2 && !STOP.has(comparable(t)))
    .slice(0, 6)
}

/** The suggestion in the reader's language, as the spec's suggestion entity has it. */
export function suggestionOf(gap: ContentGap, lang: Lang) {
  return {
    topic: gap.topic,
    reason: gap.reason[lang],
    keywords: gap.keywords,
    selected: false,
    kind: gap.kind,
    evidence: gap.evidence,
  }
}
