// Which network failures are definitive. A refused connection, a name DNS does not know, or a TLS
// handshake that fails answer the same way a minute later: they get their own codes (not transient, see
// errors.ts), so a task fails in seconds with the reason instead of retrying for a minute.
import type { EngineErrorCode } from '../errors.ts'

/** Node/undici error codes of a failed TLS handshake or certificate check. */
const tlsCodes = new Set([
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'ERR_SSL_WRONG_VERSION_NUMBER',
  'ERR_SSL_PACKET_LENGTH_TOO_LONG',
  'ERR_SSL_TLSV1_ALERT_INTERNAL_ERROR',
  'ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE',
  'EPROTO',
])

const transportCodes: Record<string, EngineErrorCode> = {
  UND_ERR_CONNECT_TIMEOUT: 'CONNECT_TIMEOUT',
  ETIMEDOUT: 'CONNECT_TIMEOUT',
  UND_ERR_HEADERS_TIMEOUT: 'FIRST_BYTE_TIMEOUT',
  UND_ERR_BODY_TIMEOUT: 'TOTAL_TIMEOUT',
  ENOTFOUND: 'HOST_NOT_FOUND',
  ENODATA: 'HOST_NOT_FOUND',
  EAI_NONAME: 'HOST_NOT_FOUND',
  // A DNS server that did not answer is temporary.
  EAI_AGAIN: 'DNS_FAILURE',
  EAI_NODATA: 'DNS_FAILURE',
}

/** The first `code` on an error or its causes (undici wraps the socket's error). */
export function errorCodeIn(error: unknown, depth = 0): string | undefined {
  if (depth > 5 || typeof error !== 'object' || error === null) return undefined
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && code !== 'UND_ERR_SOCKET' && code !== 'UND_ERR') return code
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = errorCodeIn(inner, depth + 1)
      if (found) return found
    }
  }
  return errorCodeIn((error as { cause?: unknown }).cause, depth + 1)
}

/**
 * The engine code of a transport error on `protocol` ('https:' or 'http:'). On https, a refused
 * connection or a failed handshake says "this site has no working https", with http to try next.
 */
export function classifyNetworkError(code: string | undefined, protocol: string): EngineErrorCode {
  if (!code) return 'NETWORK_ERROR'
  if (code === 'ECONNREFUSED') return protocol === 'https:' ? 'HTTPS_UNAVAILABLE' : 'CONNECTION_REFUSED'
  if (tlsCodes.has(code) || code.startsWith('ERR_SSL_') || code.startsWith('ERR_TLS_')) return 'TLS_FAILURE'
  return transportCodes[code] ?? 'NETWORK_ERROR'
}

/** Codes after which an address typed without a scheme is tried again over http. */
export const httpsFailureCodes: ReadonlySet<EngineErrorCode> = new Set(['HTTPS_UNAVAILABLE', 'TLS_FAILURE'])
