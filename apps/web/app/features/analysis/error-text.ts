/**
 * Errors in the reader's language, by their stable code. The server sends a message too, but in the
 * language of the request's headers (an API refusal is answered before the body's `lang` is read), and
 * the engine's detail is English: the page translates the code itself and uses the server's text only
 * for a code it does not know.
 */
import type { LighthouseError } from '@farol/engine'

type T = (key: string, options?: Record<string, unknown>) => string

/** Codes after which the same address over http may work (https refused, failed TLS handshake). */
const httpCodes = new Set(['HTTPS_UNAVAILABLE', 'TLS_FAILURE'])

export function suggestsHttp(code: string | null | undefined, url: string | null | undefined): boolean {
  return Boolean(code && httpCodes.has(code) && url && /^https:\/\//i.test(url))
}

/** The same address over http, for the "Analisar em http" action. */
export function httpVariant(url: string): string {
  return url.replace(/^https:/i, 'http:')
}

/** The translated text of an error code; the server's message when the page has no translation for it. */
export function errorText(
  t: T,
  code: string | null | undefined,
  serverMessage: string | null | undefined,
): string {
  if (code) {
    const key = `core:errors.${code}`
    const text = t(key)
    if (text !== key && text !== `errors.${code}`) return text
  }
  return serverMessage ?? t('core:errors.INTERNAL')
}

/** Lighthouse's own reason for refusing a page, e.g. "ERRORED_DOCUMENT_REQUEST: … (Status code: 404)". */
function lighthouseRefusal(detail: string | undefined): { code: string; status: number | null } | null {
  const match = /^([A-Z_]+):/.exec(detail ?? '')
  if (!match) return null
  const status = /\b([45]\d\d)\b/.exec(detail ?? '')
  return { code: match[1]!, status: status ? Number(status[1]) : null }
}

/** Why a Lighthouse run gave no result, in the reader's language, Lighthouse's own reason included. */
export function lighthouseErrorText(t: T, error: Pick<LighthouseError, 'code' | 'detail'>): string {
  const base = errorText(t, error.code, null)
  if (error.code !== 'LIGHTHOUSE_REFUSED' && error.code !== 'LIGHTHOUSE_FAILED') return base
  const refusal = lighthouseRefusal(error.detail)
  if (!refusal) return base
  const key =
    refusal.code === 'ERRORED_DOCUMENT_REQUEST' && refusal.status === null
      ? 'core:lighthouse.refused.ERRORED_DOCUMENT_REQUEST_nostatus'
      : `core:lighthouse.refused.${refusal.code}`
  const text = t(key, { status: refusal.status })
  return text === key || text.startsWith('lighthouse.refused.') ? base : text
}
