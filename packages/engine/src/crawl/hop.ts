// One request, one hop: the crawler follows redirects itself (each hop is its own row, so redirect
// chains and loops are facts in the tables) and reuses one guarded connection pool for the whole crawl.
// The SSRF guard sits in the pool's connector: every connection, whatever URL led to it, is checked.
import type { Readable } from 'node:stream'
import { type Agent, request } from 'undici'
import { type EngineError, isEngineError } from '../errors.ts'
import { acceptEncoding, readLimitedBody } from '../fetch/body.ts'
import { decodeBody, isHtmlMime, looksLikeHtml, parseContentType } from '../fetch/decode.ts'
import { defaultUserAgent } from '../fetch/fetcher.ts'
import { createGuardedAgent, type GuardOptions, guardPolicy, parseTargetUrl } from '../fetch/guard.ts'

export interface HopResult {
  status: number
  headers: Record<string, string>
  /** The raw Location header of a 3xx answer. */
  location: string | null
  contentType: string | null
  /** Decoded HTML of a 2xx/4xx/5xx HTML answer; null otherwise (redirects, images, PDFs). */
  html: string | null
  bytes: number
  firstByteMs: number
  totalMs: number
}

export interface HopClient {
  fetch(url: string, signal?: AbortSignal): Promise<HopResult>
  close(): Promise<void>
}

export interface HopClientOptions extends GuardOptions {
  userAgent?: string
  /** Decoded HTML limit per page. Default 5 MiB. */
  maxBytes?: number
  /** Per request, headers and body. Default 20 s. */
  timeoutMs?: number
}

function flatten(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

function discard(body: Readable): void {
  body.on('error', () => {})
  body.destroy()
}

const networkCodes: Record<string, EngineError['code']> = {
  UND_ERR_CONNECT_TIMEOUT: 'CONNECT_TIMEOUT',
  UND_ERR_HEADERS_TIMEOUT: 'FIRST_BYTE_TIMEOUT',
  UND_ERR_BODY_TIMEOUT: 'TOTAL_TIMEOUT',
  ETIMEDOUT: 'CONNECT_TIMEOUT',
  ENOTFOUND: 'DNS_FAILURE',
  EAI_AGAIN: 'DNS_FAILURE',
  ECONNREFUSED: 'CONNECTION_REFUSED',
}

/** The engine error code behind a failed request (the guard's refusal hides in `cause` chains). */
export function errorCode(error: unknown): string {
  for (let e: unknown = error, depth = 0; e && depth < 6; depth++) {
    if (isEngineError(e)) return e.code
    if (e instanceof AggregateError) {
      const inner = e.errors.map(errorCode).find((code) => code !== 'NETWORK_ERROR')
      if (inner) return inner
    }
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && networkCodes[code]) return networkCodes[code]
    e = (e as { cause?: unknown }).cause
  }
  if ((error as { name?: string })?.name === 'TimeoutError') return 'TOTAL_TIMEOUT'
  return 'NETWORK_ERROR'
}

export function createHopClient(options: HopClientOptions = {}): HopClient {
  const policy = guardPolicy(options)
  const timeoutMs = options.timeoutMs ?? 20_000
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
  const agent: Agent = createGuardedAgent({
    ...policy,
    connectTimeoutMs: 10_000,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
  })
  const headers = {
    'user-agent': options.userAgent ?? defaultUserAgent,
    accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
    'accept-encoding': acceptEncoding,
  }
  return {
    async fetch(input, signal) {
      const url = parseTargetUrl(input, policy)
      const started = performance.now()
      const deadline = AbortSignal.timeout(timeoutMs)
      const response = await request(url, {
        dispatcher: agent,
        method: 'GET',
        headers,
        signal: signal ? AbortSignal.any([signal, deadline]) : deadline,
      })
      const firstByteMs = performance.now() - started
      const flat = flatten(response.headers)
      const parsed = parseContentType(flat['content-type'])
      const isRedirect = response.statusCode >= 300 && response.statusCode < 400
      // Only HTML is parsed; a redirect's or an image's body is never read.
      const maybeHtml = !isRedirect && (parsed === null || isHtmlMime(parsed.mime))
      if (!maybeHtml) {
        discard(response.body)
        return {
          status: response.statusCode,
          headers: flat,
          location: flat.location ?? null,
          contentType: parsed?.mime ?? null,
          html: null,
          bytes: Number(flat['content-length']) || 0,
          firstByteMs,
          totalMs: performance.now() - started,
        }
      }
      const bytes = await readLimitedBody(response.body, flat['content-encoding'], maxBytes)
      const html =
        parsed !== null || looksLikeHtml(bytes) ? decodeBody(bytes, parsed?.charset ?? null, true).text : null
      return {
        status: response.statusCode,
        headers: flat,
        location: null,
        contentType: parsed?.mime ?? (html === null ? null : 'text/html'),
        html,
        bytes: bytes.length,
        firstByteMs,
        totalMs: performance.now() - started,
      }
    },
    close: () => agent.close().catch(() => {}),
  }
}
