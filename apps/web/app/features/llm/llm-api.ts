// The AI visibility API as the page calls it: connected assistants, a signed-in user's settings and
// run history, and their latest run of an address.

import type { ModelInfo } from '@farol/engine/llm/registry.ts'
import type { LlmPresenceResult } from '@farol/engine/visibility/run.ts'
import { apiError } from '../../lib/api-error.ts'

export type { LlmPresenceResult }

export interface LlmStatus {
  configured: boolean
  models: ModelInfo[]
  dailyCalls: number
}

export interface LlmSettings {
  domain: string
  brand: string | null
  aliases: string[]
  competitors: { name: string; url: string | null }[]
  prompts: { text: string; kind: 'discovery' | 'comparison' | 'branded'; lang: 'pt' | 'en' }[] | null
}

/** What the next run will ask and what it costs (GET /api/llm/plan; nothing is asked yet). */
export interface LlmPlan {
  url: string
  domain: string
  brand: string
  brandFromSettings: boolean
  aliases: string[]
  competitors: { name: string; url: string | null }[]
  prompts: { text: string; kind: 'discovery' | 'comparison' | 'branded'; lang: 'pt' | 'en' }[]
  promptSource: 'custom' | 'saved' | 'site'
  models: ModelInfo[]
  repeats: number
  small: boolean
  estimate: { presenceCalls: number; journeyCalls: number; calls: number; costUsd: number; priced: boolean }
}

export interface HistoryRun {
  taskId: string
  date: string | null
  presenceScore: number | null
  shareOfVoice: Record<string, number | null>
}

async function call<T>(path: string, lang: 'pt' | 'en', init: RequestInit = {}): Promise<T> {
  const res = await fetch(path, {
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

export const llmStatus = (lang: 'pt' | 'en') => call<LlmStatus>('/api/llm/status', lang)

export const loadLlmPlan = (url: string, lang: 'pt' | 'en') =>
  call<LlmPlan>(`/api/llm/plan?${new URLSearchParams({ url, lang })}`, lang)

export const loadLlmSettings = (url: string, lang: 'pt' | 'en') =>
  call<LlmSettings>(`/api/llm/settings?${new URLSearchParams({ url })}`, lang)

export const saveLlmSettings = (url: string, settings: Omit<LlmSettings, 'domain'>, lang: 'pt' | 'en') =>
  call<LlmSettings>('/api/llm/settings', lang, { method: 'PUT', body: JSON.stringify({ url, ...settings }) })

export const llmHistory = (url: string, lang: 'pt' | 'en') =>
  call<{ runs: HistoryRun[] }>(`/api/llm/history?${new URLSearchParams({ url })}`, lang)

/** The signed-in user's latest llm_presence task of the address, or null. */
export async function latestLlmTask(url: string, lang: 'pt' | 'en'): Promise<string | null> {
  try {
    const s = await call<{ taskId: string } | null>(
      `/api/seo-task-manager/latest?${new URLSearchParams({ kind: 'llm_presence', url, none: 'empty' })}`,
      lang,
    )
    return s?.taskId ?? null
  } catch {
    return null
  }
}
