// One analysis, one verdict per fact (issue 25, decision 017). Lighthouse and Farol's on-page checks both
// report whether the page uses HTTPS and how its headings are built; Lighthouse answers from a different
// question (heading-order only; loopback counts as secure), so the card showed "no H1" beside Farol's
// "H1 count: 1", and the PDF "HTTPS ✓" for an http:// page Farol flagged. Farol's own checks measure these
// facts, so their answer is the one every view (device tabs, PDF, API) shows.
import type { SeoResult } from '../lighthouse/types.ts'
import { type HeadingsStructure, overallScore } from '../scores/index.ts'

/** The on-page facts that overrule Lighthouse's (OnPageSummary's fields of the same names). */
export interface OnPageFacts {
  headingsStructure: HeadingsStructure
  security: { https: boolean; mixedContent: boolean }
}

/** A device's Lighthouse result with the headings and HTTPS facts of Farol's on-page checks. */
export function withOnPageFacts<T extends Pick<SeoResult, 'headingsStructure' | 'security'>>(
  seo: T,
  facts: OnPageFacts | null | undefined,
): T {
  if (!facts?.headingsStructure || !facts.security) return seo
  return {
    ...seo,
    headingsStructure: { ...facts.headingsStructure },
    security: { ...facts.security },
  }
}

/**
 * An analysis runs three tasks (AIO, desktop, mobile) and each computed its own AIO score: the AIO task's
 * from the HTML as fetched, the Lighthouse tasks' also from the rendered page and Lighthouse's agentic
 * audits, so one analysis read 67 while running and 66 when finished. The analysis's AIO is the AIO task's
 * (what AI crawlers, which run no JavaScript, read; there in seconds, and what the PDF prints); a Lighthouse
 * task's result shown as the analysis takes that AIO and the overall score that follows from it.
 */
export function withAnalysisAio<
  T extends { aio: { scores: { overall: number } }; scores: { seo: number; aio: number; overall: unknown } },
>(result: T, aio: T['aio'] | null | undefined): T {
  if (!aio) return result
  return {
    ...result,
    aio,
    scores: {
      ...result.scores,
      aio: aio.scores.overall,
      // The LLM-presence part the result was read with (withPresence) stays in the overall.
      overall: overallScore({ seo: result.scores.seo, aio: aio.scores.overall, llm: llmOf(result) }),
    },
  }
}

const llmOf = (result: { scores: { overall: unknown } }): number | null => {
  const llm = (result.scores.overall as { llm?: unknown } | null)?.llm
  return typeof llm === 'number' ? llm : null
}

/**
 * The overall score as the specification makes it (§9, decision 002): 0.5 SEO + 0.3 AIO + 0.2 LLM
 * presence, the presence being the address's latest finished AI-presence run in the analysis's workspace
 * (`presence`, decision 045); without one (null) the result's own overall, the 20% redistributed, stands.
 * The server applies it wherever an analysis's task is read (status, /api/v1, MCP, the PDF's data).
 */
export function withPresence<T extends { scores: { seo: number; aio: number; overall: unknown } }>(
  result: T,
  presence: number | null,
): T {
  if (presence === null) return result
  return {
    ...result,
    scores: {
      ...result.scores,
      overall: overallScore({ seo: result.scores.seo, aio: result.scores.aio, llm: presence }),
    },
  }
}

/**
 * The audit an analysis's numbers are read from, the same for every view (the suite's pages, the PDF, the
 * history, the contract test of issue 41): a finished Lighthouse part (desktop first: SEO blended with its
 * performance) with the AIO part's AIO and the overall score that follows; without one, the AIO part.
 */
export function analysisAudit<
  T extends { aio: { scores: { overall: number } }; scores: { seo: number; aio: number; overall: unknown } },
>(parts: { aio?: T | null; desktop?: T | null; mobile?: T | null }): T | null {
  const lighthouse = parts.desktop ?? parts.mobile
  if (lighthouse) return withAnalysisAio(lighthouse, parts.aio?.aio)
  return parts.aio ?? null
}
