/**
 * Spec §3 "AI view model": the AIO sub-scores under one set of names (suite:aio.scores.*) for the AIO
 * page and the PDF. The PDF once printed "Interpretabilidade por LLM 57" where the page said
 * "Linguagem natural 56" (issue 25).
 */
import type { AioResult } from '@farol/engine'

const aioViewKeys = ['overall', 'contentClarity', 'naturalLanguage', 'logicalStructure'] as const
export type AioViewKey = (typeof aioViewKeys)[number]

export function aiViewScores(aio: Pick<AioResult, 'scores'>): Record<AioViewKey, number> {
  const s = aio.scores
  return {
    overall: s.overall,
    contentClarity: s.human_readability,
    naturalLanguage: s.llm_interpretability,
    logicalStructure: s.logical_structure ?? Math.round((s.overall + s.human_readability) / 2),
  }
}

/** The translation key of a sub-score's name, the same on every page. */
export const aioViewLabel = (key: AioViewKey) => `suite:aio.scores.${key}`
