import type { RouterContextProvider } from 'react-router'
import { apiContext } from '~/lib/api-context.ts'
import { readSession } from '~/lib/session.ts'
import type { ReportsPageData } from './reports-page.tsx'
import type { Report } from './types.ts'

/** The reports page's first render: the user's reports read in-process (the poll takes over after). */
export async function loadReportsPage(context: Readonly<RouterContextProvider>): Promise<ReportsPageData> {
  const api = context.get(apiContext)
  const user = await readSession(api)
  if (!api || !user) return { signedIn: Boolean(user), reports: [], loadFailed: false }
  try {
    const response = await api.fetch('/api/reports', { headers: { accept: 'application/json' } })
    if (!response.ok) return { signedIn: true, reports: [], loadFailed: true }
    const body = (await response.json()) as { reports?: Report[] }
    return { signedIn: true, reports: body.reports ?? [], loadFailed: false }
  } catch {
    return { signedIn: true, reports: [], loadFailed: true }
  }
}
