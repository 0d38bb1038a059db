// Heading hierarchy and question-style headings. Answer engines lift a heading phrased as a question and
// the short answer right below it (the same shape as featured snippets and FAQ rich results).
import type { CheerioAPI } from 'cheerio'
import { elementsByTag, hasAncestorTag } from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import { countWords, normalizeSpace } from '../seo/text.ts'
import type { Localized, Verdict } from '../types.ts'
import type { ContentBlock } from './content.ts'
import { mainRootLabel, splitSentences } from './content.ts'
import { type BuiltFinding, build, inContent, loc, WHOLE_PAGE } from './finding.ts'
import { counted, pluralForm } from './plural.ts'
import { headingScore, questionAnswerScore } from './scores.ts'
import type { HeadingSignals } from './signals.ts'
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
const PT_INTERROGATIVE = new RegExp(`^(?:${PT_INTERROGATIVES.join('|')})(?![\\p{L}\\p{N}'’-])`, 'iu')
// In Portuguese a question needs no inversion ("Onde fica a loja", "Como funciona o Farol"), but a
// section title built on an interrogative has the verb in the first person plural: "O que fazemos",
// "Quem somos", "Como trabalhamos", "Onde estamos" (a place, not a question).
const PT_CLAUSE = new RegExp(
  `^(?:${PT_INTERROGATIVES.join('|')})\\s+(?:nós\\s+)?\\p{L}+mos(?![\\p{L}\\p{N}])`,
  'iu',
)

// English asks by inversion: a wh-word then an auxiliary ("Where do I start", "What is AIO", "Which plan
// is right"), a wh-subject then its verb ("What happens next", "Who owns the data"), or an auxiliary
// opening a yes/no question ("Can I cancel", "Is it free"). Without that, a heading that starts with a
// wh-word is a title: "WHERE Clause" (SQL), "How-to guides", "How it works", "Why Farol", and every
// wh-word + infinitive (see TITLE_INFINITIVE).
const AUX =
  "(?:do|does|did|is|are|was|were|am|can|could|should|would|will|shall|has|have|had|must|may|might|isn['’]t|aren['’]t|don['’]t|doesn['’]t|can['’]t|won['’]t)"
const WH = '(?:what|how|why|when|where|which|who|whom|whose)'
const WH_TO = '(?:how|when|where|what|which|who|whom|why)'
const SUBJECT = '(?:i|you|we|they|it|he|she|this|that|these|those|there|the|a|an|my|your|our|their|its)'
/** "How it works", "What we do": a subject right after the wh-word makes a clause, not a question. */
const NOT_SUBJECT = '(?!(?:i|we|you|they|it|he|she|this|that|our|your|their)(?![\\p{L}]))'
const EN_QUESTION = new RegExp(
  [
    `^${WH}(?:\\s+(?:much|many|long|often|far|old|big|soon))?(?:\\s+${NOT_SUBJECT}\\p{L}[\\p{L}'’-]*)?\\s+${AUX}(?![\\p{L}'’-])`,
    `^(?:what|who|which)\\s+(?:happens|happened|matters|counts|changes|changed|goes|went|makes|made|causes|caused|owns|wrote|decides|pays|needs)(?![\\p{L}'’-])`,
    `^${AUX}\\s+${SUBJECT}(?![\\p{L}'’-])`,
  ].join('|'),
  'iu',
)
/**
 * A wh-word with an infinitive names a section, it asks nothing (issue 42): "How to install Python",
 * "When to use a tuple", "What not to do"; in Portuguese "Como usar o registo", "Quando usar listas",
 * "O que fazer em Lisboa", "Porquê usar dados estruturados", "Onde comprar", "Como instalá-lo". Only
 * with a "?" is it a question. The Portuguese infinitive is a word in -ar, -er, -ir or -por/-pôr
 * (pôr, compor, dispor; not -or, which takes "melhor", "maior", "valor"), optionally with "não", a
 * proclitic "se" or an enclitic ("inscrever-se", "fazê-lo"); a few words in -er that are no verbs
 * ("qualquer") are left to the question rule. Qual/quais/quanto are not in it: what follows them is
 * mostly a noun or an adjective ("Qual melhor plano para mim" asks). A future subjunctive in -er/-ir
 * ("Quando tiver dúvidas", "Como quiser") reads the same way and is no question either.
 */
