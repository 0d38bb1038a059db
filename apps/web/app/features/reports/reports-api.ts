/** The browser's calls to the reports API (same origin, session cookie). */
import type { Lang } from '~/lib/route-table.ts'
import type { Report } from './types.ts'

export async function listReports(signal?: AbortSignal): Promise<Report[]> {
  const response = await fetch('/api/reports', {
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
    cache: 'no-store',
    ...(signal ? { signal } : {}),
  })
  if (!response.ok) throw new Error(`GET /api/reports: ${response.status}`)
  const body = (await response.json()) as { reports?: Report[] }
  return body.reports ?? []
}

export type CreateResult =
  | { ok: true; report: Report }
  | { ok: false; loginRequired: boolean; message: string | null }

export async function createReport(url: string, lang: Lang): Promise<CreateResult> {
  try {
    const response = await fetch('/api/reports', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ url, lang }),
    })
    const body = (await response.json().catch(() => null)) as
      | (Report & { error?: undefined })
      | { error?: { code?: string; message?: string } }
      | null
    if (response.ok && body && !body.error) return { ok: true, report: body as Report }
    const error = body?.error
    return {
      ok: false,
      loginRequired: response.status === 401 || error?.code === 'REPORT_LOGIN_REQUIRED',
      message: error?.message ?? null,
    }
  } catch {
    return { ok: false, loginRequired: false, message: null }
  }
}
