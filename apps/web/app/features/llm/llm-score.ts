// The LLM part of the dashboard's overall score (0.5 SEO + 0.3 AIO + 0.2 LLM) for an anonymous visitor:
// the presence score of their AI-visibility run of the address, kept in this browser's session. A signed-in
// user's analysis carries it from the server (decision 045). null when there is none (weight redistributed).
import { type OverallScore, overallScore } from '@farol/engine/scores/index.ts'
import { useEffect, useState } from 'react'
import { sameAddress } from '../analysis/run-storage.ts'

const storageKey = 'farol.suite.llm'

export function rememberLlmScore(url: string, score: number | null): void {
  try {
    if (score === null) sessionStorage.removeItem(storageKey)
    else sessionStorage.setItem(storageKey, JSON.stringify({ url, score }))
  } catch {
    // storage unavailable: the dashboard then shows the redistribution
  }
}

function storedScore(url: string): number | null {
  try {
    const v = JSON.parse(sessionStorage.getItem(storageKey) ?? 'null') as {
      url: string
      score: number
    } | null
    return v && sameAddress(v.url, url) ? v.score : null
  } catch {
    return null
  }
}

/**
 * The presence score an anonymous visitor's dashboard counts (their own run, kept in this session). A
 * signed-in user's analysis comes from the server with the presence part already in its overall (the
 * address's latest finished AI-presence run in the workspace, decision 045), as /api/v1 and the PDF have
 * it: the dashboard adds nothing of its own then (null).
 */
export function useLlmScore(url: string, signedIn: boolean): number | null {
  const [score, setScore] = useState<number | null>(null)
  useEffect(() => {
    setScore(signedIn ? null : storedScore(url))
  }, [url, signedIn])
  return score
}

/**
 * The overall the dashboard shows: the analysis's own when it carries a presence part (from the server, as
 * /api/v1 and the PDF have it) or when there is no session run; else (an anonymous visitor) with theirs.
 */
export function shownOverall(
  scores: { seo: number; aio: number; overall: OverallScore },
  sessionLlm: number | null,
): OverallScore {
  return sessionLlm === null || typeof scores.overall.llm === 'number'
    ? scores.overall
    : overallScore({ seo: scores.seo, aio: scores.aio, llm: sessionLlm })
}
