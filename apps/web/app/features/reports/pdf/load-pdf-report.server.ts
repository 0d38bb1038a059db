import type { RouterContextProvider } from 'react-router'
import { apiContext } from '~/lib/api-context.ts'
import { fetchReportData, latestReportIds } from '../report-data.ts'
import type { PdfReportLoad } from './pdf-report-page.tsx'

/**
 * Loads the report on the server through the in-process API, which forwards the request's cookies: the
 * owner's session, or the PDF renderer's `farol_render` grant. The page is complete without client JS.
 */
export async function loadPdfReport(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<PdfReportLoad> {
  const generatedAt = new Date().toISOString()
  const api = context.get(apiContext)
  if (!api) return { state: 'client', generatedAt }
  const origin = new URL(api.publicUrl).origin
  const load = await fetchReportData(
    (path, body) =>
      api.fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', origin },
        body: JSON.stringify(body),
      }),
    new URL(request.url).searchParams,
  )
  if (load.state === 'error' && load.error.kind === 'missing-ids') {
    // Opened by address (a bookmark, a typed URL): offer the signed-in user's latest finished analysis.
    const params = new URLSearchParams({ lang: 'pt' })
    const url = new URL(request.url).searchParams.get('url')
    if (url) params.set('url', url)
    const answer = await api
      .fetch(`/api/seo-task-manager/latest-analysis?${params}`, { headers: { accept: 'application/json' } })
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null)
    return { ...load, latest: answer ? latestReportIds(answer) : null, generatedAt }
  }
  return { ...load, generatedAt }
}
