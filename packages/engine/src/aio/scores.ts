/**
 * AIO scores: how each of the four 0-100 scores is computed from the measured signals.
 *
 * Every component below is 0-100. A score is the weighted mean of its components; a component that
 * cannot be measured (null) is left out and the remaining weights are scaled up to sum to 1.
 *
 * human_readability (measured on the text people see: rendered HTML when available, else raw HTML)
 *   40% reading ease   Flesch (en) / Martins 1996 (pt): 100 at the target (en 60, pt 50) or above,
 *                      0 at 40 points below it, linear in between. Null for other languages.
 *   25% sentences      average words per sentence: 100 at ≤ 20, 0 at ≥ 35.
 *   15% long sentences share of sentences over 30 words: 100 at 0%, 0 at ≥ 30%.
 *   20% paragraphs     average words per paragraph: 100 at ≤ 80, 0 at ≥ 200.
 *   With fewer than 30 words of prose, human_readability is 0 (nothing to read).
 *
 * llm_interpretability (what an AI crawler gets from the raw HTML, and how much it can trust it)
 *   30% crawler view   raw/rendered word ratio × 100; without a rendered run, 100 at ≥ 150 raw words
 *                      (scaled below); 0 when the page is likely JavaScript-only.
 *   25% AI search access share of AI search crawlers allowed by robots.txt (75%) and of user-triggered
 *                      fetchers allowed (25%). Training crawlers weigh nothing: blocking them is a
 *                      legitimate choice. Null (left out) when robots.txt could not be read.
 *   20% entity         Organization/LocalBusiness JSON-LD 40, sameAs (1 link 15, 2+ links 30),
 *                      name consistency with og:site_name / title / logo alt × 30.
 *   15% authorship     author 40, datePublished 20, dateModified 20, content age ≤ 1 year 20 (≤ 2 years 10).
 *   10% facts          statistics per 500 words (2+ = full) 35, distinct cited domains (2+ = full) 30,
 *                      quotations (1+) 20, dates in the text (1+) 15. Contested evidence, hence 10%.
 *   When Lighthouse agentic-browsing audits are given: +10% for their mean score, the others × 0.9.
 *   llms.txt weighs nothing (no major AI crawler is known to read it).
 *
 * logical_structure
 *   35% headings       exactly one h1 40 (several 20), no skipped level 40 (one skip 20),
 *                      2+ subheadings 20 (one 10).
 *   35% semantic HTML  <main> 25, <header>/<nav>/<footer> 25 (a third each), <article> or <section> 10,
 *                      lists or tables in the content 15, div ratio 25 (full at ≤ 0.5, 0 at ≥ 0.9).
 *   10% Q&A            share of question headings answered right below (first sentence ≤ 60 words);
 *                      50 when there are no question headings (not required, but a missed opportunity).
 *   20% text structure share of words inside paragraphs, list items, headings and cells (not loose divs).
 *
 * overall = 30% human_readability + 40% llm_interpretability + 30% logical_structure.
 */
import type { AgenticSignals } from './agentic.ts'
import type { AuthorshipSignals } from './authorship.ts'
import type { FactSignals } from './facts.ts'
import type { RobotsSignals } from './robots.ts'
import type {
  CrawlerViewSignals,
  EntitySignals,
  HeadingSignals,
  ReadabilitySignals,
  SemanticSignals,
} from './signals.ts'

export const MIN_READABLE_WORDS = 30
/** Plain-language targets: Flesch 60 ("standard") in English; 50 starts "fácil" on the Martins scale. */
export const FLESCH_TARGET: Record<'pt' | 'en', number> = { en: 60, pt: 50 }
export const OVERALL_WEIGHTS = { human_readability: 0.3, llm_interpretability: 0.4, logical_structure: 0.3 }

const clamp = (n: number): number => Math.max(0, Math.min(100, n))
/** 100 at `good` or better, 0 at `bad` or worse, linear between (works for either direction). */
export const linear = (value: number, good: number, bad: number): number =>
  clamp(((value - bad) / (good - bad)) * 100)

/** Weighted mean of the measurable components (null ones are left out, weights renormalised). */
export function weightedMean(parts: { weight: number; score: number | null }[]): number {
  const measured = parts.filter((p): p is { weight: number; score: number } => p.score !== null)
  const total = measured.reduce((a, p) => a + p.weight, 0)
  if (total === 0) return 0
  return Math.round(measured.reduce((a, p) => a + p.weight * p.score, 0) / total)
}

export interface Component {
  id: string
  weight: number
  score: number | null
}

export function readingEaseScore(r: ReadabilitySignals): number | null {
  if (r.fleschReadingEase === null || r.language === null) return null
  const target = FLESCH_TARGET[r.language]
  return Math.round(linear(r.fleschReadingEase, target, target - 40))
}

