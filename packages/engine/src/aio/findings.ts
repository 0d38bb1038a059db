// Findings: each signal turned into a verdict with its evidence, bilingual explanation, evidence strength
// and, when something can be improved, a recommendation. Strings live here beside the thresholds.
import { same } from '../seo/finding.ts'
import type { Evidence, Finding, Localized, Verdict } from '../types.ts'
import type { AuthorshipSignals } from './authorship.ts'
import type { CrawlerViewSignals } from './crawler-view.ts'
import type { EntitySignals, NameSource } from './entity.ts'
import type { FactSignals } from './facts.ts'
import type { HeadingSignals } from './headings.ts'
import { counted, pluralForm } from './plural.ts'
import {
  FLESCH_TARGET,
  LONG_PARAGRAPH_WORDS,
  LONG_SENTENCE_WORDS,
  type ReadabilitySignals,
} from './readability.ts'
import type { AiCrawlerGroup, RobotsSignals } from './robots.ts'
import {
  crawlerViewScore,
  entityScore,
  headingScore,
  linear,
  MIN_READABLE_WORDS,
  questionAnswerScore,
  readingEaseScore,
  semanticScore,
} from './scores.ts'
import type { SemanticSignals } from './semantic.ts'
import { STRENGTH, type StrengthNote } from './strength.ts'

export interface Recommendation {
  title: Localized
  explanation: Localized
}

export interface BuiltFinding {
  finding: Finding
  recommendation?: Recommendation
}

type Lang = 'pt' | 'en'

/** A number in each language's notation: 31,5 in Portuguese, 31.5 in English. */
function num(n: number, digits = 1): Localized {
  const f = (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n)
  return { pt: f('pt-PT'), en: f('en-GB') }
}
const pct = (share: number): Localized => num(Math.round(share * 100), 0)
const list = (items: string[], lang: Lang): string =>
  new Intl.ListFormat(lang === 'pt' ? 'pt-PT' : 'en-GB', { type: 'conjunction' }).format(items)
const loc = (f: (lang: Lang) => string): Localized => ({ pt: f('pt'), en: f('en') })

const SAME_AS_LINKS: Localized = { pt: 'ligações sameAs', en: 'sameAs links' }
const QUESTION_HEADINGS: Localized = { pt: 'títulos em forma de pergunta', en: 'question headings' }
/** Where the organisation's name was read from, as shown to people. */
const NAME_SOURCE: Record<NameSource['source'], Localized> = {
  'og:site_name': same('og:site_name'),
  title: { pt: 'título', en: 'title' },
  'logo alt': { pt: 'alt do logótipo', en: 'logo alt' },
}
const nameSources = (sources: { source: NameSource['source'] }[], l: Lang): string =>
  sources.map((s) => NAME_SOURCE[s.source][l]).join(', ')
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

function build(
  f: Omit<Finding, 'strength' | 'category'> & { category?: Finding['category']; strength: StrengthNote },
  recommendation?: Recommendation,
): BuiltFinding {
  const finding: Finding = {
    id: f.id,
    category: f.category ?? 'aio',
    verdict: f.verdict,
    score: f.score,
    title: f.title,
    description: f.description,
    evidence: f.evidence,
    impact: f.impact,
    strength: { level: f.strength.level, note: f.strength.note },
  }
  // Nothing to fix on a pass, nor on a check that does not apply to this page.
  return recommendation && f.verdict !== 'pass' && f.verdict !== 'na'
    ? { finding, recommendation }
    : { finding }
}

const verdictOf = (score: number, pass: number, warn: number): Verdict =>
  score >= pass ? 'pass' : score >= warn ? 'warn' : 'fail'

// ---------------------------------------------------------------- readability

export function readabilityFindings(r: ReadabilitySignals, measuredOn: 'rendered' | 'raw'): BuiltFinding[] {
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
        ],
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

// ---------------------------------------------------------------- crawler view

