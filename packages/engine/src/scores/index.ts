// The specification's scores, labels and thresholds (spec §5 and §9) as pure functions.
// Every number here is the spec's unless a comment says where else it comes from.
import type { Localized } from '../types.ts'

export { ON_PAGE_WEIGHTS, onPageSeoScore } from './on-page.ts'

/** Length of a text as a reader counts characters: code points of the whitespace-normalised text. */
export function textLength(text: string | null | undefined): number {
  if (!text) return 0
  return [...text.replace(/\s+/g, ' ').trim()].length
}

export const TITLE_IDEAL = { min: 30, max: 60 } as const
export const DESCRIPTION_IDEAL = { min: 120, max: 160 } as const

/** Spec §5: 100 if 30-60, 50 if under 30, 70 if 61-80, else 30; 0 if missing (or empty). */
export function titleScore(title: string | null | undefined): number {
  const n = textLength(title)
  if (n === 0) return 0
  if (n < TITLE_IDEAL.min) return 50
  if (n <= TITLE_IDEAL.max) return 100
  if (n <= 80) return 70
  return 30
}

/** Spec §5: 100 if 120-160, 60 if under 120, 70 if 161-200, else 40; 0 if missing (or empty). */
export function descriptionScore(description: string | null | undefined): number {
  const n = textLength(description)
  if (n === 0) return 0
  if (n < DESCRIPTION_IDEAL.min) return 60
  if (n <= DESCRIPTION_IDEAL.max) return 100
  if (n <= 200) return 70
  return 40
}

export interface MetaScore {
  title: number
  description: number
  /** Average of the two (spec §5), rounded. */
  overall: number
}

export function metaScore(meta: {
  title: string | null | undefined
  description: string | null | undefined
}): MetaScore {
  const title = titleScore(meta.title)
  const description = descriptionScore(meta.description)
  return { title, description, overall: Math.round((title + description) / 2) }
}

export interface HeadingsStructure {
  hasH1: boolean
  multipleH1: boolean
  /** True when no level is skipped going down (h2 -> h4 is a skip; h4 -> h2 is fine). */
  headingsOrder: boolean
}

/** Spec §5: 40 if an H1 exists, +30 if there are not several, +30 if the order is logical. */
export function headingScore(h: HeadingsStructure): number {
  return (h.hasH1 ? 40 : 0) + (h.multipleH1 ? 0 : 30) + (h.headingsOrder ? 30 : 0)
}

function clamp(n: number, lo = 0, hi = 100): number {
  if (Number.isNaN(n)) return lo
  return Math.min(hi, Math.max(lo, n))
}

/**
 * Every 0-100 score in one set of bands, as PageSpeed Insights reads them (issue 25: 80 was "Excelente"
 * beside an LCP "A melhorar"): 90-100 good, 50-89 needs improvement, 0-49 poor.
 */
export type ScoreBand = 'good' | 'needs-improvement' | 'poor'

export function scoreBand(n: number): ScoreBand {
  if (n >= 90) return 'good'
  if (n >= 50) return 'needs-improvement'
  return 'poor'
}

export const scoreBandLabel: Record<ScoreBand, Localized> = {
  good: { pt: 'Bom', en: 'Good' },
  'needs-improvement': { pt: 'A melhorar', en: 'Needs improvement' },
  poor: { pt: 'Fraco', en: 'Poor' },
}

/** The band's word: Bom (90-100), A melhorar (50-89), Fraco (0-49). */
export function scoreLabel(n: number): Localized {
  return scoreBandLabel[scoreBand(n)]
}

export type Colour = 'green' | 'amber' | 'red'

export const bandColour: Record<ScoreBand, Colour> = {
  good: 'green',
  'needs-improvement': 'amber',
  poor: 'red',
}

/** Performance is a 0-100 score like the others: the same bands (they were Lighthouse's from the start). */
export function performanceColour(n: number): Colour {
  return bandColour[scoreBand(n)]
}

export type LlmPresenceLevel = 'high' | 'moderate' | 'low'

/** Spec §9: 70+ high, 40+ moderate, else low. */
export function llmPresenceLevel(n: number): LlmPresenceLevel {
  if (n >= 70) return 'high'
  if (n >= 40) return 'moderate'
  return 'low'
}

export const llmPresenceAdvice: Record<LlmPresenceLevel, Localized> = {
  high: {
    pt: 'Os assistentes de IA mencionam o seu site com frequência. Mantenha o conteúdo atualizado e consistente.',
    en: 'AI assistants mention your site often. Keep your content current and consistent.',
  },
  moderate: {
    pt: 'O seu site aparece em algumas respostas de IA. Reforce os dados estruturados e as fontes que o citam.',
    en: 'Your site appears in some AI answers. Strengthen structured data and the sources that cite you.',
  },
  low: {
    pt: 'Os assistentes de IA raramente mencionam o seu site. Comece por deixar claro quem é, o que faz e onde.',
    en: 'AI assistants rarely mention your site. Start by making clear who you are, what you do and where.',
  },
}

