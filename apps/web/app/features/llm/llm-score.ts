// The LLM part of the dashboard's overall score (0.5 SEO + 0.3 AIO + 0.2 LLM): the presence score of the
// latest finished AI-visibility run of the address. Kept in this browser's session for anyone, and read
// from the user's latest run when signed in. null when there is none (the weight is then redistributed).
import { useEffect, useState } from 'react'
import { sameAddress } from '~/features/analysis/run-storage.ts'
import type { LlmPresenceResult } from './llm-api.ts'

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

export function useLlmScore(url: string, signedIn: boolean): number | null {
  const [score, setScore] = useState<number | null>(null)
  useEffect(() => {
    setScore(storedScore(url))
    if (!signedIn) return
    let live = true
    fetch(
      `/api/seo-task-manager/latest?${new URLSearchParams({ kind: 'llm_presence', url, none: 'empty' })}`,
      {
        credentials: 'same-origin',
      },
    )
      .then((r) => (r.ok ? r.json() : null))
      .then((s: { status: string; results: LlmPresenceResult | null } | null) => {
        const p = s?.status === 'success' ? (s.results?.report.presenceScore ?? null) : null
        if (live && p !== null) setScore(p)
      })
      .catch(() => {})
    return () => {
      live = false
    }
  }, [url, signedIn])
  return score
}