export function crawlerViewFinding(c: CrawlerViewSignals): BuiltFinding {
  const notRendered: Localized = {
    pt: ' Nesta análise a página não foi renderizada com JavaScript: avaliámos só o HTML bruto.',
    en: ' This analysis did not render the page with JavaScript: only the raw HTML was judged.',
  }
  const score = crawlerViewScore(c)
  const evidence: Evidence[] = [
    {
      signal: { pt: 'palavras no HTML bruto (sem JavaScript)', en: 'words in raw HTML (no JavaScript)' },
      value: c.rawWords,
      target: same('≥ 150'),
    },
    { signal: { pt: 'palavras depois de renderizar', en: 'words after rendering' }, value: c.renderedWords },
    {
      signal: { pt: 'palavras sem JavaScript / renderizadas', en: 'raw / rendered words' },
      value: c.rawToRenderedRatio,
      target: { pt: '≥ 0,9', en: '≥ 0.9' },
    },
    { signal: { pt: 'scripts', en: 'scripts' }, value: c.scripts },
  ]
  const ssr: Recommendation = {
    title: { pt: 'Sirva o conteúdo no HTML inicial', en: 'Serve the content in the initial HTML' },
    explanation: loc((l) =>
      l === 'pt'
        ? `Use renderização no servidor (SSR) ou geração estática para que o texto principal esteja no HTML antes de qualquer script; hoje um crawler sem JavaScript lê ${c.rawWords} palavras${c.renderedWords !== null ? ` de ${c.renderedWords}` : ''}.`
        : `Use server-side rendering (SSR) or static generation so the main text is in the HTML before any script runs; today a crawler without JavaScript reads ${c.rawWords} words${c.renderedWords !== null ? ` of ${c.renderedWords}` : ''}.`,
    ),
  }
  if (c.likelyJsOnly) {
    return build(
      {
        id: 'aio-crawler-view',
        verdict: 'fail',
        score,
        impact: 'high',
        title: { pt: 'Conteúdo só visível com JavaScript', en: 'Content only visible with JavaScript' },
        description: loc((l) =>
          l === 'pt'
            ? `Sem JavaScript, a página tem apenas ${c.rawWords} palavras${c.renderedWords !== null ? `, contra ${c.renderedWords} depois de renderizar` : ` e ${c.scripts} scripts`}: o conteúdo é construído no navegador. A maioria dos crawlers de IA (GPTBot, ClaudeBot, PerplexityBot) não executa JavaScript e vê uma página quase vazia.${c.renderedWords === null ? notRendered.pt : ''}`
            : `Without JavaScript the page has only ${c.rawWords} words${c.renderedWords !== null ? `, against ${c.renderedWords} after rendering` : ` and ${c.scripts} scripts`}: the content is built in the browser. Most AI crawlers (GPTBot, ClaudeBot, PerplexityBot) do not execute JavaScript and see an almost empty page.${c.renderedWords === null ? notRendered.en : ''}`,
        ),
        evidence,
        strength: STRENGTH.jsCrawlers,
      },
      ssr,
    )
  }
  if (c.rawToRenderedRatio !== null && c.rawToRenderedRatio < 0.9) {
    const share = pct(c.rawToRenderedRatio)
    return build(
      {
        id: 'aio-crawler-view',
        verdict: c.rawToRenderedRatio < 0.5 ? 'fail' : 'warn',
        score,
        impact: c.rawToRenderedRatio < 0.5 ? 'high' : 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `Só ${share.pt}% do texto é visível sem JavaScript`
            : `Only ${share.en}% of the text is visible without JavaScript`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `Um crawler sem JavaScript lê ${c.rawWords} palavras; depois de renderizar, a página tem ${c.renderedWords}. Os crawlers de IA que não executam scripts perdem o resto.`
            : `A crawler without JavaScript reads ${c.rawWords} words; after rendering the page has ${c.renderedWords}. AI crawlers that do not run scripts miss the rest.`,
        ),
        evidence,
        strength: STRENGTH.jsCrawlers,
      },
      ssr,
    )
  }
  if (c.rawWords < 150) {
    return build(
      {
        id: 'aio-crawler-view',
        verdict: 'warn',
        score,
        impact: 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `Pouco texto no HTML: ${counted(c.rawWords, l, { one: 'palavra', other: 'palavras' })}`
            : `Little text in the HTML: ${counted(c.rawWords, l, { one: 'word', other: 'words' })}`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `O HTML tem ${c.rawWords} palavras visíveis; com menos de 150, os modelos de IA têm pouco para compreender e citar.${c.renderedWords === null ? notRendered.pt : ''}`
            : `The HTML has ${c.rawWords} visible words; with fewer than 150, AI models have little to understand and quote.${c.renderedWords === null ? notRendered.en : ''}`,
        ),
        evidence,
        strength: STRENGTH.jsCrawlers,
      },
      {
        title: { pt: 'Acrescente texto útil à página', en: 'Add useful text to the page' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Descreva em texto o que a página oferece, para quem e como (hoje ${c.rawWords} palavras; o alvo é pelo menos 150).`
            : `Describe in text what the page offers, for whom and how (${c.rawWords} words now; the target is at least 150).`,
        ),
      },
    )
  }
  return build({
    id: 'aio-crawler-view',
    verdict: 'pass',
    score,
    impact: 'high',
    title: loc((l) =>
      l === 'pt'
        ? `Conteúdo visível sem JavaScript: ${counted(c.rawWords, l, { one: 'palavra', other: 'palavras' })} no HTML`
        : `Content visible without JavaScript: ${counted(c.rawWords, l, { one: 'word', other: 'words' })} in the HTML`,
    ),
    description: loc((l) =>
      l === 'pt'
        ? `Um crawler que não executa JavaScript lê ${c.rawWords} palavras${c.renderedWords !== null ? ` das ${c.renderedWords} da página renderizada` : ''}.${c.renderedWords === null ? notRendered.pt : ''}`
        : `A crawler that does not execute JavaScript reads ${c.rawWords} words${c.renderedWords !== null ? ` of the rendered page's ${c.renderedWords}` : ''}.${c.renderedWords === null ? notRendered.en : ''}`,
    ),
    evidence,
    strength: STRENGTH.jsCrawlers,
  })
}

// ---------------------------------------------------------------- robots.txt

/** The texts of a robots.txt finding for a group of AI crawlers that should be let in; agents come as a list. */
interface CrawlerGroupTexts {
  id: string
  blockedVerdict: Verdict
  impact: Finding['impact']
  strength: StrengthNote
  blockedTitle: Localized
  blocked: (agents: string, l: Lang) => string
  allowedTitle: (agents: string, l: Lang) => string
  allowed: (agents: string, l: Lang) => string
  fixTitle: Localized
  /** `first` is the first blocked agent, for an example robots.txt group. */
  fix: (agents: string, first: string, l: Lang) => string
}

/** Search crawlers and user-triggered fetchers are judged alike: the share of the group robots.txt lets in. */
function crawlerGroupFinding(
  r: RobotsSignals,
  group: 'search' | 'user',
  evidence: Evidence[],
  t: CrawlerGroupTexts,
): BuiltFinding {
  const blocked = r.blocked[group]
  const agents = r.crawlers.filter((c) => c.group === group).map((c) => c.agent)
  const common = { id: t.id, impact: t.impact, evidence, strength: t.strength }
  return build(
    blocked.length
      ? {
          ...common,
          verdict: t.blockedVerdict,
          score: Math.round((1 - blocked.length / agents.length) * 100),
          title: loc((l) => `${t.blockedTitle[l]}: ${list(blocked, l)}`),
          description: loc((l) => t.blocked(list(blocked, l), l)),
        }
      : {
          ...common,
          verdict: 'pass',
          score: 100,
          title: loc((l) => t.allowedTitle(list(agents, l), l)),
          description: loc((l) => t.allowed(list(agents, l), l)),
        },
    { title: t.fixTitle, explanation: loc((l) => t.fix(list(blocked, l), blocked[0] ?? '', l)) },
  )
}

export function robotsFindings(r: RobotsSignals): BuiltFinding[] {
  const evidenceFor = (group: AiCrawlerGroup): Evidence[] =>
    r.crawlers
      .filter((c) => c.group === group)
      .map((c) => ({
        signal: loc((l) =>
          l === 'pt'
            ? `${c.agent} (${c.operator}) permitido no robots.txt`
            : `${c.agent} (${c.operator}) allowed by robots.txt`,
        ),
        // true: allowed, false: blocked, null: unknown.
        value: c.allowed,
        ...(group === 'training' ? {} : { target: { pt: 'sim', en: 'yes' } }),
      }))
  if (r.status === 'unreachable') {
    return [
      build({
        id: 'aio-robots',
        verdict: 'info',
        score: null,
        impact: 'low',
        title: { pt: 'robots.txt ilegível', en: 'robots.txt unreadable' },
        description: {
          pt: 'Não foi possível ler o robots.txt (sem resposta ou erro do servidor), por isso o acesso dos crawlers de IA é desconhecido. Alguns crawlers tratam um erro 5xx como proibição total.',
          en: 'The robots.txt could not be read (no answer or a server error), so AI crawler access is unknown. Some crawlers treat a 5xx error as a full disallow.',
        },
        evidence: [
          {
            signal: { pt: 'robots.txt legível', en: 'robots.txt readable' },
            value: false,
            target: { pt: 'resposta 200 ou 404', en: 'a 200 or 404 answer' },
          },
        ],
        strength: STRENGTH.robots,
      }),
    ]
  }
  const out: BuiltFinding[] = []
  const all = (group: AiCrawlerGroup) => r.crawlers.filter((c) => c.group === group).map((c) => c.agent)

  out.push(
    crawlerGroupFinding(r, 'search', evidenceFor('search'), {
      id: 'aio-robots-search',
      blockedVerdict: 'fail',
      impact: 'high',
      strength: STRENGTH.robots,
      blockedTitle: { pt: 'Crawlers de pesquisa com IA bloqueados', en: 'AI search crawlers blocked' },
      blocked: (agents, l) =>
        l === 'pt'
          ? `O robots.txt impede ${agents} de aceder a esta página. Estes crawlers indexam páginas para as respostas e citações do ChatGPT Search, do Claude e do Perplexity; bloqueados, o site fica fora dessas respostas.`
          : `robots.txt stops ${agents} from fetching this page. These crawlers index pages for answers and citations in ChatGPT Search, Claude and Perplexity; blocked, the site is left out of those answers.`,
      allowedTitle: (agents, l) =>
        l === 'pt'
          ? `Crawlers de pesquisa com IA permitidos (${agents})`
          : `AI search crawlers allowed (${agents})`,
      allowed: (agents, l) =>
        l === 'pt'
          ? `O robots.txt deixa ${agents} aceder a esta página, por isso ela pode ser citada em respostas de pesquisa com IA.`
          : `robots.txt lets ${agents} fetch this page, so it can be cited in AI search answers.`,
      fixTitle: { pt: 'Permita os crawlers de pesquisa com IA', en: 'Allow AI search crawlers' },
      fix: (agents, first, l) =>
        l === 'pt'
          ? `No robots.txt, retire o Disallow que se aplica a ${agents} (ou acrescente um grupo próprio, por exemplo "User-agent: ${first}" com "Allow: /"). Pode continuar a bloquear os crawlers de treino: são user-agents diferentes.`
          : `In robots.txt, remove the Disallow that applies to ${agents} (or add a group of their own, e.g. "User-agent: ${first}" with "Allow: /"). You can keep blocking training crawlers: they are different user agents.`,
    }),
    crawlerGroupFinding(r, 'user', evidenceFor('user'), {
      id: 'aio-robots-user',
      blockedVerdict: 'warn',
      impact: 'medium',
      strength: STRENGTH.userFetchers,
      blockedTitle: {
        pt: 'Agentes a pedido do utilizador bloqueados',
        en: 'User-triggered fetchers blocked',
      },
      blocked: (agents, l) =>
        l === 'pt'
          ? `O robots.txt bloqueia ${agents}, usados quando alguém pede a um assistente para abrir ou resumir esta página. Quem o pedir pode receber uma resposta sem o seu conteúdo.`
          : `robots.txt blocks ${agents}, used when someone asks an assistant to open or summarise this page. Whoever asks may get an answer without your content.`,
      allowedTitle: (_agents, l) =>
        l === 'pt'
          ? 'Assistentes de IA podem abrir a página a pedido'
          : 'AI assistants can open the page on request',
      allowed: (agents, l) =>
        l === 'pt' ? `O robots.txt não bloqueia ${agents}.` : `robots.txt does not block ${agents}.`,
      fixTitle: { pt: 'Deixe os assistentes abrir a página', en: 'Let assistants open the page' },
      fix: (agents, _first, l) =>
        l === 'pt'
          ? `Retire do robots.txt as regras que bloqueiam ${agents}: só atuam quando um utilizador pede expressamente esta página.`
          : `Remove the robots.txt rules blocking ${agents}: they only act when a user explicitly asks for this page.`,
    }),
  )

  const training = r.blocked.training
  out.push(
    build({
      id: 'aio-robots-training',
      verdict: 'info',
      score: null,
      impact: 'low',
      title: loc((l) =>
        training.length
          ? `${l === 'pt' ? 'Crawlers de treino bloqueados' : 'Training crawlers blocked'}: ${list(training, l)}`
          : l === 'pt'
            ? 'Crawlers de treino permitidos'
            : 'Training crawlers allowed',
      ),
      description: loc((l) =>
        training.length
          ? l === 'pt'
            ? `O robots.txt impede ${list(training, l)} de recolher a página para treinar modelos. É uma escolha legítima: não conta para a pontuação e não retira o site das respostas de pesquisa com IA, embora os modelos possam vir a conhecer menos a sua marca.`
            : `robots.txt stops ${list(training, l)} from collecting the page to train models. That is a legitimate choice: it does not count towards the score and does not remove the site from AI search answers, though models may learn less about your brand.`
          : l === 'pt'
            ? `Nenhum dos ${all('training').length} crawlers de treino conhecidos está bloqueado. Bloqueá-los é uma escolha sua e não afeta a pontuação.`
            : `None of the ${all('training').length} known training crawlers is blocked. Blocking them is your choice and does not affect the score.`,
      ),
      evidence: evidenceFor('training'),
      strength: STRENGTH.training,
    }),
  )
  return out
}

// ---------------------------------------------------------------- entity

export function entityFindings(e: EntitySignals): BuiltFinding[] {
  const out: BuiltFinding[] = []
  const org = e.organization
  const addOrg: Recommendation = {
    title: { pt: 'Adicione JSON-LD de Organization com sameAs', en: 'Add Organization JSON-LD with sameAs' },
    explanation: {
      pt: 'Declare em JSON-LD (Organization, ou LocalBusiness se tiver morada física) o nome, o URL, o logótipo e, em sameAs, os perfis oficiais da organização (LinkedIn, Wikipedia, Wikidata, redes sociais), usando sempre o mesmo nome que aparece no título e no og:site_name.',
      en: "Declare in JSON-LD (Organization, or LocalBusiness if you have a physical address) the organisation's name, URL, logo and, in sameAs, its official profiles (LinkedIn, Wikipedia, Wikidata, social networks), always with the same name as in the title and og:site_name.",
    },
  }
  const baseEvidence: Evidence[] = [
    {
      signal: { pt: 'JSON-LD de Organization/LocalBusiness', en: 'Organization/LocalBusiness JSON-LD' },
      value: org ? org.type : null,
      target: { pt: 'presente', en: 'present' },
    },
    { signal: SAME_AS_LINKS, value: org ? org.sameAs.length : 0, target: same('≥ 2') },
    {
      signal: { pt: 'consistência do nome', en: 'name consistency' },
      value: e.nameConsistency,
      target: same('1'),
    },
  ]
  if (!org) {
    out.push(
      build(
        {
          id: 'aio-entity',
          verdict: 'fail',
          score: entityScore(e),
          impact: 'medium',
          title: {
            pt: 'Sem dados estruturados da organização',
            en: 'No structured data for the organisation',
          },
          description: loc((l) =>
            l === 'pt'
              ? `A página não tem JSON-LD do tipo Organization nem LocalBusiness${e.types.length ? ` (tipos encontrados: ${e.types.join(', ')})` : ''}. Sem ele, motores de pesquisa e modelos de IA têm de adivinhar que entidade está por trás do site.`
              : `The page has no Organization or LocalBusiness JSON-LD${e.types.length ? ` (types found: ${e.types.join(', ')})` : ''}. Without it, search engines and AI models have to guess which entity is behind the site.`,
          ),
          evidence: baseEvidence,
          strength: STRENGTH.structuredData,
        },
        addOrg,
      ),
    )
  } else {
    const name = org.name ?? '—'
    out.push(
      build({
        id: 'aio-entity',
        verdict: 'pass',
        score: entityScore(e),
        impact: 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `Organização identificada em JSON-LD: ${name} (${org.type})`
            : `Organisation identified in JSON-LD: ${name} (${org.type})`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `O JSON-LD declara a entidade ${name} do tipo ${org.type}${org.hasLogo ? ', com logótipo' : ''}.`
            : `The JSON-LD declares the entity ${name} of type ${org.type}${org.hasLogo ? ', with a logo' : ''}.`,
        ),
        evidence: baseEvidence,
        strength: STRENGTH.structuredData,
      }),
    )
    const n = org.sameAs.length
    out.push(
      build(
        {
          id: 'aio-entity-sameas',
          verdict: n >= 2 ? 'pass' : 'warn',
          score: n >= 2 ? 100 : n === 1 ? 50 : 0,
          impact: 'medium',
          title: loc((l) =>
            n >= 2
              ? l === 'pt'
                ? `${n} perfis oficiais ligados em sameAs`
                : `${n} official profiles linked in sameAs`
              : n === 0
                ? l === 'pt'
                  ? 'Nenhum perfil oficial ligado em sameAs'
                  : 'No official profile linked in sameAs'
                : l === 'pt'
                  ? `Só ${counted(n, l, { one: 'perfil ligado', other: 'perfis ligados' })} em sameAs`
                  : `Only ${counted(n, l, { one: 'profile', other: 'profiles' })} linked in sameAs`,
          ),
          description: loc((l) =>
            l === 'pt'
              ? `A organização tem ${counted(n, l, { one: 'ligação', other: 'ligações' })} sameAs${n ? ` (${org.sameAs.slice(0, 3).join(', ')})` : ''}; o alvo é pelo menos 2. O sameAs liga o site aos perfis que confirmam quem é a entidade.`
              : `The organisation has ${counted(n, l, { one: 'sameAs link', other: 'sameAs links' })}${n ? ` (${org.sameAs.slice(0, 3).join(', ')})` : ''}; the target is at least 2. sameAs ties the site to the profiles that confirm who the entity is.`,
          ),
          evidence: [{ signal: SAME_AS_LINKS, value: n, target: same('≥ 2') }],
          strength: STRENGTH.structuredData,
        },
        {
          title: { pt: 'Ligue os perfis oficiais em sameAs', en: 'Link official profiles in sameAs' },
          explanation: loc((l) =>
            l === 'pt'
              ? `Acrescente ao JSON-LD de ${name} uma lista sameAs com os URLs dos perfis oficiais (LinkedIn, Wikipedia ou Wikidata, Facebook, Instagram, GitHub); hoje há ${n}.`
              : `Add to ${name}'s JSON-LD a sameAs list with the URLs of its official profiles (LinkedIn, Wikipedia or Wikidata, Facebook, Instagram, GitHub); there are ${n} now.`,
          ),
        },
      ),
    )
    const mismatched = e.nameSources.filter((s) => !s.matches)
    const consistent = org.name !== null && e.nameConsistency !== null && mismatched.length === 0
    out.push(
      build(
        {
          id: 'aio-entity-name',
          verdict: consistent ? 'pass' : 'warn',
          score: e.nameConsistency === null ? 0 : Math.round(e.nameConsistency * 100),
          impact: 'low',
          title: loc((l) =>
            consistent
              ? l === 'pt'
                ? `Nome "${name}" consistente em ${counted(e.nameSources.length, l, { one: 'sítio', other: 'sítios' })} (${nameSources(e.nameSources, l)})`
                : `Name "${name}" consistent in ${counted(e.nameSources.length, l, { one: 'place', other: 'places' })} (${nameSources(e.nameSources, l)})`
              : l === 'pt'
                ? `Nome da organização inconsistente`
                : `Inconsistent organisation name`,
          ),
          description: loc((l) =>
            org.name === null
              ? l === 'pt'
                ? 'O JSON-LD da organização não tem a propriedade name.'
                : "The organisation's JSON-LD has no name property."
              : consistent
                ? l === 'pt'
                  ? `O nome "${name}" aparece no JSON-LD e em ${nameSources(e.nameSources, l)}.`
                  : `The name "${name}" appears in the JSON-LD and in ${nameSources(e.nameSources, l)}.`
                : l === 'pt'
                  ? `O JSON-LD chama-se "${name}", mas esse nome não aparece em ${mismatched.map((s) => `${NAME_SOURCE[s.source].pt} ("${s.value}")`).join(', ') || 'nenhum outro sítio (sem og:site_name, título ou logótipo com alt)'}. Nomes diferentes dificultam ligar o site a uma só entidade.`
                  : `The JSON-LD says "${name}", but that name does not appear in ${mismatched.map((s) => `${NAME_SOURCE[s.source].en} ("${s.value}")`).join(', ') || 'any other place (no og:site_name, title or logo alt)'}. Different names make it harder to tie the site to one entity.`,
          ),
          evidence: e.nameSources.map((s) => ({
            signal: loc((l) => `${l === 'pt' ? 'nome em' : 'name in'} ${NAME_SOURCE[s.source][l]}`),
            value: s.value,
            target: same(name),
          })),
          strength: STRENGTH.structuredData,
        },
        {
          title: { pt: 'Use o mesmo nome em todo o lado', en: 'Use the same name everywhere' },
          explanation: loc((l) =>
            l === 'pt'
              ? `Escreva o nome da organização ("${name}") igual no JSON-LD, no og:site_name, no título da página e no alt do logótipo.`
              : `Write the organisation's name ("${name}") the same way in the JSON-LD, og:site_name, the page title and the logo's alt text.`,
          ),
        },
      ),
    )
  }
  if (e.jsonLdErrors > 0) {
    out.push(
      build(
        {
          id: 'aio-jsonld-errors',
          verdict: 'fail',
          score: 0,
          impact: 'medium',
          title: loc((l) =>
            l === 'pt'
              ? `${counted(e.jsonLdErrors, l, { one: 'bloco', other: 'blocos' })} JSON-LD com erros de sintaxe`
              : `${counted(e.jsonLdErrors, l, { one: 'JSON-LD block', other: 'JSON-LD blocks' })} with syntax errors`,
          ),
          description: loc((l) =>
            l === 'pt'
              ? `${e.jsonLdErrors} de ${counted(e.jsonLdBlocks, l, { one: 'bloco', other: 'blocos' })} JSON-LD ${pluralForm(e.jsonLdErrors, l, { one: 'não é JSON válido e é ignorado', other: 'não são JSON válido e são ignorados' })} por quem os lê.`
              : `${e.jsonLdErrors} of ${counted(e.jsonLdBlocks, l, { one: 'JSON-LD block', other: 'JSON-LD blocks' })} ${pluralForm(e.jsonLdErrors, l, { one: 'is not valid JSON and is', other: 'are not valid JSON and are' })} ignored by readers.`,
          ),
          evidence: [
            {
              signal: { pt: 'erros de sintaxe no JSON-LD', en: 'JSON-LD parse errors' },
              value: e.jsonLdErrors,
              target: same('0'),
            },
          ],
          strength: STRENGTH.structuredData,
        },
        {
          title: { pt: 'Corrija o JSON-LD inválido', en: 'Fix the invalid JSON-LD' },
          explanation: {
            pt: 'Valide cada bloco <script type="application/ld+json"> (vírgulas, aspas, chavetas) no Validador de Schema.org.',
            en: 'Validate each <script type="application/ld+json"> block (commas, quotes, braces) in the Schema.org Validator.',
          },
        },
      ),
    )
  }
  return out
}