// Core Web Vitals. LCP, CLS and FID thresholds are the spec's (§9); INP, TBT and FCP are not in the spec
// and use the thresholds published on web.dev (INP, FCP) and in Lighthouse's scoring (TBT, mobile).

export type Rating = 'good' | 'needs-improvement' | 'poor'

export const ratingLabel: Record<Rating, Localized> = {
  good: { pt: 'Bom', en: 'Good' },
  'needs-improvement': { pt: 'A melhorar', en: 'Needs improvement' },
  poor: { pt: 'Fraco', en: 'Poor' },
}

function rate(value: number, good: number, poorAbove: number): Rating {
  if (value <= good) return 'good'
  if (value <= poorAbove) return 'needs-improvement'
  return 'poor'
}

export const CWV_THRESHOLDS = {
  lcpSeconds: [2.5, 4],
  cls: [0.1, 0.25],
  fidMs: [100, 300],
  inpMs: [200, 500],
  tbtMs: [200, 600],
  fcpSeconds: [1.8, 3],
} as const

/** Largest Contentful Paint, seconds: good ≤ 2.5, needs improvement ≤ 4, else poor. */
export const rateLcp = (seconds: number): Rating => rate(seconds, 2.5, 4)
/** Cumulative Layout Shift (unitless): good ≤ 0.1, needs improvement ≤ 0.25. */
export const rateCls = (cls: number): Rating => rate(cls, 0.1, 0.25)
/** First Input Delay, ms: good ≤ 100, needs improvement ≤ 300. */
export const rateFid = (ms: number): Rating => rate(ms, 100, 300)
/** Interaction to Next Paint, ms: good ≤ 200, needs improvement ≤ 500 (FID's successor since 2024). */
export const rateInp = (ms: number): Rating => rate(ms, 200, 500)
/** Total Blocking Time, ms: good ≤ 200, needs improvement ≤ 600 (lab proxy for INP). */
export const rateTbt = (ms: number): Rating => rate(ms, 200, 600)
/** First Contentful Paint, seconds: good ≤ 1.8, needs improvement ≤ 3. */
export const rateFcp = (seconds: number): Rating => rate(seconds, 1.8, 3)

export interface OverallWeights {
  seo: number
  aio: number
  llm: number
}

export interface OverallScore {
  /** 0-100, rounded. */
  score: number
  weights: OverallWeights
  /** True when the LLM part was missing and its weight went to SEO and AIO. */
  redistributed: boolean
  /**
   * The LLM-presence score counted (the address's latest AI-presence run), null when there was none.
   * Optional: results stored before it was recorded lack it (read as null).
   */
  llm?: number | null
  /** How the score was computed, for display beside it. */
  note: Localized
}

export const OVERALL_WEIGHTS: OverallWeights = { seo: 0.5, aio: 0.3, llm: 0.2 }

const pct = (w: number, lang: 'pt' | 'en'): string =>
  `${(w * 100).toLocaleString(lang === 'pt' ? 'pt-PT' : 'en-GB', { maximumFractionDigits: 1 })}%`

/**
 * Spec §9: 0.5 SEO + 0.3 AIO + 0.2 LLM, clamped to 0-100. Without LLM presence data the 20% is not
 * silently counted as zero (that would cap every site at 80): it is shared between SEO and AIO in
 * proportion to their weights (SEO 62.5%, AIO 37.5%), and the result says so.
 */
export function overallScore(parts: { seo: number; aio: number; llm: number | null }): OverallScore {
  const seo = clamp(parts.seo)
  const aio = clamp(parts.aio)
  if (parts.llm === null || Number.isNaN(parts.llm)) {
    const rest = OVERALL_WEIGHTS.seo + OVERALL_WEIGHTS.aio
    // Rounded so the shown weights are 0.625 and 0.375, not 0.37499999999999994.
    const share = (w: number): number => Math.round((w / rest) * 1e6) / 1e6
    const weights = { seo: share(OVERALL_WEIGHTS.seo), aio: share(OVERALL_WEIGHTS.aio), llm: 0 }
    return {
      score: Math.round(clamp(weights.seo * seo + weights.aio * aio)),
      weights,
      redistributed: true,
      llm: null,
      note: {
        pt: `Sem dados de presença em LLM: o peso de 20% foi redistribuído proporcionalmente (SEO ${pct(weights.seo, 'pt')}, AIO ${pct(weights.aio, 'pt')}).`,
        en: `No LLM presence data: its 20% weight was redistributed proportionally (SEO ${pct(weights.seo, 'en')}, AIO ${pct(weights.aio, 'en')}).`,
      },
    }
  }
  const llm = clamp(parts.llm)
  const w = OVERALL_WEIGHTS
  return {
    score: Math.round(clamp(w.seo * seo + w.aio * aio + w.llm * llm)),
    weights: { ...w },
    redistributed: false,
    llm,
    note: {
      pt: 'Pontuação global = 50% SEO + 30% AIO + 20% presença em LLM.',
      en: 'Overall score = 50% SEO + 30% AIO + 20% LLM presence.',
    },
  }
}
