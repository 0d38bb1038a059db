// Heading hierarchy and question-style headings. Answer engines lift a heading phrased as a question and
// the short answer right below it (the same shape as featured snippets and FAQ rich results).
import type { CheerioAPI } from 'cheerio'
import { elementsByTag, hasAncestorTag } from '../page/dom.ts'
import { normalizeSpace, words } from '../seo/text.ts'
import type { ContentBlock } from './content.ts'
import { splitSentences } from './content.ts'

/** A direct answer opens with a sentence of at most this many words. */
export const ANSWER_FIRST_SENTENCE_MAX_WORDS = 60

// Interrogatives that open a question even without a "?" ("Como funciona o Farol").
const PT_INTERROGATIVES = [
  'o que',
  'o quê',
  'por que',
  'por quê',
  'porque',
  'porquê',
  'como',
  'quando',
  'onde',
  'aonde',
  'qual',
  'quais',
  'quanto',
  'quanta',
  'quantos',
  'quantas',
  'quem',
]
const EN_INTERROGATIVES = [
  'what',
  'how',
  'why',
  'when',
  'where',
  'which',
  'who',
  'can',
  'does',
  'is',
  'are',
  'should',
]
const INTERROGATIVE = new RegExp(
  `^(?:${[...PT_INTERROGATIVES, ...EN_INTERROGATIVES].join('|')})(?![\\p{L}\\p{N}])`,
  'iu',
)

// After a wh-word, a subject pronoun makes a noun clause, not a question: "How it works", "What we do",
// "Why you should care" (the questions are "How does it work", "What do we do").
const EN_CLAUSE =
  /^(?:what|how|why|when|where|which|who)\s+(?:i|we|you|they|it|he|she|our|your|this|that)(?![\p{L}\p{N}])/iu
// In Portuguese the same clause has the verb in the first person plural: "O que fazemos", "Quem somos",
// "Como trabalhamos", "Onde estamos" (section titles, not questions).
const PT_CLAUSE = new RegExp(
  `^(?:${PT_INTERROGATIVES.join('|')})\\s+(?:nós\\s+)?\\p{L}+mos(?![\\p{L}\\p{N}])`,
  'iu',
)

/**
 * A heading phrased as a question: it ends with "?", or opens with an interrogative and reads as a
 * question ("O que é a AIO", "Quanto custa", "What is AIO"), not as a section title built on one
 * ("O que fazemos", "Quem somos", "How it works").
 */
export function isQuestionHeading(text: string): boolean {
  const t = normalizeSpace(text).replace(/^[¿¡"“«'(\s\d.)-]+/u, '')
  if (t.endsWith('?')) return true
  return INTERROGATIVE.test(t) && !EN_CLAUSE.test(t) && !PT_CLAUSE.test(t)
}

export interface HeadingSignals {
  /** Headings of the whole document, in order. */
  headings: { level: number; text: string }[]
  h1Count: number
  /** Places where the outline jumps more than one level deeper (h2 → h4). */
  skippedLevels: { from: number; to: number; text: string }[]
  questionHeadings: number
  answeredQuestions: number
  /** Question headings without a direct answer right below them (first few). */
  unansweredQuestions: string[]
}

const BODY = new Set(['body'])
const NOT_CONTENT = new Set(['template', 'noscript', 'svg'])

export function measureHeadings($: CheerioAPI, blocks: ContentBlock[]): HeadingSignals {
  // `body h1, ..., body h6`, outside template, noscript and svg.
  const headings = elementsByTag($, 'h1', 'h2', 'h3', 'h4', 'h5', 'h6')
    .filter((el) => hasAncestorTag(el, BODY) && !hasAncestorTag(el, NOT_CONTENT))
    .map((el) => ({ level: Number(el.tagName.slice(1)), text: normalizeSpace($.text([el])) }))
    .filter((h) => h.text !== '')
  const skippedLevels: HeadingSignals['skippedLevels'] = []
  let previous = 0
  for (const h of headings) {
    // The first heading may be any level; after that, going deeper by more than one skips a level.
    if (previous !== 0 && h.level > previous + 1)
      skippedLevels.push({ from: previous, to: h.level, text: h.text })
    previous = h.level
  }
  let questionHeadings = 0
  let answeredQuestions = 0
  const unansweredQuestions: string[] = []
  blocks.forEach((block, i) => {
    if (block.kind !== 'heading' || !isQuestionHeading(block.text)) return
    questionHeadings++
    const next = blocks[i + 1]
    const first = next?.kind === 'prose' ? splitSentences(next.text)[0] : undefined
    if (first && words(first).length <= ANSWER_FIRST_SENTENCE_MAX_WORDS) answeredQuestions++
    else if (unansweredQuestions.length < 5) unansweredQuestions.push(block.text)
  })
  return {
    headings,
    h1Count: headings.filter((h) => h.level === 1).length,
    skippedLevels,
    questionHeadings,
    answeredQuestions,
    unansweredQuestions,
  }
}