const PT_TITLE_OPENERS = [
  'o que',
  'por que',
  'por quê',
  'porque',
  'porquê',
  'como',
  'quando',
  'onde',
  'aonde',
  'quem',
]
const PT_INFINITIVE =
  '(?!(?:qualquer|quaisquer|mulher|colher)(?![\\p{L}]))(?:ir|\\p{L}+(?:ar|er|ir|por)|pôr|\\p{L}+[áéíô]-(?:lo|la|los|las))(?:-(?:se|me|te|nos|vos|lhe|lhes|o|a|os|as|lo|la|los|las))?'
const TITLE_INFINITIVE = new RegExp(
  [
    `^${WH_TO}\\s+(?:not\\s+)?to\\s+\\p{L}`,
    `^(?:${PT_TITLE_OPENERS.join('|')})\\s+(?:não\\s+)?(?:se\\s+)?${PT_INFINITIVE}(?![\\p{L}\\p{N}'’-])`,
  ].join('|'),
  'iu',
)
const lowerFirst = (t: string): string => t.replace(/^\p{L}+/u, (w) => w.toLowerCase())

/**
 * A heading phrased as a question, by its grammar: it ends with "?", or (Portuguese) opens with an
 * interrogative and is not a first-person-plural section title, or (English) is built as a question;
 * a wh-word with an infinitive is a title unless it ends with "?". "O que é a AIO", "Quanto custa",
 * "Where do I start" are questions; "WHERE Clause", "Onde estamos", "How-to guides", "How it works",
 * "How to install Python", "Como usar o registo" are not.
 */
export function isQuestionHeading(text: string): boolean {
  const t = normalizeSpace(text)
    .replace(/^[¿¡"“«'(\s\d.)-]+/u, '')
    .replace(/\s*¶$/u, '')
  if (t.endsWith('?')) return true
  // The opening word in lower case: "WHERE" is SQL's keyword, but "Where" and "WHERE" read the same here.
  const opening = lowerFirst(t)
  if (TITLE_INFINITIVE.test(opening)) return false
  if (EN_QUESTION.test(opening)) return true
  return PT_INTERROGATIVE.test(opening) && !PT_CLAUSE.test(opening) && !EN_START.test(opening)
}

/** English words that the Portuguese test would otherwise take ("como" is not English, but "when" is not PT). */
const EN_START = new RegExp(`^${WH}(?![\\p{L}])`, 'u')

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
  const questionExamples: HeadingSignals['questionExamples'] = []
  let answeredQuestions = 0
  const unansweredQuestions: string[] = []
  blocks.forEach((block, i) => {
    if (block.kind !== 'heading' || !isQuestionHeading(block.text)) return
    questionHeadings++
    if (questionExamples.length < 3) questionExamples.push({ text: block.text, tag: block.tag })
    const next = blocks[i + 1]
    const first = next?.kind === 'prose' ? splitSentences(next.text)[0] : undefined
    if (first && countWords(first) <= ANSWER_FIRST_SENTENCE_MAX_WORDS) answeredQuestions++
    else if (unansweredQuestions.length < 5) unansweredQuestions.push(block.text)
  })
  return {
    headings,
    h1Count: headings.filter((h) => h.level === 1).length,
    skippedLevels,
    questionHeadings,
    questionExamples,
    answeredQuestions,
    unansweredQuestions,
    region: mainRootLabel($),
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
          ...h.skippedLevels.slice(0, 3).map((x) => ({
            signal: { pt: `salto de h${x.from} para h${x.to}`, en: `jump from h${x.from} to h${x.to}` },
            value: x.text,
            where: same(`<h${x.to}>`),
          })),
          {
            signal: { pt: 'níveis de título saltados', en: 'skipped heading levels' },
            value: h.skippedLevels.length,
            target: same('0'),
          },
          { signal: { pt: 'subtítulos', en: 'subheadings' }, value: sub, target: same('≥ 2') },
        ],
        where: WHOLE_PAGE,
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
          where: WHOLE_PAGE,
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
            ...h.questionExamples.map((x) => ({
              signal: { pt: 'pergunta em título', en: 'question heading' },
              value: x.text,
              where: inContent(x.tag, h.region),
            })),
            {
              signal: { pt: 'com resposta direta logo abaixo', en: 'answered directly below' },
              value: a,
              target: same(String(q)),
            },
          ],
          where: WHOLE_PAGE,
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
