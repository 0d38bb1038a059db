// /api/v1: the public API. A request carries `Authorization: Bearer farol_…`; the token's user, scopes
// and rate limit are checked here, then the operation is answered (operations.ts). No cookie is read and
// none is forwarded, so the CSRF origin check of the cookie API does not apply (nothing ambient to abuse).
import type { Context } from 'hono'
import { Hono } from 'hono'
import { windowLimiter } from '../../features/favicon/rate-limit.ts'
import { readCrawl } from '../../features/site-audit/read.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { accessFor } from '../../tenancy/access.ts'
import { bindIdentity, boundIdentity, type TokenIdentity } from '../../tenancy/session.ts'
import { authenticateToken, bearerToken } from '../../tenancy/tokens.ts'
import { comparisonOf, pageOfIssues, pageOfPages } from './crawls.ts'
import { openApiDocument } from './openapi.ts'
import { honoPath, type Operation, operations } from './operations.ts'

export interface ApiV1Deps {
  db: Db
  config: Config
  authenticate: TokenAuthenticator
  /** Answers a request with the whole app (the /api routes the web app uses). */
  fetch: (request: Request, env: unknown) => Response | Promise<Response>
}

/** Headers a forwarded request keeps; everything else (cookies first) stays behind. */
const forwardedHeaders = ['content-type', 'content-length', 'accept', 'accept-language', 'accept-encoding']

export type TokenAuthenticator = (c: Context) => Promise<TokenIdentity>

/** The identity of a bearer request (or of an internal call that bound one), rate-limited per token. */
export function tokenAuthenticator(deps: { db: Db; config: Config }): TokenAuthenticator {
  const limiter = windowLimiter(deps.config.rateLimit.apiToken, deps.config.rateLimit.windowSeconds * 1000)
  return async (c) => {
    const internal = boundIdentity(c.req.raw.headers)
    if (internal) return internal
    const token = bearerToken(c.req.header('authorization'))
    if (!token) throw new AppError('TOKEN_INVALID', 'no bearer token')
    const identity = await authenticateToken(deps.db, token)
    if (!limiter.take(identity.tokenId)) {
      c.header('Retry-After', String(deps.config.rateLimit.windowSeconds))
      throw new AppError('TOKEN_RATE_LIMITED')
    }
    return identity
  }
}

export function apiV1Routes(deps: ApiV1Deps): Hono {
  const api = new Hono()
  const { authenticate } = deps
  const publicOrigin = new URL(deps.config.publicUrl).origin
  let document: unknown = null

  api.get('/openapi.json', (c) => {
    document ??= openApiDocument(deps.config.publicUrl)
    c.header('Cache-Control', 'public, max-age=300')
    return c.json(document)
  })

  const forward = async (c: Context, identity: TokenIdentity, path: string): Promise<Response> => {
    const headers = new Headers({ origin: publicOrigin })
    for (const name of forwardedHeaders) {
      const value = c.req.header(name)
      if (value) headers.set(name, value)
    }
    const method = c.req.method
    const bytes = method === 'GET' || method === 'HEAD' ? null : await c.req.arrayBuffer()
    const body = bytes?.byteLength ? bytes : undefined
    headers.delete('content-length')
    if (body) headers.set('content-length', String(body.byteLength))
    const unbind = bindIdentity(headers, identity)
    try {
      return await deps.fetch(
        new Request(new URL(`/api${path}`, publicOrigin), { method, headers, body }),
        c.env,
      )
    } finally {
      unbind()
    }
  }

  const answer = async (c: Context, op: Operation, identity: TokenIdentity): Promise<Response> => {
    const params = c.req.param() as Record<string, string>
    if ('forward' in op.answer) {
      const query = new URL(c.req.url).searchParams
      const target = op.answer.forward(params, query)
      const lang = query.get('lang')
      const withLang = lang
        ? `${target}${target.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}`
        : target
      const response = await forward(c, identity, withLang)
      const { reshape } = op.answer
      if (!reshape || !response.ok || !response.headers.get('content-type')?.includes('application/json'))
        return response
      c.header('Cache-Control', response.headers.get('cache-control') ?? 'no-store')
      return c.json(reshape(await response.json(), publicOrigin) as object, response.status as 200)
    }
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    // The token's workspace, its membership checked now (tenancy/access.ts): a crawl of another workspace,
    // the token user's own included, is not found.
    const access = await accessFor(deps.db, identity.user)
    const crawl = await readCrawl(deps.db, access, params.id ?? '')
    if (!crawl) throw new AppError('CRAWL_NOT_FOUND')
    const parsed = op.query!.safeParse(c.req.query())
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    c.header('Cache-Control', 'no-store')
    if (op.answer.handler === 'crawlComparison')
      return c.json(await comparisonOf(deps.db, access, crawl, parsed.data as never))
    if (op.answer.handler === 'crawlIssues')
      return c.json(await pageOfIssues(deps.db, crawl, parsed.data as never, lang))
    return c.json(await pageOfPages(deps.db, crawl, parsed.data as never))
  }

  for (const op of operations) {
    api.on(op.method.toUpperCase(), honoPath(op.path), async (c) => {
      const identity = await authenticate(c)
      if (!identity.scopes.includes(op.scope)) throw new AppError('TOKEN_SCOPE', `needs scope ${op.scope}`)
      return answer(c, op, identity)
    })
  }

  api.all('*', () => {
    throw new AppError('NOT_FOUND')
  })
  return api
}
