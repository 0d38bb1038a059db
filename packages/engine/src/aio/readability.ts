// Readability: Flesch reading ease (English) and its Portuguese adaptation by Martins et al. (1996),
// plus sentence and paragraph lengths. Measured on the prose blocks of the main content.
import { words } from '../seo/text.ts'
import type { ContentBlock } from './content.ts'
import { splitSentences } from './content.ts'
import { countSyllablesEn, countSyllablesPt } from './syllables.ts'

/** Sentences longer than this are hard to follow and hard to quote. */
export const LONG_SENTENCE_WORDS = 30
/** Paragraphs longer than this read as a wall of text. */
export const LONG_PARAGRAPH_WORDS = 150
/** Plain-language targets: Flesch 60 ("standard") in English; 50 starts "fácil" on the Martins scale. */
export const FLESCH_TARGET: Record<'pt' | 'en', number> = { en: 60, pt: 50 }
export const SENTENCE_TARGET_WORDS = 20
export const PARAGRAPH_TARGET_WORDS = 80

/** Flesch (1948): 206.835 − 1.015 × words/sentences − 84.6 × syllables/words. */
export function fleschReadingEaseEn(words: number, sentences: number, syllables: number): number {
  return 206.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words)
}

/**
 * Martins, Ghiraldelo, Nunes & Oliveira Jr. (1996): the Flesch formula with the constant raised by 42,
 * because Portuguese words have more syllables than English ones for the same difficulty.
 */
export function fleschReadingEasePt(words: number, sentences: number, syllables: number): number {
  return 248.835 - 1.015 * (words / sentences) - 84.6 * (syllables / words)
}

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
}

const round1 = (n: number): number => Math.round(n * 10) / 10

/** Words with at least one letter: numbers have no syllables to count. */
const letterWords = (text: string): string[] => words(text).filter((w) => /\p{L}/u.test(w))

export function measureReadability(blocks: ContentBlock[], language: 'pt' | 'en' | null): ReadabilitySignals {
  const prose = blocks.filter((b) => b.kind === 'prose')
  const count = language === 'pt' ? countSyllablesPt : countSyllablesEn
  let wordTotal = 0
  let syllables = 0
  let longSentences = 0
  const sentenceLengths: number[] = []
  for (const block of prose) {
    for (const sentence of splitSentences(block.text)) {
      const ws = letterWords(sentence)
      if (ws.length === 0) continue
      sentenceLengths.push(ws.length)
      if (ws.length > LONG_SENTENCE_WORDS) longSentences++
      wordTotal += ws.length
      for (const w of ws) syllables += count(w)
    }
  }
  const sentences = sentenceLengths.length
  // A paragraph is a <p>; pages without any fall back to all prose blocks (list items, cells).
  const paragraphBlocks = prose.some((b) => b.tag === 'p') ? prose.filter((b) => b.tag === 'p') : prose
  const paragraphWords = paragraphBlocks.map((b) => b.words)
  const paragraphs = paragraphWords.length
  const formula = language === 'pt' ? fleschReadingEasePt : fleschReadingEaseEn
  return {
    language,
    words: wordTotal,
    sentences,
    syllables,
    averageSentenceLength: sentences ? round1(wordTotal / sentences) : 0,
    averageSyllablesPerWord: wordTotal ? Math.round((syllables / wordTotal) * 100) / 100 : 0,
    fleschReadingEase:
      language && sentences && wordTotal ? round1(formula(wordTotal, sentences, syllables)) : null,
    longSentences,
    longSentenceShare: sentences ? Math.round((longSentences / sentences) * 100) / 100 : 0,
    paragraphs,
    averageParagraphLength: paragraphs ? round1(paragraphWords.reduce((a, b) => a + b, 0) / paragraphs) : 0,
    longParagraphs: paragraphWords.filter((n) => n > LONG_PARAGRAPH_WORDS).length,
  }
}
