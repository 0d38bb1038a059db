// The one reader of JSON request bodies, run on every /api request before any handler (Better Auth's,
// /api/v1's and the session routes' alike), so a route added later cannot skip it:
// - a request body under /api must say `Content-Type: application/json` (415 otherwise): a body sent as
//   text/plain or a form is never parsed as JSON behind the rules' back;
// - nesting deeper than 64 levels, or text that is not JSON, is a translated 400 INVALID_JSON, found by a
//   linear scan before anything recursive touches the value (20,000 nested brackets fit in 64 KB);
// - text PostgreSQL cannot store is a 400 INVALID_TEXT (http/guards.ts).
// Routes then take the parsed value with `jsonOf(c)` and validate it with their zod schema.
import type { Context, MiddlewareHandler } from 'hono'
import { AppError } from '../errors.ts'

/** Deeper JSON than any Farol form produces (the deepest, a site's facts, is 4 levels). */
const maxJsonDepth = 64

/** Paths whose bodies are forms by protocol: an OAuth provider may POST its answer (response_mode=form_post). */
const formBodies = ['/api/auth/callback/']

/**
 * Uploads read as a stream by their route (access logs, gigabytes, gzip): never buffered here, not JSON;
 * their body limit is their own (FAROL_LOG_UPLOAD_MAX_MB) and their route validates what it reads.
 */
const streamedBodies = ['/api/bots/uploads']

/** Pure: whether the JSON text nests objects/arrays deeper than `max` (brackets in strings do not count). */
function jsonTooDeep(text: string, max = maxJsonDepth): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i)
    if (inString) {
      if (ch === 0x5c)
        i++ // backslash: skip the escaped character
      else if (ch === 0x22) inString = false
    } else if (ch === 0x22) inString = true
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > max) return true
    } else if (ch === 0x5d || ch === 0x7d) depth--
  }
  return false
}

/** Pure: the JSON value of a body, or an AppError (INVALID_JSON, INVALID_TEXT) to answer with. */
export function parseJsonText(text: string): unknown {
  if (jsonTooDeep(text)) throw new AppError('INVALID_JSON', `nested deeper than ${maxJsonDepth}`)
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw new AppError('INVALID_JSON')
  }
  if (!cleanValue(value)) throw new AppError('INVALID_TEXT')
  return value
}

/** Pure: whether a Content-Type header names JSON (`application/json`, any parameters). */
function isJsonType(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json'
}

const parsedBodies = new WeakMap<Request, unknown>()

export function jsonBodies(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS' || !c.req.raw.body)
      return next()
    if (c.req.method === 'POST' && streamedBodies.includes(c.req.path)) return next()
    // A copy is read: Better Auth reads the original request itself. The body limit has bounded its size.
    const text = await c.req.raw.clone().text()
    if (text === '') return next() // no body: the route's schema says what was missing
    if (!isJsonType(c.req.header('content-type'))) {
      if (formBodies.some((p) => c.req.path.startsWith(p))) return next()
      throw new AppError('UNSUPPORTED_MEDIA_TYPE')
    }
    parsedBodies.set(c.req.raw, parseJsonText(text))
    await next()
  }
}

/** The request's JSON body as read by jsonBodies (undefined when it had none): validate it with zod. */
export function jsonOf(c: Context): unknown {
  return parsedBodies.get(c.req.raw)
}

/** Pure: text PostgreSQL can store and a person could have typed. */
export function cleanText(text: string): boolean {
  return !text.includes('\u0000') && text.isWellFormed()
}

/** Pure: every string in a parsed JSON value (object keys included) is clean text. */
export function cleanValue(value: unknown): boolean {
  if (typeof value === 'string') return cleanText(value)
  if (Array.isArray(value)) return value.every(cleanValue)
  if (value && typeof value === 'object')
    return Object.entries(value).every(([k, v]) => cleanText(k) && cleanValue(v))
  return true
}
