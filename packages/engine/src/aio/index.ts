/**
 * AIO analysis: how well large language models can read, trust and mention a page, computed from
 * measurable signals of its artifacts (no LLM involved). A pure function: same artifacts, same result.
 *
 * How the four 0-100 scores are computed (full detail and thresholds in scores.ts):
 *
 *   human_readability    = 40% reading ease (Flesch for English; Martins et al. 1996 for Portuguese)
 *                        + 25% average sentence length + 15% share of sentences over 30 words
 *                        + 20% average paragraph length. Measured on the text people see (rendered
 *                        HTML when available). 0 with fewer than 30 words of prose.
 *   llm_interpretability = 30% text visible without JavaScript + 25% AI search crawlers and
 *                        user-triggered fetchers allowed by robots.txt + 20% entity clarity
 *                        (Organization/LocalBusiness JSON-LD, sameAs, consistent name) + 15% authorship
 *                        and freshness + 10% facts (statistics, citations, quotations, dates).
 *                        With Lighthouse agentic-browsing audits: +10% for them, the rest × 0.9.
 *                        Training-crawler blocks and llms.txt weigh nothing.
 *   logical_structure    = 35% heading hierarchy + 35% semantic HTML + 10% question headings answered
 *                        directly + 20% share of text in paragraphs, lists, headings and cells.
 *   overall              = 30% human_readability + 40% llm_interpretability + 30% logical_structure.
 *
 * Components that cannot be measured (e.g. robots.txt unreachable) are left out and the remaining weights
 * are scaled up; `components` in the result lists every component with its weight and score.
 */
import { elementsByTag, renderedDom } from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import { languageFromScores } from '../seo/language.ts'
import { documentErrorReason } from '../seo/not-audited.ts'
import type { Finding, Lang, Localized, PageArtifacts } from '../types.ts'
import { type AgenticSignals, agenticFindings, type LighthouseInput, measureAgentic } from './agentic.ts'
import { type AuthorshipSignals, authorshipFindings, measureAuthorship } from './authorship.ts'
import { type ContentBlock, codeSamples, contentBlocks } from './content.ts'
import { crawlerViewFinding, measureCrawlerView } from './crawler-view.ts'
import { entityFindings, measureEntity } from './entity.ts'
import { type FactSignals, factFindings, measureFacts } from './facts.ts'
import type { BuiltFinding, Recommendation } from './finding.ts'
import { headingFindings, measureHeadings } from './headings.ts'
import { parseJsonLd } from './jsonld.ts'
import { type LlmsTxtSignals, llmsTxtFinding, measureLlmsTxt } from './llms-txt.ts'
import { measureReadability, readabilityFindings } from './readability.ts'
import { measureAiCrawlerAccess, type RobotsSignals, robotsFindings } from './robots.ts'
import {
  type Component,
  humanReadabilityComponents,
  llmInterpretabilityComponents,
  logicalStructureComponents,
  OVERALL_WEIGHTS,
  overallScore,
  weightedMean,
} from './scores.ts'
import { measureSemantics, semanticFindings } from './semantic.ts'
import type {
  CrawlerViewSignals,
  EntitySignals,
  HeadingSignals,
  ReadabilitySignals,
  SemanticSignals,
} from './signals.ts'

export type { AgenticAudit, LighthouseInput } from './agentic.ts'
export type { Recommendation as AioRecommendation } from './finding.ts'
export { AI_CRAWLERS, type AiCrawlerGroup } from './robots.ts'

export interface AioScores {
  overall: number
  human_readability: number
  llm_interpretability: number
  logical_structure: number
}

export interface AioSignals {
  /** Language of the content (detected from the text, else <html lang>); null when neither pt nor en. */
  contentLanguage: Lang | null
  /** Whether readability was measured on the rendered HTML (what people see) or the raw HTML. */
  readabilityMeasuredOn: 'rendered' | 'raw'
  readability: ReadabilitySignals
  crawlerView: CrawlerViewSignals
  entity: EntitySignals
  semantics: SemanticSignals
  headings: HeadingSignals
  facts: FactSignals
  authorship: AuthorshipSignals
  robots: RobotsSignals
  llmsTxt: LlmsTxtSignals
  agentic: AgenticSignals
}

export interface AioStrength {
  title: Localized
}

export interface AioWeakness {
  explanation: Localized
}

