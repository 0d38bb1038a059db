import { useEffect } from 'react'
import { useNonce } from '~/lib/nonce.tsx'

/**
 * Tells the PDF renderer (apps/server/src/features/reports/pdf.ts) the page is complete: it waits for
 * `html[data-report-ready="true"]`. An inline script sets it while the server HTML is parsed (no client
 * JavaScript needed); the effect covers client-side navigations. Error screens add `data-report-error`.
 */
export function ReadySignal({ error = false }: { error?: boolean }) {
  const nonce = useNonce()
  useEffect(() => {
    const { dataset } = document.documentElement
    dataset.reportReady = 'true'
    if (error) dataset.reportError = 'true'
    return () => {
      delete dataset.reportReady
      delete dataset.reportError
    }
  }, [error])
  const script = `document.documentElement.dataset.reportReady='true';${
    error ? "document.documentElement.dataset.reportError='true';" : ''
  }`
  // The page's CSP allows inline scripts only with the response's nonce.
  return <script nonce={nonce || undefined} dangerouslySetInnerHTML={{ __html: script }} />
}
