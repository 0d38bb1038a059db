// Keywords from the site's own text: n-grams (1 to 3 words) scored by TF-IDF, with Portuguese and English
// stop words (stopwords-iso) and Snowball stemming, so "seguros de saúde" and "Seguro de Saude" count as
// one term. Terms are compared by stem with accents folded; each is shown in its most frequent spelling.
// TF weighs where a term appears (title, headings, body); IDF is over the pages given, so boilerplate
// repeated on every page of a crawl sinks (with one page IDF is the same for all terms: TF decides).
import { createRequire } from 'node:module'
import { load } from 'cheerio'
import { keywordKey, tidyKeyword } from './normalize.ts'
import { type KeywordProvider, unmeasured } from './provider.ts'
import type { KeywordIdea, KeywordLang, Market } from './types.ts'

// Resolved from this file (the server bundle rewrites this URL to the source's path): the two packages
// are CommonJS (a JSON list and a large script) and load on first use, below.
const requireHere = createRequire(new URL('./site.ts', import.meta.url))

/**
 * stopwords-iso's Portuguese list also holds nouns that are whole topics for a business ("viagem",
 * "sistema", "trabalho"): those stay words.
 */
const topicWords = new Set(
  'apoio caminho conselho estado exemplo grupo hora horas local lugar noite nome obra pessoas povo sistema tempo trabalho valor viagem area dia dias ano anos mes meses numero'.split(
    ' ',
  ),
)

interface Lexicon {
  stopwords: Set<string>
  stemmers: Record<KeywordLang, { stem(word: string): string }>
}

let lexicon: Lexicon | null = null

/**
 * Stop words and stemmers load on first use: the stemmers are a large script, and a research from a
 * keyword alone never reads a page, so the first task after a start does not pay for them.
 */
function lexiconOf(): Lexicon {
  if (lexicon) return lexicon
  const stopwordsIso = requireHere('stopwords-iso') as Record<string, string[]>
  const snowball = requireHere('snowball-stemmers') as {
    newStemmer(lang: string): { stem(word: string): string }
  }
  lexicon = {
    // Both languages' stop words, accents folded: Portuguese pages quote English and the reverse.
    stopwords: new Set(
      [...stopwordsIso.pt!, ...stopwordsIso.en!].map((w) => keywordKey(w)).filter((w) => !topicWords.has(w)),
    ),
    stemmers: { pt: snowball.newStemmer('portuguese'), en: snowball.newStemmer('english') },
  }
  return lexicon
}

export function isStopword(word: string): boolean {
  return lexiconOf().stopwords.has(keywordKey(word))
}

/** The stem of a word, accents folded after stemming (the Portuguese stemmer expects them). */
export function stemOf(word: string, lang: KeywordLang): string {
  return keywordKey(lexiconOf().stemmers[lang].stem(tidyKeyword(word)))
}