export interface AioResult {
  scores: AioScores
  /** What each score is made of, so the UI can show why. */
  components: {
    human_readability: Component[]
    llm_interpretability: Component[]
    logical_structure: Component[]
    overall: typeof OVERALL_WEIGHTS
  }
  /** What the page does well (the passed findings' titles), most important first. In both languages. */
  strengths: AioStrength[]
  /** What holds it back (the failed or warned findings' explanations), most serious first. In both languages. */
  weaknesses: AioWeakness[]
  /** What to do about the weaknesses, in the same order. In both languages. */
  recommendations: Recommendation[]
  /** Bilingual, with evidence and evidence strength. */
  findings: Finding[]
  signals: AioSignals
  /**
   * Set when the document answered 4xx/5xx: only the site's robots.txt and llms.txt were judged, the
   * content findings are one 'na' finding with this reason, and the scores are 0 (nothing to read).
   */
  notAudited?: Localized
}

export interface AioOptions {
  /** Reference time for the age of the content (tests pin it). */
  now?: Date
}

const IMPACT_ORDER = { high: 0, medium: 1, low: 2 } as const
const VERDICT_ORDER = { fail: 0, warn: 1, info: 2, pass: 3, na: 4 } as const
const STRENGTH_ORDER = { established: 0, likely: 1, contested: 2, speculative: 3 } as const

/** The language of the blocks by their stop words (counted when the blocks were split), else <html lang>. */
function contentLanguage(blocks: readonly ContentBlock[], htmlLang: string | undefined): Lang | null {
  const scores = { pt: 0, en: 0, words: 0 }
  for (const b of blocks) {
    scores.pt += b.stopWords.pt
    scores.en += b.stopWords.en
    scores.words += b.words
  }
  const detected = languageFromScores(scores)
  if (detected) return detected
  const declared = htmlLang?.trim().toLowerCase().split(/[-_]/)[0]
  return declared === 'pt' || declared === 'en' ? declared : null
}

/** Most serious first: impact, then fail before warn, then the best-supported evidence. */
function bySeverity(a: BuiltFinding, b: BuiltFinding): number {
  const fa = a.finding
  const fb = b.finding
  return (
    IMPACT_ORDER[fa.impact] - IMPACT_ORDER[fb.impact] ||
    VERDICT_ORDER[fa.verdict] - VERDICT_ORDER[fb.verdict] ||
    STRENGTH_ORDER[fa.strength?.level ?? 'speculative'] - STRENGTH_ORDER[fb.strength?.level ?? 'speculative']
  )
}

export function measureAioSignals(
  artifacts: PageArtifacts,
  lighthouse?: LighthouseInput,
  options: AioOptions = {},
): AioSignals {
  const { $, page } = artifacts
  const pageUrl = page.finalUrl || page.requestedUrl
  const jsonLd = parseJsonLd($)
  // People read the rendered page; AI crawlers read the raw HTML. Readability follows the people.
  const $human = renderedDom(artifacts) ?? $
  const humanBlocks = contentBlocks($human)
  const rawBlocks = artifacts.renderedHtml !== null ? contentBlocks($) : humanBlocks
  const lang = contentLanguage(humanBlocks, elementsByTag($, 'html')[0]?.attribs.lang)
  return {
    contentLanguage: lang,
    readabilityMeasuredOn: artifacts.renderedHtml !== null ? 'rendered' : 'raw',
    readability: measureReadability(humanBlocks, lang),
    crawlerView: measureCrawlerView($, artifacts.renderedHtml !== null ? $human : null),
    entity: measureEntity($, jsonLd),
    semantics: measureSemantics($),
    headings: measureHeadings($, rawBlocks),
    facts: measureFacts($, rawBlocks, pageUrl, codeSamples($)),
    authorship: measureAuthorship($, jsonLd, options.now ?? new Date(), page.headers),
    robots: measureAiCrawlerAccess(artifacts.robotsTxt, pageUrl),
    llmsTxt: measureLlmsTxt(artifacts.llmsTxt),
    agentic: measureAgentic(lighthouse),
  }
}

/** Lighthouse's llms-txt score when its agentic audits are known (undefined: no Lighthouse run). */
function lighthouseLlmsTxt(agentic: AgenticSignals): number | null | undefined {
  const audit = agentic.audits.find((a) => a.id === 'llms-txt')
  return audit ? audit.score : undefined
}

