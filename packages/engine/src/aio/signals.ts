// The shapes of the signals that scores.ts turns into component scores and whose modules show those scores
// in their findings (readability.ts, crawler-view.ts, entity.ts, headings.ts, semantic.ts). They live
// here, below both, so that a signal module can import its score from scores.ts without scores.ts
// importing the signal module back.

/** The landmark elements semantic.ts counts. */
export const LANDMARKS = ['main', 'article', 'section', 'nav', 'header', 'footer', 'aside'] as const
export type Landmark = (typeof LANDMARKS)[number]

export interface ReadabilitySignals {
  /** Language of the formula used; null when the text is neither Portuguese nor English. */
  language: 'pt' | 'en' | null
  words: number
  sentences: number
  syllables: number
  /** Words per sentence. */
  averageSentenceLength: number
  /** Syllables per word. */
  averageSyllablesPerWord: number
  /** Flesch reading ease (Martins for pt), one decimal; null when not measurable. */
  fleschReadingEase: number | null
  longSentences: number
  /** Share (0-1) of sentences longer than LONG_SENTENCE_WORDS. */
  longSentenceShare: number
  paragraphs: number
  averageParagraphLength: number
  longParagraphs: number
  /** The longest sentence, with its word count and element, shown as evidence. */
  longestSentence: { text: string; words: number; element: string } | null
}

export interface CrawlerViewSignals {
  rawWords: number
  /** Null when no rendered run happened: only the raw HTML was judged. */
  renderedWords: number | null
  /** rawWords / renderedWords (capped at 1); null without a rendered run. */
  rawToRenderedRatio: number | null
  scripts: number
  /** An empty #root/#app/#__next/#___gatsby element: the mark of a client-rendered app shell. */
  emptyAppShell: boolean
  likelyJsOnly: boolean
}

export interface NameSource {
  source: 'og:site_name' | 'title' | 'logo alt'
  value: string
  matches: boolean
}

export interface EntitySignals {
  jsonLdBlocks: number
  jsonLdErrors: number
  /** Distinct @types found, sorted. */
  types: string[]
  organization: {
    type: string
    name: string | null
    sameAs: string[]
    url: string | null
    hasLogo: boolean
  } | null
  nameSources: NameSource[]
  /** Share (0-1) of name sources that carry the organisation's name; null without a name or sources. */
  nameConsistency: number | null
}

export interface HeadingSignals {
  /** Headings of the whole document, in order. */
  headings: { level: number; text: string }[]
  h1Count: number
  /** Places where the outline jumps more than one level deeper (h2 → h4). */
  skippedLevels: { from: number; to: number; text: string }[]
  questionHeadings: number
  /** The first question headings, with their tag ('h2'), shown as evidence. */
  questionExamples: { text: string; tag: string }[]
  answeredQuestions: number
  /** Question headings without a direct answer right below them (first few). */
  unansweredQuestions: string[]
  /** The main content's element, for evidence ('<main>', '<div role="main">', ...). */
  region: string
}

export interface SemanticSignals {
  /** Landmark elements, and elements with the matching ARIA role (`role="main"` counts as <main>). */
  landmarks: Record<Landmark, number>
  /** Landmarks given by an ARIA role only, e.g. { main: 'div' } for `<div role="main">`. */
  landmarkRoles: Partial<Record<Landmark, string>>
  lists: number
  tables: number
  tablesWithHeaders: number
  divs: number
  semanticElements: number
  /** divs / (divs + semantic elements), 0-1. High means "div soup". */
  divRatio: number
  /** Share (0-1) of visible words inside paragraphs, list items, headings, cells, links. */
  structuredTextShare: number
}
