// Guards every request passes before a route reads its input, so no route can forget them:
// - a body limit, answered 413 from Content-Length before a byte of the body is read (a chunked body is
//   counted as it arrives and dropped at the limit); an upload route that streams its body (access logs)
//   gets the Content-Length check only and counts a chunked body itself as it reads it, since the limit
//   here holds a chunked body in memory until it ends;
// - text that PostgreSQL cannot store (a NUL character, half of a UTF-16 surrogate pair) refused with a
//   translated 400 wherever it appears: query string, JSON body (keys too), form body;
// - ids parsed at the boundary: a malformed id is an unknown id (404), never a database error.
import type { Context, MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { z } from 'zod'
import { AppError, type AppErrorCode, errorBody, requestLang } from '../errors.ts'
import { cleanText, jsonOf, parseJsonText } from './body.ts'

/** JSON APIs and page forms: the largest legitimate body (a 5000-character contact message) is ~20 KB. */
const defaultBodyLimit = 64 * 1024

/** Routes that need more than the default, by path prefix (none today; a document upload would go here). */
const largerBodies: ReadonlyArray<{ prefix: string; maxSize: number; streamed?: AppErrorCode }> = []

function tooLarge(c: Context, code: AppErrorCode = 'PAYLOAD_TOO_LARGE') {
  // The rest of the body is never read: close the connection instead of draining it.
  c.header('Connection', 'close')
  return c.json(errorBody(code, requestLang(c.req.query('lang'), c.req.header('accept-language'))), 413)
}

/** A streamed upload's declared size against its limit; a chunked body is the route's to count. */
function declaredLimit(maxSize: number, code: AppErrorCode): MiddlewareHandler {
  return async (c, next) => {
    const length = c.req.raw.headers.get('content-length')
    if (c.req.raw.body && length && !c.req.raw.headers.has('transfer-encoding'))
      if (Number.parseInt(length, 10) > maxSize) return tooLarge(c, code)
    await next()
  }
}

export function bodyLimits(
  /**
   * Uploads with their own configured limit (access logs: FAROL_LOG_UPLOAD_MAX_MB). `streamed`: the route
   * reads the body as a stream and refuses past `maxSize` itself with this code (never held in memory).
   */
  extra: ReadonlyArray<{ prefix: string; maxSize: number; streamed?: AppErrorCode }> = [],
): MiddlewareHandler {
  const standard = bodyLimit({ maxSize: defaultBodyLimit, onError: (c) => tooLarge(c) })
  const larger = [...largerBodies, ...extra].map((r) => ({
    ...r,
    limit: r.streamed
      ? declaredLimit(r.maxSize, r.streamed)
      : bodyLimit({ maxSize: r.maxSize, onError: (c) => tooLarge(c) }),
  }))
  return (c, next) => {
    const special = larger.find((r) => c.req.path.startsWith(r.prefix))
    return (special?.limit ?? standard)(c, next)
  }
}

export function textGuard(): MiddlewareHandler {
  return async (c, next) => {
    for (const values of Object.values(c.req.queries()))
      if (!values.every(cleanText)) throw new AppError('INVALID_TEXT')
    if (c.req.raw.body) {
      const type = c.req.header('content-type') ?? ''
      // A copy is read: routes (and Better Auth) read the original request themselves. The body limit
      // above has already bounded its size.
      if (type.includes('json')) {
        // Pages take forms; JSON sent to a page gets the API's rules (depth, JSON, text) all the same.
        // An empty body (a DELETE whose client sets the JSON type on every request) has nothing to check.
        const text = await c.req.raw.clone().text()
        if (text !== '') parseJsonText(text)
      } else if (type.includes('application/x-www-form-urlencoded')) {
        const form = new URLSearchParams(await c.req.raw.clone().text())
        for (const [k, v] of form) if (!cleanText(k) || !cleanText(v)) throw new AppError('INVALID_TEXT')
      }
    }
    await next()
  }
}

const uuid = z.uuid()

/** Pure: whether `id` is a well-formed id of a table keyed by gen_random_uuid(). */
export function isUuid(id: unknown): boolean {
  return uuid.safeParse(id).success
}

interface IdRoute {
  method: string
  path: RegExp
  /** The ids this request names (from the path match, the query or the JSON body). */
  ids: (c: Context, match: RegExpMatchArray) => Promise<unknown[]> | unknown[]
  notFound: AppErrorCode
}

const reportDataIds = (c: Context) => {
  const body = jsonOf(c) as Record<string, unknown> | null | undefined
  // Missing ids are the route's own 400 (the specification's message first); with all three given, each
  // must be well formed.
  const ids = ['desktopTaskId', 'mobileTaskId', 'aiOptimizationTaskId'].map((k) => body?.[k])
  return ids.some((v) => v === undefined || v === null || v === '') ? [] : ids
}

const idRoutes: IdRoute[] = [
  {
    method: 'GET',
    path: /^\/api\/seo-task-manager\/status$/,
    ids: (c) => [c.req.query('taskId') ?? ''],
    notFound: 'TASK_NOT_FOUND',
  },
  {
    method: 'GET',
    path: /^\/api\/tasks\/([^/]*)\/events$/,
    ids: (_c, m) => [m[1]],
    notFound: 'TASK_NOT_FOUND',
  },
  {
    method: 'GET',
    path: /^\/api\/reports\/([^/]*)\/file$/,
    ids: (_c, m) => [m[1]],
    notFound: 'REPORT_NOT_FOUND',
  },
  { method: 'POST', path: /^\/api\/get-report-data$/, ids: reportDataIds, notFound: 'TASK_NOT_FOUND' },
]

export function idGuard(): MiddlewareHandler {
  return async (c, next) => {
    for (const route of idRoutes) {
      if (c.req.method !== route.method) continue
      const match = c.req.path.match(route.path)
      if (!match) continue
      const ids = await route.ids(c, match)
      if (!ids.every(isUuid)) throw new AppError(route.notFound)
    }
    await next()
  }
}

/**
 * PostgreSQL's "data exception" errors that only bad input causes, for routes added without a boundary
 * parse: a malformed id (22P02) is an unknown resource, untranslatable text (22021, 22P05) bad text.
 */
export function inputErrorOf(error: unknown): AppErrorCode | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code
    if (code === '22P02') return 'NOT_FOUND'
    if (code === '22021' || code === '22P05') return 'INVALID_TEXT'
  }
  return null
}
