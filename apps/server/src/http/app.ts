// The HTTP surface: /api/* served here, static assets of the web build, everything else server-rendered
// by React Router. One process, one port.
import { existsSync } from 'node:fs'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../config/config.ts'
import type { Database } from '../db/database.ts'
import { AppError, errorBody, requestLang } from '../errors.ts'
import { queueHealth } from '../jobs/queue.ts'
import type { Logger } from '../log.ts'
import { type ApiClient, type WebHandler, webClientDir } from './web.ts'

export interface AppDeps {
  config: Config
  database: Database
  boss: PgBoss
  log: Logger
  web: WebHandler | null
  instanceId: string
  startedAt: number
  isShuttingDown: () => boolean
  /** Extra API routes mounted before the catch-all (tests use it for a deliberately slow endpoint). */
  extendApi?: (api: Hono) => void
}

export function createApp(deps: AppDeps): Hono {
  const app = new Hono()
  const api = new Hono()

  app.use(async (c, next) => {
    const start = performance.now()
    await next()
    // While shutting down, ask clients not to reuse the connection so the server can close promptly.
    if (deps.isShuttingDown()) c.header('Connection', 'close')
    const ms = Math.round(performance.now() - start)
    const path = c.req.path
    const level = path.startsWith('/assets/') ? 'debug' : 'info'
    deps.log[level]({ method: c.req.method, path, status: c.res.status, ms }, 'request')
  })

  app.onError((error, c) => {
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    if (error instanceof AppError) return c.json(errorBody(error.code, lang), error.status as 400)
    deps.log.error({ err: error, path: c.req.path }, 'unhandled error')
    return c.json(errorBody('INTERNAL', lang), 500)
  })

  api.get('/health', async (c) => {
    const database = await timed(() => deps.database.ping())
    const queue = await queueHealth(deps.boss)
    const ok = database.ok && queue.ok && !deps.isShuttingDown()
    return c.json(
      {
        status: ok ? 'ok' : 'degraded',
        shuttingDown: deps.isShuttingDown(),
        instanceId: deps.instanceId,
        uptimeSeconds: Math.round((Date.now() - deps.startedAt) / 1000),
        database: {
          kind: deps.database.kind,
          ok: database.ok,
          latencyMs: database.ms,
          error: database.error,
        },
        queue,
      },
      ok ? 200 : 503,
    )
  })

  // Accounts arrive with their own issue; until then every visitor is anonymous.
  api.get('/session', (c) => c.json({ user: null }))

  deps.extendApi?.(api)

  api.all('*', () => {
    throw new AppError('NOT_FOUND')
  })

  app.route('/api', api)

  if (existsSync(webClientDir)) mountStatic(app)

  app.all('*', async (c) => {
    if (!deps.web) throw new AppError('WEB_NOT_BUILT')
    const cookie = c.req.header('cookie')
    const client: ApiClient = {
      publicUrl: deps.config.publicUrl,
      fetch: (path, init) => {
        const headers = new Headers(init?.headers)
        if (cookie && !headers.has('cookie')) headers.set('cookie', cookie)
        return Promise.resolve(app.request(path, { ...init, headers }))
      },
    }
    return deps.web(c.req.raw, client)
  })

  return app
}

function mountStatic(app: Hono) {
  // Hashed build assets never change under the same name.
  app.use(
    '/assets/*',
    serveStatic({
      root: webClientDir,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.use('*', serveStatic({ root: webClientDir }))
}

async function timed(fn: () => Promise<void>): Promise<{ ok: boolean; ms: number; error?: string }> {
  const start = performance.now()
  try {
    await fn()
    return { ok: true, ms: Math.round(performance.now() - start) }
  } catch (error) {
    return {
      ok: false,
      ms: Math.round(performance.now() - start),
      error: error instanceof Error ? error.message : String(error),
    }
  }
}
