// The safe fetcher: one GET, redirects followed by hand (each hop validated and connected through the
// guard), timeouts, a body limit, decompression and charset decoding.
import type { Readable } from 'node:stream'
import { request } from 'undici'
import { EngineError, isEngineError } from '../errors.ts'
import type { FetchedResource, RedirectHop, TextArtifact } from '../types.ts'
import { acceptEncoding, readLimitedBody } from './body.ts'
import { classifyNetworkError, errorCodeIn, httpsFailureCodes } from './classify.ts'
import {
  type Accept,
  acceptsMime,
  decodeBody,
  isHtmlMime,
  isTextMime,
  looksLikeHtml,
  parseContentType,
} from './decode.ts'
import { bareHost, createGuardedAgent, type GuardOptions, guardPolicy, parseTargetUrl } from './guard.ts'

export const defaultUserAgent = 'FarolBot/0.1 (+https://farol.app/bot)'

export interface SafeFetchOptions extends GuardOptions {
  /** 'html' refuses non-HTML answers (a PDF), 'text' takes any text type (robots.txt), 'image' images (favicons), 'any' takes all. Default 'html'. */
  accept?: Accept
  /** Also return the raw (decompressed) body bytes, for binary content such as favicons. */
  keepBytes?: boolean
  /** Decoded body limit in bytes. Default 10 MiB. */
  maxBytes?: number
  /** Default 10. */
  maxRedirects?: number
  /** TCP (and TLS) connection setup, per connection. Default 10 s. */
  connectTimeoutMs?: number
  /** From sending the request to the response headers, per hop. Default 15 s. */
  firstByteTimeoutMs?: number
  /** The whole fetch, redirects and body included. Default 30 s. */
  totalTimeoutMs?: number
  userAgent?: string
  /** Extra request headers (e.g. Accept-Language). */
  headers?: Record<string, string>
  /** Cancels the fetch; the signal's reason is thrown as is. */
  signal?: AbortSignal
  /**
   * The address was typed without a scheme and https was assumed: when https cannot connect (refused,
   * failed handshake), fetch the same address over http instead of failing.
   */
  httpFallback?: boolean
}

const MiB = 1024 * 1024
const redirectStatuses = new Set([301, 302, 303, 307, 308])

const acceptHeaders: Record<Accept, string> = {
  html: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1',
  text: 'text/plain,text/*;q=0.9,*/*;q=0.1',
  image: 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.9',
  any: '*/*',
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value
  }
  return out
}

/** The key the connector records remote addresses under (see guardedConnector). */
function originKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80')
  return `${url.protocol}//${bareHost(url.hostname)}:${port}`
}

/** Finds an EngineError raised deep inside undici or net (wrapped in `cause` or an AggregateError). */
function findEngineError(error: unknown, depth = 0): EngineError | null {
  if (isEngineError(error)) return error
  if (depth > 5 || typeof error !== 'object' || error === null) return null
  if (error instanceof AggregateError) {
    for (const inner of error.errors) {
      const found = findEngineError(inner, depth + 1)
      if (found) return found
    }
  }
  return findEngineError((error as { cause?: unknown }).cause, depth + 1)
}

function toEngineError(error: unknown, deadline: AbortSignal, url: URL | null): EngineError {
  const engineError = findEngineError(error)
  if (engineError) return engineError
  if (deadline.aborted) return new EngineError('TOTAL_TIMEOUT')
  const code = classifyNetworkError(errorCodeIn(error), url?.protocol ?? 'http:')
  const message = error instanceof Error ? error.message : String(error)
  const wrapped = new EngineError(code, message)
  wrapped.cause = error
  return wrapped
}

/**
 * Fetches one URL safely and returns it decoded. Throws EngineError (INVALID_URL, UNSUPPORTED_SCHEME,
 * CREDENTIALS_IN_URL, BLOCKED_ADDRESS, DNS_FAILURE, *_TIMEOUT, BODY_TOO_LARGE, TOO_MANY_REDIRECTS,
 * REDIRECT_LOOP, UNSUPPORTED_CONTENT_TYPE, NETWORK_ERROR). A 404 or 500 is a result, not an error: the
 * status is what the SEO checks report. The content type is enforced on 2xx answers only, for the same
 * reason (an error page's type says nothing about the page).
 */