export function humanReadabilityComponents(r: ReadabilitySignals): Component[] {
  const enough = r.words >= MIN_READABLE_WORDS
  return [
    { id: 'reading-ease', weight: 0.4, score: enough ? readingEaseScore(r) : 0 },
    {
      id: 'sentence-length',
      weight: 0.25,
      score: enough ? Math.round(linear(r.averageSentenceLength, 20, 35)) : 0,
    },
    {
      id: 'long-sentences',
      weight: 0.15,
      score: enough ? Math.round(linear(r.longSentenceShare, 0, 0.3)) : 0,
    },
    {
      id: 'paragraph-length',
      weight: 0.2,
      score: enough ? Math.round(linear(r.averageParagraphLength, 80, 200)) : 0,
    },
  ]
}

export function crawlerViewScore(c: CrawlerViewSignals): number {
  if (c.likelyJsOnly) return 0
  if (c.rawToRenderedRatio !== null) return Math.round(c.rawToRenderedRatio * 100)
  return Math.round(linear(c.rawWords, 150, 0))
}

export function aiSearchAccessScore(r: RobotsSignals): number | null {
  if (r.status === 'unreachable') return null
  const share = (group: 'search' | 'user'): number => {
    const inGroup = r.crawlers.filter((c) => c.group === group)
    return inGroup.filter((c) => c.allowed !== false).length / inGroup.length
  }
  return Math.round((share('search') * 0.75 + share('user') * 0.25) * 100)
}

export function entityScore(e: EntitySignals): number {
  if (!e.organization) return 0
  const sameAs = e.organization.sameAs.length >= 2 ? 30 : e.organization.sameAs.length === 1 ? 15 : 0
  return Math.round(40 + sameAs + (e.nameConsistency ?? 0) * 30)
}

export function authorshipScore(a: AuthorshipSignals): number {
  const age = a.ageDays === null ? 0 : a.ageDays <= 365 ? 20 : a.ageDays <= 730 ? 10 : 0
  return (a.author ? 40 : 0) + (a.datePublished ? 20 : 0) + (a.dateModified ? 20 : 0) + age
}

export function factsScore(f: FactSignals): number {
  return Math.round(
    Math.min(1, f.statisticsPer500Words / 2) * 35 +
      Math.min(1, f.citedDomains.length / 2) * 30 +
      (f.quotations > 0 ? 20 : 0) +
      (f.dates > 0 ? 15 : 0),
  )
}

export function llmInterpretabilityComponents(input: {
  crawlerView: CrawlerViewSignals
  robots: RobotsSignals
  entity: EntitySignals
  authorship: AuthorshipSignals
  facts: FactSignals
  agentic: AgenticSignals
}): Component[] {
  const withAgentic = input.agentic.averageScore !== null
  const k = withAgentic ? 0.9 : 1
  const parts: Component[] = [
    { id: 'crawler-view', weight: 0.3 * k, score: crawlerViewScore(input.crawlerView) },
    { id: 'ai-search-access', weight: 0.25 * k, score: aiSearchAccessScore(input.robots) },
    { id: 'entity', weight: 0.2 * k, score: entityScore(input.entity) },
    { id: 'authorship', weight: 0.15 * k, score: authorshipScore(input.authorship) },
    { id: 'facts', weight: 0.1 * k, score: factsScore(input.facts) },
  ]
  if (withAgentic)
    parts.push({ id: 'agentic', weight: 0.1, score: Math.round((input.agentic.averageScore ?? 0) * 100) })
  return parts
}

export function headingScore(h: HeadingSignals): number {
  const h1 = h.h1Count === 1 ? 40 : h.h1Count > 1 ? 20 : 0
  const skips = h.skippedLevels.length === 0 ? 40 : h.skippedLevels.length === 1 ? 20 : 0
  const subheadings = h.headings.filter((x) => x.level >= 2).length
  return h1 + skips + (subheadings >= 2 ? 20 : subheadings === 1 ? 10 : 0)
}

export function semanticScore(s: SemanticSignals): number {
  const chrome = ['header', 'nav', 'footer'] as const
  return Math.round(
    (s.landmarks.main > 0 ? 25 : 0) +
      (chrome.filter((l) => s.landmarks[l] > 0).length / 3) * 25 +
      (s.landmarks.article + s.landmarks.section > 0 ? 10 : 0) +
      (s.lists + s.tables > 0 ? 15 : 0) +
      linear(s.divRatio, 0.5, 0.9) * 0.25,
  )
}

export function questionAnswerScore(h: HeadingSignals): number {
  return h.questionHeadings === 0 ? 50 : Math.round((h.answeredQuestions / h.questionHeadings) * 100)
}

export function logicalStructureComponents(h: HeadingSignals, s: SemanticSignals): Component[] {
  return [
    { id: 'headings', weight: 0.35, score: headingScore(h) },
    { id: 'semantic-html', weight: 0.35, score: semanticScore(s) },
    { id: 'questions', weight: 0.1, score: questionAnswerScore(h) },
    { id: 'text-structure', weight: 0.2, score: Math.round(s.structuredTextShare * 100) },
  ]
}

export function overallScore(s: {
  human_readability: number
  llm_interpretability: number
  logical_structure: number
}) {
  return Math.round(
    s.human_readability * OVERALL_WEIGHTS.human_readability +
      s.llm_interpretability * OVERALL_WEIGHTS.llm_interpretability +
      s.logical_structure * OVERALL_WEIGHTS.logical_structure,
  )
}