/** The result holds every text in both languages, so it reads in either whatever language the audit ran in. */
export function analyzeAio(
  artifacts: PageArtifacts,
  lighthouse?: LighthouseInput,
  options: AioOptions = {},
): AioResult {
  const signals = measureAioSignals(artifacts, lighthouse, options)
  const notAudited = documentErrorReason(artifacts.page.status)
  if (notAudited) return errorPageResult(signals, notAudited, artifacts.page.status)
  const components = {
    human_readability: humanReadabilityComponents(signals.readability),
    llm_interpretability: llmInterpretabilityComponents(signals),
    logical_structure: logicalStructureComponents(signals.headings, signals.semantics),
    overall: OVERALL_WEIGHTS,
  }
  const partial = {
    human_readability: weightedMean(components.human_readability),
    llm_interpretability: weightedMean(components.llm_interpretability),
    logical_structure: weightedMean(components.logical_structure),
  }
  const scores: AioScores = { overall: overallScore(partial), ...partial }

  const built: BuiltFinding[] = [
    crawlerViewFinding(signals.crawlerView),
    ...robotsFindings(signals.robots),
    ...readabilityFindings(signals.readability, signals.readabilityMeasuredOn, signals.facts.region),
    ...entityFindings(signals.entity),
    ...headingFindings(signals.headings),
    ...semanticFindings(signals.semantics),
    ...authorshipFindings(signals.authorship),
    ...factFindings(signals.facts),
    llmsTxtFinding(signals.llmsTxt, lighthouseLlmsTxt(signals.agentic)),
    ...agenticFindings(signals.agentic),
  ]
    // A claim nobody can check is not shown (issue #27): every finding names its evidence.
    .filter((b) => b.finding.evidence.length > 0)
    .sort(bySeverity)

  return {
    scores,
    components,
    strengths: built.filter((b) => b.finding.verdict === 'pass').map((b) => ({ title: b.finding.title })),
    weaknesses: built
      .filter((b) => b.finding.verdict === 'fail' || b.finding.verdict === 'warn')
      .map((b) => ({ explanation: b.finding.description })),
    recommendations: built.flatMap((b) =>
      b.recommendation ? [{ title: b.recommendation.title, explanation: b.recommendation.explanation }] : [],
    ),
    findings: built.map((b) => withMeasuredOn(b.finding, signals.readabilityMeasuredOn)),
    signals,
  }
}

/** Read from the rendered page when Lighthouse rendered it: what people read (readability). */
const READ_AS_PEOPLE = new Set([
  'aio-readability',
  'aio-reading-ease',
  'aio-sentence-length',
  'aio-paragraph-length',
])
/** Site files and Lighthouse's audits read no document of ours; crawler-view compares both documents. */
const NO_DOCUMENT = /^aio-(robots|llms-txt|agentic-|crawler-view)/

/** Says which document a finding was judged on (issue #20): people's text rendered, the rest raw. */
function withMeasuredOn(f: Finding, readabilityOn: 'raw' | 'rendered'): Finding {
  if (f.measuredOn || NO_DOCUMENT.test(f.id)) return f
  return { ...f, measuredOn: READ_AS_PEOPLE.has(f.id) ? readabilityOn : 'raw' }
}

/**
 * An error page (4xx/5xx) is not the page: its text, headings and markup say nothing about the content.
 * What belongs to the site (robots.txt rules for AI crawlers, llms.txt) is still judged.
 */
function errorPageResult(signals: AioSignals, reason: Localized, status: number | null): AioResult {
  const content: Finding = {
    id: 'aio-content',
    category: 'aio',
    verdict: 'na',
    score: null,
    title: { pt: 'Não auditado: conteúdo da página', en: "Not audited: the page's content" },
    description: reason,
    evidence: [
      {
        signal: { pt: 'código HTTP da página', en: "the page's HTTP status" },
        value: status,
        target: same('200'),
        where: same('HTTP'),
      },
    ],
    impact: 'low',
    notAudited: reason,
  }
  const built: BuiltFinding[] = [
    ...robotsFindings(signals.robots),
    llmsTxtFinding(signals.llmsTxt, lighthouseLlmsTxt(signals.agentic)),
  ]
  const site = built.sort(bySeverity)
  return {
    scores: { overall: 0, human_readability: 0, llm_interpretability: 0, logical_structure: 0 },
    components: {
      human_readability: [],
      llm_interpretability: [],
      logical_structure: [],
      overall: OVERALL_WEIGHTS,
    },
    strengths: site.filter((b) => b.finding.verdict === 'pass').map((b) => ({ title: b.finding.title })),
    weaknesses: site
      .filter((b) => b.finding.verdict === 'fail' || b.finding.verdict === 'warn')
      .map((b) => ({ explanation: b.finding.description })),
    recommendations: site.flatMap((b) =>
      b.recommendation ? [{ title: b.recommendation.title, explanation: b.recommendation.explanation }] : [],
    ),
    findings: [content, ...site.map((b) => b.finding)],
    signals,
    notAudited: reason,
  }
}
