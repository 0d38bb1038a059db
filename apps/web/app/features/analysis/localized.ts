/**
 * Engine texts in the reader's language. The engine writes its findings, AIO lists and Lighthouse's
 * opportunities in both languages, so a result reads in either whatever language the analysis ran in;
 * results stored before a text became bilingual hold a plain string (in the language of that run), which
 * is shown as it is.
 */
import type { AioResult, Lang, Localized, SeoRecommendation } from '@farol/engine'

export function inLang(text: Localized | string, lang: Lang): string {
  return typeof text === 'string' ? text : text[lang]
}

export interface AioListsText {
  strengths: string[]
  weaknesses: string[]
  recommendations: { title: string; explanation: string }[]
}

/** The AIO strengths, weaknesses and recommendations, each in the reader's language. */
export function aioListsIn(
  aio: Pick<AioResult, 'strengths' | 'weaknesses' | 'recommendations'>,
  lang: Lang,
): AioListsText {
  return {
    strengths: aio.strengths.map((s) => inLang(s.title, lang)),
    weaknesses: aio.weaknesses.map((w) => inLang(w.explanation, lang)),
    recommendations: aio.recommendations.map((r) => ({
      title: inLang(r.title, lang),
      explanation: inLang(r.explanation, lang),
    })),
  }
}

export interface OpportunityText {
  title: string
  /** Lighthouse's description, its Markdown links as they are. */
  description: string
  /** Lighthouse's estimated savings, e.g. "Est savings of 1.2 s"; null when it gave none. */
  displayValue: string | null
}

/** A Lighthouse opportunity (SEO result recommendation) in the reader's language. */
export function opportunityIn(
  r: Pick<SeoRecommendation, 'title' | 'description' | 'displayValue'>,
  lang: Lang,
): OpportunityText {
  return {
    title: inLang(r.title, lang),
    description: inLang(r.description, lang),
    displayValue: r.displayValue ? inLang(r.displayValue, lang) || null : null,
  }
}
