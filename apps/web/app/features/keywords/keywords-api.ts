// The keyword page's calls: start a keyword_research task, read a signed-in user's latest one. Following
// a task (server-sent events, polling as the fallback) is the analysis client's subscribeTask.
import { apiError } from '../../lib/api-error.ts'
import type { KeywordResearchResult } from './keywords-data.ts'

export interface KeywordTaskStatus {
  taskId: string
  status: 'pending' | 'running' | 'success' | 'failed'
  results: KeywordResearchResult | null
  message: string | null
  errorCode: string | null
  progress: { stage: string; percent: number }
  task: { input: { keyword: string | null; url: string | null; lang: 'pt' | 'en'; country: string } | null }
}

export async function startKeywordResearch(request: {
  keyword: string
  url: string
  lang: 'pt' | 'en'
  country: 'PT' | 'BR' | 'US'
  uiLang: 'pt' | 'en'
}): Promise<string> {
  const response = await fetch('/api/seo-task-manager/create', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      task_name: 'keyword_research',
      requested_data: {
        ...(request.keyword ? { keyword: request.keyword } : {}),
        ...(request.url ? { url: request.url } : {}),
        lang: request.lang,
        country: request.country,
      },
      lang: request.uiLang,
    }),
  })
  if (!response.ok) throw await apiError(response)
  return ((await response.json()) as { taskId: string }).taskId
}

/** The user's last research (any browser), or null when there is none. */
export async function latestKeywordResearch(uiLang: 'pt' | 'en'): Promise<KeywordTaskStatus | null> {
  const response = await fetch(
    // `none=empty`: no research yet is an answer (null), not a 404 in the console on every first visit.
    `/api/seo-task-manager/latest?${new URLSearchParams({ kind: 'keyword_research', lang: uiLang, none: 'empty' })}`,
    {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    },
  )
  if (response.status === 404 || response.status === 401) return null
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as KeywordTaskStatus | null
}
