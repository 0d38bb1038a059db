// The tracked-sites API from the browser: errors carry the server's translated message.
import { apiError } from '../../lib/api-error.ts'

export interface TrackedSite {
  id: string
  url: string
  frequency: 'daily' | 'weekly' | 'monthly'
  createdAt: string
}

export interface SiteRun {
  id: string
  at: string
  status: 'running' | 'success' | 'failed'
  errorCode: string | null
  seoScore: number | null
  seoMobileScore: number | null
  aioScore: number | null
  llmScore: number | null
  directoryScore: number | null
  totalScore: number | null
  alerts: { kind: string; text: string }[]
}

export async function sitesApi<T>(path: string, lang: 'pt' | 'en', init: RequestInit = {}): Promise<T> {
  const sep = path.includes('?') ? '&' : '?'
  const response = await fetch(`/api${path}${sep}lang=${lang}`, {
    credentials: 'same-origin',
    headers: { ...(init.body ? { 'Content-Type': 'application/json' } : {}), Accept: 'application/json' },
    ...init,
  })
  if (!response.ok) throw await apiError(response)
  return (response.status === 204 ? undefined : await response.json()) as T
}