/** Words of a text: letters and digits, inner hyphens and apostrophes kept ("guarda-chuva", "d'água"). */
export function tokenize(text: string): string[] {
  return (tidyKeyword(text).match(/[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu) ?? []).map((w) =>
    w.replace('’', "'"),
  )
}

export interface TextBlock {
  text: string
  /** How much an occurrence here counts: title 3, h1 2, other headings and the description 1.5, body 1. */
  weight: number
}

const blockTags = 'p,li,td,th,dt,dd,blockquote,figcaption,h1,h2,h3,h4,h5,h6,div,section,article,main,br'

/** The readable blocks of an HTML page (navigation, footer, scripts and styles left out). */
export function pageBlocks(html: string): TextBlock[] {
  const $ = load(html)
  const blocks: TextBlock[] = []
  const title = $('title').first().text()
  if (title.trim()) blocks.push({ text: title, weight: 3 })
  const description = $('meta[name="description" i]').attr('content')
  if (description?.trim()) blocks.push({ text: description, weight: 1.5 })
  $('h1').each((_, el) => void blocks.push({ text: $(el).text(), weight: 1 }))
  $('h2,h3').each((_, el) => void blocks.push({ text: $(el).text(), weight: 0.5 }))
  $('script,style,noscript,template,svg,iframe,nav,footer,[aria-hidden="true"],[hidden]').remove()
  // Each block element starts a new line, so text of neighbouring blocks never joins into one phrase.
  $(blockTags).each((_, el) => {
    $(el).prepend('\n').append('\n')
  })
  for (const line of $('body').text().split('\n')) blocks.push({ text: line, weight: 1 })
  // Sentences and title parts too: an n-gram never crosses a full stop or a "Page | Brand" separator.
  return blocks.flatMap((block) =>
    block.text
      .split(/[.!?;:|·•–—]+(?:\s|$)|\s[-|]\s/)
      .filter((part) => part.trim())
      .map((text) => ({ text, weight: block.weight })),
  )
}

interface Gram {
  key: string
  surface: string
}

/**
 * The n-grams of one block: 1 to 3 words, never starting or ending with a stop word (a stop word inside
 * is kept: "seguro de saúde"), no bare numbers, single words of 3 letters or more.
 */
export function blockGrams(text: string, lang: KeywordLang): Gram[] {
  const tokens = tokenize(text)
  const grams: Gram[] = []
  for (let i = 0; i < tokens.length; i++) {
    for (let n = 1; n <= 3 && i + n <= tokens.length; n++) {
      const words = tokens.slice(i, i + n)
      const first = words[0]!
      const last = words[n - 1]!
      if (isStopword(first) || isStopword(last)) continue
      if (words.some((w) => /^\d+$/.test(w))) continue
      if (n === 1 && first.length < 3) continue
      const key = words
        .filter((w) => !isStopword(w))
        .map((w) => stemOf(w, lang))
        .join(' ')
      grams.push({ key, surface: words.join(' ') })
    }
  }
  return grams
}

export interface SiteTerm {
  keyword: string
  score: number
  /** Occurrences (weighted). */
  count: number
}

interface TermStats {
  tf: number
  pages: Set<number>
  surfaces: Map<string, number>
}

/** Counts every n-gram over the pages' blocks. */
function termStats(pages: TextBlock[][], lang: KeywordLang, only?: (block: TextBlock) => boolean) {
  const stats = new Map<string, TermStats>()
  pages.forEach((blocks, pageIndex) => {
    for (const block of blocks) {
      if (only && !only(block)) continue
      for (const gram of blockGrams(block.text, lang)) {
        let s = stats.get(gram.key)
        if (!s) {
          s = { tf: 0, pages: new Set(), surfaces: new Map() }
          stats.set(gram.key, s)
        }
        s.tf += block.weight
        s.pages.add(pageIndex)
        s.surfaces.set(gram.surface, (s.surfaces.get(gram.surface) ?? 0) + 1)
      }
    }
  })
  return stats
}

function mostFrequent(surfaces: Map<string, number>): string {
  let best = ''
  let bestCount = -1
  for (const [surface, count] of surfaces) {
    if (count > bestCount) {
      best = surface
      bestCount = count
    }
  }
  return best
}

const phraseBonus = [0, 1, 1.8, 2.2]

function ranked(stats: Map<string, TermStats>, pageCount: number, limit: number): SiteTerm[] {
  const terms: SiteTerm[] = []
  for (const [key, s] of stats) {
    const words = key.split(' ').length
    // A term seen once is noise. Phrases name a topic better than lone words, so they weigh more.
    if (s.tf < 2) continue
    const idf = Math.log(1 + pageCount / s.pages.size)
    terms.push({ keyword: mostFrequent(s.surfaces), score: s.tf * idf * phraseBonus[words]!, count: s.tf })
  }
  return terms.sort((a, b) => b.score - a.score || a.keyword.localeCompare(b.keyword)).slice(0, limit)
}

/** The site's top terms by TF-IDF. `pages` are HTML documents (the audited page, or a crawl's pages). */
export function siteKeywords(pagesHtml: string[], lang: KeywordLang, limit = 30): SiteTerm[] {
  const pages = pagesHtml.map(pageBlocks)
  return ranked(termStats(pages, lang), pages.length, limit)
}

/**
 * Terms that appear in the same sentences as the seed (all the seed's stems present), the seed's own
 * words excluded: what the site says around the topic.
 */
export function coOccurringTerms(
  pagesHtml: string[],
  seed: string,
  lang: KeywordLang,
  limit = 20,
): SiteTerm[] {
  const seedStems = tokenize(seed)
    .filter((w) => !isStopword(w))
    .map((w) => stemOf(w, lang))
  if (seedStems.length === 0) return []
  const pages = pagesHtml.map(pageBlocks)
  const mentionsSeed = (block: TextBlock) => {
    const stems = new Set(tokenize(block.text).map((w) => stemOf(w, lang)))
    return seedStems.every((s) => stems.has(s))
  }
  const stats = termStats(pages, lang, mentionsSeed)
  for (const key of [...stats.keys()]) {
    if (key.split(' ').every((stem) => seedStems.includes(stem))) stats.delete(key)
  }
  return ranked(stats, pages.length, limit)
}

/** The site as a provider: its co-occurring terms for a seed, else its top terms. */
export class SiteProvider implements KeywordProvider {
  readonly id = 'site' as const
  readonly requests = 0
  private readonly pagesHtml: string[]

  constructor(pagesHtml: string[]) {
    this.pagesHtml = pagesHtml
  }

  async ideas(seed: string, market: Market): Promise<KeywordIdea[]> {
    const near = coOccurringTerms(this.pagesHtml, seed, market.lang)
    const terms = near.length > 0 ? near : siteKeywords(this.pagesHtml, market.lang, 20)
    return terms.map((t) => unmeasured(t.keyword, 'site'))
  }

  /** The page's main topic, to seed a research from an address alone. */
  topKeyword(market: Market): string | null {
    return siteKeywords(this.pagesHtml, market.lang, 1)[0]?.keyword ?? null
  }
}

/**
 * Pages of a site crawl whose text joins the audited page's for the site's own keywords: indexable pages
 * that answered 200 with HTML, best linked first (the internal link score says what the site itself puts
 * forward), the audited page left out (it is read anyway).
 */
export function crawlPagesForKeywords(
  pages: {
    url: string
    status: number | null
    contentType: string | null
    noindex: boolean
    linkScore: number | null
  }[],
  audited: string,
  limit = 10,
): string[] {
  return pages
    .filter((p) => p.status === 200 && /html/i.test(p.contentType ?? '') && !p.noindex && p.url !== audited)
    .sort((a, b) => (b.linkScore ?? -1) - (a.linkScore ?? -1) || a.url.localeCompare(b.url))
    .slice(0, limit)
    .map((p) => p.url)
}