export async function safeFetch(input: string, options: SafeFetchOptions = {}): Promise<FetchedResource> {
  const { httpFallback, ...once } = options
  try {
    return await fetchOnce(input, once)
  } catch (error) {
    const https = /^https:\/\//i.test(input.trim())
    if (!httpFallback || !https || !isEngineError(error) || !httpsFailureCodes.has(error.code)) throw error
    return await fetchOnce(input.trim().replace(/^https:/i, 'http:'), once)
  }
}

async function fetchOnce(input: string, options: SafeFetchOptions): Promise<FetchedResource> {
  const policy = guardPolicy(options)
  const accept = options.accept ?? 'html'
  const maxBytes = options.maxBytes ?? 10 * MiB
  const maxRedirects = options.maxRedirects ?? 10
  const totalTimeoutMs = options.totalTimeoutMs ?? 30_000
  const startMs = Date.now()
  const started = performance.now()
  const elapsed = () => Math.round(performance.now() - started)

  const remoteAddresses = new Map<string, string>()
  const agent = createGuardedAgent({
    ...policy,
    connectTimeoutMs: options.connectTimeoutMs ?? 10_000,
    headersTimeoutMs: options.firstByteTimeoutMs ?? 15_000,
    // The total deadline bounds the body; this only catches a body that stalls completely.
    bodyTimeoutMs: totalTimeoutMs,
    onConnect: (origin, address) => remoteAddresses.set(origin, address),
  })
  const deadline = AbortSignal.timeout(totalTimeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  const headers = {
    'user-agent': options.userAgent ?? defaultUserAgent,
    accept: acceptHeaders[accept],
    'accept-encoding': acceptEncoding,
    ...options.headers,
  }

  // The hop being fetched, so a failure is classified by its scheme (https refused → try http).
  let url: URL | null = null
  try {
    url = parseTargetUrl(input, policy)
    const redirects: RedirectHop[] = []
    const seen = new Set([withoutHash(url)])
    for (;;) {
      const response = await request(url, { dispatcher: agent, method: 'GET', headers, signal })
      const location = response.headers.location
      if (redirectStatuses.has(response.statusCode) && typeof location === 'string' && location) {
        // The redirect's own body is never used; drop it without reading it.
        discard(response.body)
        const next = resolveLocation(location, url, policy)
        redirects.push({ url: url.href, status: response.statusCode, location })
        if (seen.has(withoutHash(next))) throw new EngineError('REDIRECT_LOOP', next.href)
        if (redirects.length > maxRedirects)
          throw new EngineError('TOO_MANY_REDIRECTS', `more than ${maxRedirects}`)
        seen.add(withoutHash(next))
        url = next
        continue
      }
      const firstByteMs = elapsed()
      const contentTypeHeader = response.headers['content-type']
      const contentType = typeof contentTypeHeader === 'string' ? contentTypeHeader : null
      const parsedType = parseContentType(contentType)
      const ok = response.statusCode >= 200 && response.statusCode < 300
      if (ok && !acceptsMime(accept, parsedType?.mime ?? null)) {
        discard(response.body)
        throw new EngineError('UNSUPPORTED_CONTENT_TYPE', parsedType?.mime)
      }
      const declaredLength = Number(response.headers['content-length'])
      if (!response.headers['content-encoding'] && declaredLength > maxBytes) {
        discard(response.body)
        throw new EngineError('BODY_TOO_LARGE', `content-length ${declaredLength}`)
      }
      const encoding = response.headers['content-encoding']
      const bytes = await readLimitedBody(
        response.body,
        typeof encoding === 'string' ? encoding : null,
        maxBytes,
      )
      // No Content-Type: decide by the bytes, as browsers do.
      const sniffedHtml = parsedType === null && looksLikeHtml(bytes)
      if (ok && parsedType === null && accept === 'image') {
        throw new EngineError('UNSUPPORTED_CONTENT_TYPE', 'no content-type, not an image')
      }
      if (ok && parsedType === null && accept === 'html' && !sniffedHtml) {
        throw new EngineError('UNSUPPORTED_CONTENT_TYPE', 'no content-type, not HTML')
      }
      const html = sniffedHtml || (parsedType !== null && isHtmlMime(parsedType.mime))
      const text = html || parsedType === null || isTextMime(parsedType.mime)
      const decoded = text ? decodeBody(bytes, parsedType?.charset ?? null, html) : null
      return {
        requestedUrl: input,
        finalUrl: url.href,
        status: response.statusCode,
        headers: flattenHeaders(response.headers),
        redirects,
        contentType: parsedType?.mime ?? null,
        charset: decoded?.charset ?? null,
        body: decoded?.text ?? '',
        bodyBytes: bytes.length,
        ...(options.keepBytes ? { bytes } : {}),
        remoteAddress: remoteAddresses.get(originKey(url)) ?? null,
        timings: { startMs, firstByteMs, totalMs: elapsed() },
      }
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason
    throw toEngineError(error, deadline, url)
  } finally {
    await agent.destroy().catch(() => {})
  }
}

/**
 * Where one redirect leads, without going there: one guarded GET (the SSRF guard at connect time, as for
 * every fetch), the answer's Location resolved against the URL, the body never read. Null when the answer
 * is not a redirect. Throws EngineError like safeFetch (BLOCKED_ADDRESS, *_TIMEOUT…).
 */
export async function redirectTarget(
  input: string,
  options: GuardOptions & { timeoutMs?: number; signal?: AbortSignal; userAgent?: string } = {},
): Promise<string | null> {
  const policy = guardPolicy(options)
  const timeoutMs = options.timeoutMs ?? 5000
  const agent = createGuardedAgent({
    ...policy,
    connectTimeoutMs: timeoutMs,
    headersTimeoutMs: timeoutMs,
    bodyTimeoutMs: timeoutMs,
  })
  const deadline = AbortSignal.timeout(timeoutMs)
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline
  let url: URL | null = null
  try {
    url = parseTargetUrl(input, policy)
    const response = await request(url, {
      dispatcher: agent,
      method: 'GET',
      headers: { 'user-agent': options.userAgent ?? defaultUserAgent },
      signal,
    })
    discard(response.body)
    const location = response.headers.location
    if (!redirectStatuses.has(response.statusCode) || typeof location !== 'string' || !location) return null
    try {
      return new URL(location, url).href
    } catch {
      return null
    }
  } catch (error) {
    if (options.signal?.aborted) throw options.signal.reason
    throw toEngineError(error, deadline, url)
  } finally {
    await agent.destroy().catch(() => {})
  }
}

/** Drops a body without reading it (undici reports the abort as an error event: swallow it). */
function discard(body: Readable): void {
  body.on('error', () => {})
  body.destroy()
}

function withoutHash(url: URL): string {
  return url.href.replace(/#.*$/, '')
}

/** A Location header, resolved against the hop that sent it and validated like user input. */
function resolveLocation(location: string, base: URL, policy: GuardOptions): URL {
  let next: URL
  try {
    next = new URL(location, base)
  } catch {
    throw new EngineError('INVALID_URL', `bad redirect location: ${location.slice(0, 200)}`)
  }
  return parseTargetUrl(next.href, policy)
}

/**
 * For gatherers (robots.txt, llms.txt, sitemaps): never throws. Failure to fetch is
 * `{status: null, content: null, errorMessage}`; a non-2xx answer keeps its status with `content: null`,
 * so an HTML 404 page is never mistaken for a robots.txt.
 */
export async function fetchText(url: string, options: SafeFetchOptions = {}): Promise<TextArtifact> {
  try {
    const resource = await safeFetch(url, { accept: 'text', ...options })
    if (resource.status >= 200 && resource.status < 300) {
      return { url, status: resource.status, content: resource.body }
    }
    return { url, status: resource.status, content: null, errorMessage: `HTTP ${resource.status}` }
  } catch (error) {
    const message = isEngineError(error)
      ? error.message
      : error instanceof Error
        ? error.message
        : String(error)
    return { url, status: null, content: null, errorMessage: message }
  }
}