// ---------------------------------------------------------------- semantic HTML and headings

export function semanticFindings(s: SemanticSignals): BuiltFinding[] {
  const score = semanticScore(s)
  const wanted = ['main', 'header', 'nav', 'footer'] as const
  const missing = wanted.filter((l) => s.landmarks[l] === 0).map((l) => `<${l}>`)
  const present = wanted.filter((l) => s.landmarks[l] > 0).map((l) => `<${l}>`)
  const divs = pct(s.divRatio)
  const verdict = verdictOf(score, 70, 40)
  const out: BuiltFinding[] = [
    build(
      {
        id: 'aio-semantic-html',
        category: 'structure',
        verdict,
        score,
        impact: verdict === 'fail' ? 'high' : 'medium',
        title: loc((l) =>
          verdict === 'pass'
            ? l === 'pt'
              ? `HTML semântico: ${list(present, l)}${s.lists + s.tables ? `, listas (${s.lists}) e tabelas (${s.tables})` : ''}`
              : `Semantic HTML: ${list(present, l)}${s.lists + s.tables ? `, lists (${s.lists}) and tables (${s.tables})` : ''}`
            : l === 'pt'
              ? `HTML pouco semântico: ${divs.pt}% dos elementos estruturais são <div>`
              : `Little semantic HTML: ${divs.en}% of structural elements are <div>`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `${missing.length ? `Faltam ${list(missing, l)}. ` : ''}${s.divs} <div> contra ${s.semanticElements} elementos semânticos (${divs.pt}% de divs; alvo: 50% ou menos); ${s.lists} listas e ${s.tables} tabelas no conteúdo.`
            : `${missing.length ? `Missing ${list(missing, l)}. ` : ''}${s.divs} <div>s against ${s.semanticElements} semantic elements (${divs.en}% divs; target: 50% or less); ${s.lists} lists and ${s.tables} tables in the content.`,
        ),
        evidence: [
          {
            signal: { pt: 'regiões presentes', en: 'landmarks present' },
            value: present.join(' ') || null,
            target: same('<main> <header> <nav> <footer>'),
          },
          {
            signal: { pt: 'proporção de <div>', en: 'div ratio' },
            value: s.divRatio,
            target: { pt: '≤ 0,5', en: '≤ 0.5' },
          },
          {
            signal: { pt: 'listas + tabelas', en: 'lists + tables' },
            value: s.lists + s.tables,
            target: same('≥ 1'),
          },
        ],
        strength: STRENGTH.structure,
      },
      {
        title: { pt: 'Use elementos HTML semânticos', en: 'Use semantic HTML elements' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Envolva o conteúdo principal em <main> e <article>, a navegação em <nav>, o cabeçalho e o rodapé em <header> e <footer>${missing.length ? ` (faltam ${list(missing, l)})` : ''}, e use <ul>/<ol> e <table> para enumerações e dados em vez de <div>s.`
            : `Wrap the main content in <main> and <article>, navigation in <nav>, header and footer in <header> and <footer>${missing.length ? ` (missing: ${list(missing, l)})` : ''}, and use <ul>/<ol> and <table> for enumerations and data instead of <div>s.`,
        ),
      },
    ),
  ]
  const share = pct(s.structuredTextShare)
  const tVerdict = s.structuredTextShare >= 0.8 ? 'pass' : s.structuredTextShare >= 0.5 ? 'warn' : 'fail'
  out.push(
    build(
      {
        id: 'aio-text-structure',
        category: 'structure',
        verdict: tVerdict,
        score: Math.round(s.structuredTextShare * 100),
        impact: 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `${share.pt}% do texto em parágrafos, listas e títulos`
            : `${share.en}% of the text in paragraphs, lists and headings`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `${share.pt}% das palavras visíveis estão em parágrafos, itens de lista, títulos ou células; o resto está solto em <div> ou <span>. O alvo é 80% ou mais.`
            : `${share.en}% of the visible words are in paragraphs, list items, headings or cells; the rest sits loose in <div> or <span>. The target is 80% or more.`,
        ),
        evidence: [
          {
            signal: {
              pt: 'proporção de palavras em elementos estruturados',
              en: 'share of words in structured elements',
            },
            value: s.structuredTextShare,
            target: { pt: '≥ 0,8', en: '≥ 0.8' },
          },
        ],
        strength: STRENGTH.structure,
      },
      {
        title: { pt: 'Ponha o texto em parágrafos e listas', en: 'Put the text in paragraphs and lists' },
        explanation: loc((l) =>
          l === 'pt'
            ? `Marque cada bloco de texto com <p>, cada enumeração com <ul>/<ol> e cada título com <h2>/<h3>; hoje só ${share.pt}% do texto está assim marcado.`
            : `Mark each block of text with <p>, each enumeration with <ul>/<ol> and each heading with <h2>/<h3>; only ${share.en}% of the text is marked up like that now.`,
        ),
      },
    ),
  )
  return out
}

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

// ---------------------------------------------------------------- facts

export function factFindings(f: FactSignals): BuiltFinding[] {
  const per500 = num(f.statisticsPer500Words)
  const examples = f.statisticExamples.slice(0, 3).join(', ')
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
            ? `Poucos dados concretos: ${counted(f.statistics, l, { one: 'número', other: 'números' })} em ${counted(f.words, l, { one: 'palavra', other: 'palavras' })}`
            : `Few concrete figures: ${counted(f.statistics, l, { one: 'number', other: 'numbers' })} in ${counted(f.words, l, { one: 'word', other: 'words' })}`,
      ),
      description: loc((l) =>
        l === 'pt'
          ? `O texto tem ${f.statistics} estatísticas ou valores com unidade (${per500.pt} por 500 palavras; alvo: 1 ou mais)${examples ? `, por exemplo ${examples}` : ''}, e ${f.dates} datas.`
          : `The text has ${f.statistics} statistics or values with units (${per500.en} per 500 words; target: 1 or more)${examples ? `, for example ${examples}` : ''}, and ${f.dates} dates.`,
      ),
      evidence: [
        {
          signal: { pt: 'estatísticas por 500 palavras', en: 'statistics per 500 words' },
          value: f.statisticsPer500Words,
          target: same('≥ 1'),
        },
        { signal: { pt: 'datas no texto', en: 'dates in text' }, value: f.dates },
      ],
      strength: STRENGTH.geo,
    },
    {
      title: { pt: 'Acrescente dados com fonte', en: 'Add figures with sources' },
      explanation: loc((l) =>
        l === 'pt'
          ? `Sustente as afirmações com números concretos (percentagens, valores, prazos) e indique a fonte; hoje há ${f.statistics} em ${f.words} palavras.`
          : `Back claims with concrete numbers (percentages, amounts, time frames) and name the source; there are ${f.statistics} in ${f.words} words now.`,
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
      evidence: [{ signal: { pt: 'citações', en: 'quotations' }, value: f.quotations, target: same('≥ 1') }],
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
  return [stats, citations, quotes]
}

// ---------------------------------------------------------------- authorship and freshness

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
