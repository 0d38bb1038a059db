// Readability: Flesch reading ease (English) and its Portuguese adaptation by Martins et al. (1996),
// plus sentence and paragraph lengths. Measured on the prose blocks of the main content.

import { same } from '../seo/finding.ts'
import { scanWords } from '../seo/text.ts'
import type { Localized, Verdict } from '../types.ts'
import type { ContentBlock } from './content.ts'
import { splitSentences } from './content.ts'
import { type BuiltFinding, build, inContent, loc, MAIN_CONTENT, num, pct, verdictOf } from './finding.ts'
import { FLESCH_TARGET, linear, MIN_READABLE_WORDS, readingEaseScore } from './scores.ts'
import type { ReadabilitySignals } from './signals.ts'
import { STRENGTH } from './strength.ts'
import { countSyllablesEn, countSyllablesPt } from './syllables.ts'

/** Sentences longer than this are hard to follow and hard to quote. */
export const LONG_SENTENCE_WORDS = 30
/** Paragraphs longer than this read as a wall of text. */
export const LONG_PARAGRAPH_WORDS = 150
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

const round1 = (n: number): number => Math.round(n * 10) / 10

/** Words with at least one letter: numbers have no syllables to count. */
const HAS_LETTER = /\p{L}/u

export function measureReadability(blocks: ContentBlock[], language: 'pt' | 'en' | null): ReadabilitySignals {
  const prose = blocks.filter((b) => b.kind === 'prose')
  const count = language === 'pt' ? countSyllablesPt : countSyllablesEn
  let wordTotal = 0
  let syllables = 0
  let longSentences = 0
  const sentenceLengths: number[] = []
  let longest: ReadabilitySignals['longestSentence'] = null
  // Words repeat (Zipf): each distinct word's syllables are counted once.
  const known = new Map<string, number>()
  for (const block of prose) {
    const text = block.text.normalize('NFC')
    for (const sentence of splitSentences(text)) {
      let n = 0
      scanWords(sentence, (start, end) => {
        const w = sentence.slice(start, end)
        if (!HAS_LETTER.test(w)) return
        n++
        let syl = known.get(w)
        if (syl === undefined) {
          syl = count(w)
          known.set(w, syl)
        }
        syllables += syl
      })
      if (n === 0) continue
      sentenceLengths.push(n)
      if (n > LONG_SENTENCE_WORDS) longSentences++
      if (!longest || n > longest.words) longest = { text: sentence, words: n, element: block.tag }
      wordTotal += n
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
    longestSentence: longest && {
      ...longest,
      text: longest.text.length > 200 ? `${longest.text.slice(0, 199)}…` : longest.text,
    },
  }
}

// ---------------------------------------------------------------- findings

export function readabilityFindings(
  r: ReadabilitySignals,
  measuredOn: 'rendered' | 'raw',
  region = '<body>',
): BuiltFinding[] {
  const content = MAIN_CONTENT(region)
  const where: Localized =
    measuredOn === 'rendered'
      ? { pt: 'no texto renderizado', en: 'in the rendered text' }
      : { pt: 'no HTML da página', en: "in the page's HTML" }
  if (r.words < MIN_READABLE_WORDS) {
    return [
      build(
        {
          id: 'aio-readability',
          category: 'content',
          verdict: 'fail',
          score: 0,
          impact: 'medium',
          title: { pt: 'Texto insuficiente para avaliar', en: 'Not enough text to assess' },
          description: loc((l) =>
            l === 'pt'
              ? `Só há ${r.words} palavras em frases ${where.pt}; são precisas pelo menos ${MIN_READABLE_WORDS} para medir a legibilidade, e os modelos de IA têm pouco para ler e citar.`
              : `There are only ${r.words} words in sentences ${where.en}; at least ${MIN_READABLE_WORDS} are needed to measure readability, and AI models have little to read and quote.`,
          ),
          evidence: [
            {
              signal: { pt: 'palavras em frases', en: 'words in sentences' },
              value: r.words,
              target: same(`≥ ${MIN_READABLE_WORDS}`),
            },
          ],
          where: content,
          strength: STRENGTH.readability,
        },
        {
          title: { pt: 'Escreva conteúdo em texto corrido', en: 'Write content as running text' },
          explanation: {
            pt: 'Explique o que oferece em parágrafos com frases completas; títulos, botões e imagens sozinhos não dizem aos leitores nem aos modelos de que trata a página.',
            en: 'Explain what you offer in paragraphs of full sentences; headings, buttons and images alone do not tell readers or models what the page is about.',
          },
        },
      ),
    ]
  }
  const out: BuiltFinding[] = []
  const ease = readingEaseScore(r)
  if (r.fleschReadingEase === null || r.language === null || ease === null) {
    out.push(
      build({
        id: 'aio-reading-ease',
        category: 'content',
        verdict: 'info',
        score: null,
        impact: 'low',
        title: { pt: 'Índice de legibilidade não calculado', en: 'Reading ease not computed' },
        description: {
          pt: 'O texto não foi reconhecido como português nem inglês, as duas línguas com fórmula de legibilidade validada no Farol.',
          en: 'The text was not recognised as Portuguese or English, the two languages with a validated readability formula in Farol.',
        },
        evidence: [
          {
            signal: { pt: 'língua do conteúdo', en: 'content language' },
            value: null,
            target: { pt: 'pt ou en', en: 'pt or en' },
          },
        ],
        where: content,
        strength: STRENGTH.readability,
      }),
    )
  } else {
    const target = FLESCH_TARGET[r.language]
    const F = num(r.fleschReadingEase)
    const formula: Localized =
      r.language === 'pt'
        ? {
            pt: 'de Flesch, na adaptação para português de Martins et al. (1996),',
            en: 'Flesch reading ease, in the Portuguese adaptation by Martins et al. (1996),',
          }
        : { pt: 'de Flesch', en: 'Flesch reading ease' }
    const verdict = verdictOf(r.fleschReadingEase, target, target - 20)
    out.push(
      build(
        {
          id: 'aio-reading-ease',
          category: 'content',
          verdict,
          score: ease,
          impact: verdict === 'fail' ? 'high' : 'medium',
          title: loc((l) =>
            verdict === 'pass'
              ? l === 'pt'
                ? `Texto fácil de ler: índice ${F.pt} (alvo: ${target} ou mais)`
                : `Easy-to-read text: reading ease ${F.en} (target: ${target} or more)`
              : l === 'pt'
                ? `Texto difícil de ler: índice ${F.pt} (alvo: ${target} ou mais)`
                : `Hard-to-read text: reading ease ${F.en} (target: ${target} or more)`,
          ),
          description: loc((l) =>
            l === 'pt'
              ? `O índice de legibilidade ${formula.pt} é ${F.pt}; o alvo é ${target} ou mais. O texto tem em média ${num(r.averageSyllablesPerWord, 2).pt} sílabas por palavra e ${num(r.averageSentenceLength).pt} palavras por frase.`
              : `The ${formula.en} is ${F.en}; the target is ${target} or more. The text averages ${num(r.averageSyllablesPerWord, 2).en} syllables per word and ${num(r.averageSentenceLength).en} words per sentence.`,
          ),
          evidence: [
            {
              signal: loc(
                (l) =>
                  `${l === 'pt' ? 'índice de legibilidade' : 'reading ease'} (${r.language === 'pt' ? 'Martins 1996' : 'Flesch'})`,
              ),
              value: r.fleschReadingEase,
              target: same(`≥ ${target}`),
            },
            {
              signal: { pt: 'sílabas por palavra', en: 'syllables per word' },
              value: r.averageSyllablesPerWord,
            },
            {
              signal: { pt: 'palavras por frase', en: 'words per sentence' },
              value: r.averageSentenceLength,
            },
          ],
          where: content,
          strength: STRENGTH.readability,
        },
        {
          title: { pt: 'Simplifique a linguagem', en: 'Simplify the language' },
          explanation: loc((l) =>
            l === 'pt'
              ? `Prefira palavras curtas e comuns a termos técnicos longos e divida as frases compridas. Com índice ${F.pt}, o texto exige esforço; ${target} ou mais é lido com facilidade pela maioria das pessoas.`
              : `Prefer short, common words to long technical terms and split long sentences. At ${F.en}, the text takes effort; ${target} or more reads easily for most people.`,
          ),
        },
      ),
    )
  }

  const asl = num(r.averageSentenceLength)
  const longShare = pct(r.longSentenceShare)
  const sentenceScore = Math.round(
    (linear(r.averageSentenceLength, 20, 35) * 0.25 + linear(r.longSentenceShare, 0, 0.3) * 0.15) / 0.4,
  )
  const sVerdict: Verdict =
    r.averageSentenceLength <= 20 && r.longSentenceShare <= 0.1
      ? 'pass'
      : r.averageSentenceLength <= 25
        ? 'warn'
        : 'fail'
  out.push(
    build(
      {
        id: 'aio-sentence-length',
        category: 'content',
        verdict: sVerdict,
        score: sentenceScore,
        impact: sVerdict === 'fail' ? 'high' : 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `${sVerdict === 'pass' ? 'Frases curtas' : 'Frases longas'}: média de ${asl.pt} palavras`
            : `${sVerdict === 'pass' ? 'Short sentences' : 'Long sentences'}: ${asl.en} words on average`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `Frases com média de ${asl.pt} palavras; o alvo é menos de 20. ${r.longSentences} de ${r.sentences} frases (${longShare.pt}%) têm mais de ${LONG_SENTENCE_WORDS} palavras.`
            : `Sentences average ${asl.en} words; the target is under 20. ${r.longSentences} of ${r.sentences} sentences (${longShare.en}%) have more than ${LONG_SENTENCE_WORDS} words.`,
        ),
        evidence: [
          {
            signal: { pt: 'comprimento médio das frases (palavras)', en: 'average sentence length (words)' },
            value: r.averageSentenceLength,
            target: same('< 20'),
          },
          {
            signal: {
              pt: `frases com mais de ${LONG_SENTENCE_WORDS} palavras`,
              en: `sentences over ${LONG_SENTENCE_WORDS} words`,
            },
            value: r.longSentenceShare,
            target: { pt: '≤ 0,1', en: '≤ 0.1' },
          },
          ...(r.longestSentence
            ? [
                {
                  signal: loc((l) =>
                    l === 'pt'
                      ? `frase mais longa (${r.longestSentence?.words} palavras)`
                      : `longest sentence (${r.longestSentence?.words} words)`,
                  ),
                  value: r.longestSentence.text,
                  where: inContent(r.longestSentence.element, region),
                },
              ]
            : []),
        ],
        where: content,
        strength: STRENGTH.readability,
      },
      {
        title: { pt: 'Encurte as frases', en: 'Shorten the sentences' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Divida as ${r.longSentences} frases com mais de ${LONG_SENTENCE_WORDS} palavras em frases de uma só ideia, até a média (hoje ${asl.pt}) ficar abaixo de 20 palavras. Frases curtas são mais fáceis de ler e de citar isoladamente.`
            : `Split the ${r.longSentences} sentences of more than ${LONG_SENTENCE_WORDS} words into one-idea sentences until the average (now ${asl.en}) is under 20 words. Short sentences are easier to read and to quote on their own.`,
        ),
      },
    ),
  )

  const apl = num(r.averageParagraphLength)
  const pVerdict: Verdict =
    r.averageParagraphLength <= 80 && r.longParagraphs === 0
      ? 'pass'
      : r.averageParagraphLength <= LONG_PARAGRAPH_WORDS
        ? 'warn'
        : 'fail'
  out.push(
    build(
      {
        id: 'aio-paragraph-length',
        category: 'content',
        verdict: pVerdict,
        score: Math.round(linear(r.averageParagraphLength, 80, 200)),
        impact: pVerdict === 'fail' ? 'medium' : 'low',
        title: loc((l) =>
          l === 'pt'
            ? `${pVerdict === 'pass' ? 'Parágrafos curtos' : 'Parágrafos longos'}: média de ${apl.pt} palavras`
            : `${pVerdict === 'pass' ? 'Short paragraphs' : 'Long paragraphs'}: ${apl.en} words on average`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `Os ${r.paragraphs} parágrafos têm em média ${apl.pt} palavras; o alvo é menos de 80. ${r.longParagraphs} têm mais de ${LONG_PARAGRAPH_WORDS} palavras.`
            : `The ${r.paragraphs} paragraphs average ${apl.en} words; the target is under 80. ${r.longParagraphs} have more than ${LONG_PARAGRAPH_WORDS} words.`,
        ),
        evidence: [
          {
            signal: {
              pt: 'comprimento médio dos parágrafos (palavras)',
              en: 'average paragraph length (words)',
            },
            value: r.averageParagraphLength,
            target: same('< 80'),
          },
          {
            signal: {
              pt: `parágrafos com mais de ${LONG_PARAGRAPH_WORDS} palavras`,
              en: `paragraphs over ${LONG_PARAGRAPH_WORDS} words`,
            },
            value: r.longParagraphs,
            target: same('0'),
          },
        ],
        where: content,
        strength: STRENGTH.readability,
      },
      {
        title: { pt: 'Divida os parágrafos longos', en: 'Break up long paragraphs' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Reparta o texto em parágrafos de 2 a 4 frases (menos de 80 palavras; hoje a média é ${apl.pt}), cada um com uma ideia, para que leitores e modelos encontrem a resposta sem ler um bloco inteiro.`
            : `Split the text into paragraphs of 2 to 4 sentences (under 80 words; the average is now ${apl.en}), one idea each, so readers and models find the answer without reading a whole block.`,
        ),
      },
    ),
  )
  return out
}
