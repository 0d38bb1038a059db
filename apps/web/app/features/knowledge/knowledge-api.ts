// The knowledge hub API as the Knowledge tab calls it: the site's facts (extracted and confirmed
// versions), saving a new confirmed version, "Corrigir", and the user's latest task of a kind.
// Types mirror apps/server/src/features/knowledge/{facts,hub}.ts (the web app does not import the server).

import type { Accuracy, ClaimCheck, FactKind, SiteFact } from '@farol/engine/knowledge/index.ts'
import { apiError } from '../../lib/api-error.ts'

export type { FactKind, SiteFact }

export interface FactVersion {
  version: number
  facts: SiteFact[]
  createdAt: string
}

export interface FactsResponse {
  site: string
  current: FactVersion | null
  previous: FactVersion | null
  extracted: SiteFact[]
}

interface FixTarget {
  where: 'page' | 'json-ld' | 'google-business-profile' | 'wikidata'
  detail: string
}

export interface HubClaim extends ClaimCheck {
  fixes: FixTarget[]
}

interface HubAnswer {
  model: string
  query: string
  date: string
  claims: HubClaim[]
  needsCorrection: boolean
  /** The assistant said it has no information about the business: nothing was checked. */
  noInformation?: boolean
}

export interface HubResult {
  url: string
  runTaskId: string
  runDate: string
  accuracy: Accuracy
  accuracyScore: number | null
  outdatedInfo: string[]
  answers: HubAnswer[]
  factsConfirmed: boolean
  extractor: string
  corrections: { id: string; claim: string; createdAt: string; stillInAnswers: boolean }[]
}

async function call<T>(path: string, lang: 'pt' | 'en', init: RequestInit = {}): Promise<T> {
  const sep = path.includes('?') ? '&' : '?'
  const res = await fetch(`${path}${sep}lang=${lang}`, {
    credentials: 'same-origin',
    ...init,
    headers: {
      Accept: 'application/json',
      'Accept-Language': lang,
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
    },
  })
  if (!res.ok) throw await apiError(res)
  return (await res.json().catch(() => ({}))) as T
}

export const loadFacts = (url: string, lang: 'pt' | 'en') =>
  call<FactsResponse>(`/api/knowledge/facts?${new URLSearchParams({ url })}`, lang)

export const saveFacts = (url: string, facts: SiteFact[], lang: 'pt' | 'en') =>
  call<FactVersion & { site: string }>('/api/knowledge/facts', lang, {
    method: 'PUT',
    body: JSON.stringify({ url, facts }),
  })

export const recordCorrection = (
  body: { url: string; claim: string; attribute: string; value: string },
  lang: 'pt' | 'en',
) =>
  call<{ id: string; createdAt: string; message: string }>('/api/knowledge/corrections', lang, {
    method: 'POST',
    body: JSON.stringify(body),
  })

/** The signed-in user's latest task of a kind for the address, or null. */
export async function latestTask(kind: string, url: string, lang: 'pt' | 'en'): Promise<string | null> {
  try {
    // none=empty: no task yet answers null, not a 404 in the browser console.
    const s = await call<{ taskId: string } | null>(
      `/api/seo-task-manager/latest?${new URLSearchParams({ kind, url, none: 'empty' })}`,
      lang,
    )
    return s?.taskId ?? null
  } catch {
    return null
  }
}

/** Client-side check mirroring the server's: a value of 1 to 300 characters (trimmed). Index of each bad row. */
export function invalidFacts(facts: { value: string }[]): number[] {
  return facts.flatMap((f, i) => {
    const v = f.value.trim()
    return v.length === 0 || v.length > 300 ? [i] : []
  })
}
