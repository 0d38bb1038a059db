/**
 * The directories page's calls: the task API for the search itself (kind directory_search), the page's
 * setup (configured providers, the site's own NAP for the form) and 'new search' (clears stored data).
 */
import type { DirectoryReport, Nap } from '@farol/engine/local/types.ts'
import { apiError } from '../../lib/api-error.ts'

export interface DirectoryForm {
  businessName: string
  address: string
  postalCode: string
  city: string
  phoneNumber: string
}

export const emptyForm: DirectoryForm = {
  businessName: '',
  address: '',
  postalCode: '',
  city: '',
  phoneNumber: '',
}

export interface DirectorySetup {
  providers: { google: boolean; osm: boolean; foursquare: boolean }
  siteUrl: string | null
  siteNap: { nap: Nap; sources: ('jsonld' | 'footer')[] } | null
}

/** A task's results while running (rows so far) or finished (the whole report). */
export type DirectoryResults = (Partial<DirectoryReport> & Pick<DirectoryReport, 'directories'>) & {
  partial?: boolean
}

export async function fetchSetup(siteUrl: string | null, lang: 'pt' | 'en'): Promise<DirectorySetup> {
  const params = new URLSearchParams({ lang })
  if (siteUrl) params.set('url', siteUrl)
  const response = await fetch(`/api/directories/setup?${params}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as DirectorySetup
}

export async function startDirectorySearch(
  form: DirectoryForm,
  siteUrl: string | null,
  lang: 'pt' | 'en',
): Promise<string> {
  const response = await fetch('/api/seo-task-manager/create', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({
      task_name: 'directory_search',
      requested_data: { ...form, ...(siteUrl ? { url: siteUrl } : {}) },
      lang,
    }),
  })
  if (!response.ok) throw await apiError(response)
  return ((await response.json()) as { taskId: string }).taskId
}

export async function clearDirectorySearches(): Promise<void> {
  const response = await fetch('/api/directories/searches', { method: 'DELETE', credentials: 'same-origin' })
  if (!response.ok) throw await apiError(response)
}

/** The signed-in user's latest search (any browser), or null. */
export async function fetchLatestSearch(lang: 'pt' | 'en'): Promise<{
  taskId: string
  status: string
  results: DirectoryResults | null
  message: string | null
  input?: unknown
} | null> {
  // `none=empty`: no search yet is an answer (null), not a 404 in the console on every first visit.
  const response = await fetch(`/api/seo-task-manager/latest?kind=directory_search&lang=${lang}&none=empty`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (response.status === 404) return null
  if (!response.ok) throw await apiError(response)
  const body = (await response.json()) as {
    taskId: string
    status: string
    results: DirectoryResults | null
    message: string | null
    task: { input?: unknown }
  } | null
  return body ? { ...body, input: body.task.input } : null
}
