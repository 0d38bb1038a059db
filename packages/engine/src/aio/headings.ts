// Heading hierarchy and question-style headings. Answer engines lift a heading phrased as a question and
// the short answer right below it (the same shape as featured snippets and FAQ rich results).
import type { CheerioAPI } from 'cheerio'
import { elementsByTag, hasAncestorTag } from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import { normalizeSpace, words } from '../seo/text.ts'
import type { Localized, Verdict } from '../types.ts'
import type { ContentBlock } from './content.ts'
import { splitSentences } from './content.ts'
import { type BuiltFinding, build, loc } from './finding.ts'
import { counted, pluralForm } from './plural.ts'
import { headingScore, questionAnswerScore } from './scores.ts'
import { STRENGTH } from './strength.ts'

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

// ---------------------------------------------------------------- findings

const QUESTION_HEADINGS: Localized = { pt: 'títulos em forma de pergunta', en: 'question headings' }

export function headingFindings(h: HeadingSignals): BuiltFinding[] {
  const score = headingScore(h)
  const sub = h.headings.filter((x) => x.level >= 2).length
  const problems: Localized[] = []
  if (h.h1Count === 0) problems.push({ pt: 'não há <h1>', en: 'there is no <h1>' })
  if (h.h1Count > 1) problems.push({ pt: `há ${h.h1Count} <h1>`, en: `there are ${h.h1Count} <h1>s` })
  for (const s of h.skippedLevels.slice(0, 3))
    problems.push({
      pt: `salta de h${s.from} para h${s.to} em "${s.text}"`,
      en: `it jumps from h${s.from} to h${s.to} at "${s.text}"`,
    })
  if (sub < 2)
    problems.push({
      pt:
        sub === 0
          ? 'não há subtítulos'
          : `só há ${counted(sub, 'pt', { one: 'subtítulo', other: 'subtítulos' })}`,
      en:
        sub === 0
          ? 'there are no subheadings'
          : `there is only ${counted(sub, 'en', { one: 'subheading', other: 'subheadings' })}`,
    })
  const verdict: Verdict = problems.length === 0 ? 'pass' : score >= 60 ? 'warn' : 'fail'
  const out: BuiltFinding[] = [
    build(
      {
        id: 'aio-heading-hierarchy',
        category: 'structure',
        verdict,
        score,
        impact: verdict === 'fail' ? 'high' : 'medium',
        title: loc((l) =>
          verdict === 'pass'
            ? l === 'pt'
              ? `Hierarquia de títulos correta: um <h1> e ${counted(sub, l, { one: 'subtítulo', other: 'subtítulos' })}`
              : `Sound heading hierarchy: one <h1> and ${counted(sub, l, { one: 'subheading', other: 'subheadings' })}`
            : l === 'pt'
              ? 'Hierarquia de títulos com falhas'
              : 'Flawed heading hierarchy',
        ),
        description: loc((l) =>
          verdict === 'pass'
            ? l === 'pt'
              ? `A página tem um <h1> e ${counted(sub, l, { one: 'subtítulo', other: 'subtítulos' })} sem saltos de nível, um índice claro do conteúdo.`
              : `The page has one <h1> and ${counted(sub, l, { one: 'subheading', other: 'subheadings' })} with no skipped levels, a clear outline of the content.`
            : l === 'pt'
              ? `Na estrutura de títulos, ${problems.map((p) => p.pt).join('; ')}. O alvo é um só <h1> e subtítulos <h2>/<h3> sem saltar níveis.`
              : `In the heading outline, ${problems.map((p) => p.en).join('; ')}. The target is a single <h1> and <h2>/<h3> subheadings without skipping levels.`,
        ),
        evidence: [
          { signal: { pt: 'número de <h1>', en: 'h1 count' }, value: h.h1Count, target: same('1') },
          {
            signal: { pt: 'níveis de título saltados', en: 'skipped heading levels' },
            value: h.skippedLevels.length,
            target: same('0'),
          },
          { signal: { pt: 'subtítulos', en: 'subheadings' }, value: sub, target: same('≥ 2') },
        ],
        strength: STRENGTH.structure,
      },
      {
        title: { pt: 'Corrija a hierarquia de títulos', en: 'Fix the heading hierarchy' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Use um único <h1> com o tema da página e divida o conteúdo em secções com <h2> (e <h3> dentro delas), sem saltar níveis: ${problems.map((p) => p.pt).join('; ')}.`
            : `Use a single <h1> with the page's topic and split the content into sections with <h2> (and <h3> inside them), without skipping levels: ${problems.map((p) => p.en).join('; ')}.`,
        ),
      },
    ),
  ]
  const q = h.questionHeadings
  const a = h.answeredQuestions
  const qScore = questionAnswerScore(h)
  if (q === 0) {
    out.push(
      build(
        {
          id: 'aio-question-headings',
          category: 'structure',
          verdict: 'info',
          score: qScore,
          impact: 'low',
          title: { pt: 'Nenhum título em forma de pergunta', en: 'No question-style headings' },
          description: {
            pt: 'Nenhum título está escrito como pergunta ("O que é…?", "Como…?"). Perguntas com resposta direta logo abaixo são o formato que os motores de resposta mais facilmente extraem.',
            en: 'No heading is phrased as a question ("What is…?", "How…?"). Questions answered directly below are the shape answer engines extract most easily.',
          },
          evidence: [
            {
              signal: QUESTION_HEADINGS,
              value: 0,
              target: { pt: '≥ 1, cada um com resposta logo abaixo', en: '≥ 1, each answered below' },
            },
          ],
          strength: STRENGTH.questions,
        },
        {
          title: { pt: 'Responda às perguntas dos seus clientes', en: "Answer your customers' questions" },
          explanation: {
            pt: 'Transforme alguns subtítulos nas perguntas que os clientes fazem ("Quanto custa…?", "Como funciona…?") e responda na primeira frase do parágrafo seguinte, em menos de 60 palavras.',
            en: 'Turn some subheadings into the questions customers ask ("How much does… cost?", "How does… work?") and answer in the first sentence of the next paragraph, in under 60 words.',
          },
        },
      ),
    )
  } else {
    out.push(
      build(
        {
          id: 'aio-question-headings',
          category: 'structure',
          verdict: a === q ? 'pass' : 'warn',
          score: qScore,
          impact: 'low',
          title: loc((l) =>
            a === q
              ? l === 'pt'
                ? q === 1
                  ? '1 pergunta em título, com resposta direta'
                  : `${q} perguntas em títulos, todas com resposta direta`
                : q === 1
                  ? '1 question heading, answered directly'
                  : `${q} question headings, all answered directly`
              : l === 'pt'
                ? `${q - a} de ${counted(q, l, { one: 'pergunta em título', other: 'perguntas em títulos' })} sem resposta direta`
                : `${q - a} of ${counted(q, l, { one: 'question heading', other: 'question headings' })} without a direct answer`,
          ),
          description: loc((l) =>
            a === q
              ? l === 'pt'
                ? q === 1
                  ? 'O título em forma de pergunta é seguido de um parágrafo cuja primeira frase responde em 60 palavras ou menos.'
                  : `Os ${q} títulos em forma de pergunta são seguidos de um parágrafo cuja primeira frase responde em 60 palavras ou menos.`
                : q === 1
                  ? 'The question heading is followed by a paragraph whose first sentence answers in 60 words or fewer.'
                  : `All ${q} question headings are followed by a paragraph whose first sentence answers in 60 words or fewer.`
              : l === 'pt'
                ? `${q - a} de ${counted(q, l, { one: 'título', other: 'títulos' })} em forma de pergunta ${pluralForm(q - a, l, { one: 'não tem', other: 'não têm' })} logo abaixo um parágrafo com uma primeira frase de 60 palavras ou menos: ${h.unansweredQuestions.map((t) => `"${t}"`).join(', ')}.`
                : `${q - a} of ${counted(q, l, { one: 'question heading', other: 'question headings' })} ${pluralForm(q - a, l, { one: 'is', other: 'are' })} not followed by a paragraph whose first sentence has 60 words or fewer: ${h.unansweredQuestions.map((t) => `"${t}"`).join(', ')}.`,
          ),
          evidence: [
            { signal: QUESTION_HEADINGS, value: q },
            {
              signal: { pt: 'com resposta direta logo abaixo', en: 'answered directly below' },
              value: a,
              target: same(String(q)),
            },
          ],
          strength: STRENGTH.questions,
        },
        {
          title: { pt: 'Responda logo a seguir à pergunta', en: 'Answer right after the question' },
          explanation: loc((l) =>
            l === 'pt'
              ? `Por baixo de ${h.unansweredQuestions.map((t) => `"${t}"`).join(', ')}, comece com um parágrafo cuja primeira frase dá a resposta em menos de 60 palavras; os detalhes vêm depois.`
              : `Under ${h.unansweredQuestions.map((t) => `"${t}"`).join(', ')}, start with a paragraph whose first sentence gives the answer in under 60 words; details come after.`,
          ),
        },
      ),
    )
  }
  return out
}
