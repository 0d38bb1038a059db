// The HTTP surface: /api/* served here, static assets of the web build, everything else server-rendered
// by React Router. One process, one port.
import { existsSync } from 'node:fs'
import { engineErrors, isEngineError } from '@farol/engine'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import { compress } from 'hono/compress'
import type { PgBoss } from 'pg-boss'
import { aiOverviewRoutes } from '../features/ai-overviews/routes.ts'
import { llmRoutes } from '../features/ai-presence/routes.ts'
import { presenceParts } from '../features/analysis/public.ts'
import { taskRoutes } from '../features/analysis/routes.ts'
import { blogRoutes } from '../features/blog/service.ts'
import { BOT_LOG_DEFAULT_MAX, botLogRoutes } from '../features/bot-logs/routes.ts'
import { botLogSourceRoutes } from '../features/bot-logs/source-routes.ts'
import { contactRoutes } from '../features/contact/routes.ts'
import { directoryRoutes } from '../features/directories/routes.ts'
import { faviconRoutes } from '../features/favicon/routes.ts'
import { knowledgeRoutes } from '../features/knowledge/routes.ts'
import { onboardingRoutes } from '../features/onboarding/routes.ts'
import { reportLinkRoutes } from '../features/reports/links.ts'
import { reportRoutes } from '../features/reports/routes.ts'
import { reportScheduleRoutes } from '../features/reports/schedule-routes.ts'
import { workspaceReportRoutes } from '../features/reports/workspace-reports.ts'
import { siteAuditRoutes } from '../features/site-audit/routes.ts'
import { indexNowRoutes } from '../features/sites/indexnow/routes.ts'
import { siteRoutes } from '../features/sites/routes.ts'
import { webhookRoutes } from '../features/sites/webhooks/routes.ts'
import { writerIdeaRoutes } from '../features/writer/ideas.ts'
import { chromiumHealth } from '../platform/chromium.ts'
import type { Config } from '../platform/config.ts'
import type { Database } from '../platform/db/database.ts'
import type { Outbox } from '../platform/email/outbox.ts'
import { AppError, appErrors, errorBody, requestLang } from '../platform/errors.ts'
import { jsonBodies } from '../platform/http/body.ts'
import { clientAddress } from '../platform/http/client-address.ts'
import { originCheck } from '../platform/http/csrf.ts'
import { bodyLimits, idGuard, inputErrorOf, textGuard } from '../platform/http/guards.ts'
import { noStore, scriptNonce, securityHeaders } from '../platform/http/security-headers.ts'
import { queueHealth } from '../platform/jobs/queue.ts'
import type { Logger } from '../platform/log.ts'
import { createReportStore } from '../platform/storage/storage.ts'
import { apiV1Routes, tokenAuthenticator } from '../protocols/api-v1/routes.ts'
import { mcpRoutes } from '../protocols/mcp.ts'
import { type ApiClient, type WebHandler, webClientDir } from '../protocols/web.ts'
import { accountRoutes } from '../tenancy/account-routes.ts'
import { type Auth, clientIpHeader } from '../tenancy/auth.ts'
import { currentUser } from '../tenancy/session.ts'
import { tokenRoutes } from '../tenancy/token-routes.ts'
import { bearerToken } from '../tenancy/tokens.ts'
import { activeWorkspaceView, workspaceRoutes } from '../tenancy/workspace-routes.ts'
import { useCapabilities } from './capabilities.ts'
import { eraseWorkspaceData } from './erase-workspace.ts'

export interface AppDeps {
  config: Config
  auth: Auth
  outbox: Outbox
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
  useCapabilities()
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

  app.use('*', securityHeaders(deps.config.publicUrl))
  app.use(
    '*',
    bodyLimits([
      {
        prefix: '/api/bots/uploads',
        maxSize: deps.config.botLogs?.maxUploadBytes ?? BOT_LOG_DEFAULT_MAX,
        // The route streams the body to a file and counts it as it arrives (bot-logs/upload-limits.ts).
        streamed: 'LOG_UPLOAD_TOO_LARGE',
      },
    ]),
  )
  app.use('/api/*', noStore())
  // Every API body is JSON, read once, bounded in depth and checked for text, before any route (auth too).
  app.use('/api/*', jsonBodies())

  app.onError((error, c) => {
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    if (error instanceof AppError)
      return c.json(errorBody(error.code, lang, error.fields), error.status as 400)
    // A route without its own boundary parse met an id or text PostgreSQL refuses: still bad input.
    const inputError = inputErrorOf(error)
    if (inputError) return c.json(errorBody(inputError, lang), appErrors[inputError].status as 400)
    // The engine refuses bad addresses before any work is queued (scheme, credentials, private address).
    if (isEngineError(error)) {
      return c.json({ error: { code: error.code, message: engineErrors[error.code][lang] } }, 400)
    }
    deps.log.error({ err: error, path: c.req.path }, 'unhandled error')
    return c.json(errorBody('INTERNAL', lang), 500)
  })

  // Personal API tokens act only on /api/v1 and /mcp (mounted apart, before /api): anywhere else in the
  // API, the account routes above all, a bearer token is refused outright rather than ignored.
  api.use(async (c, next) => {
    if (bearerToken(c.req.header('authorization'))) throw new AppError('TOKEN_NOT_ALLOWED')
    await next()
  })

  api.get('/health', async (c) => {
    const database = await timed(() => deps.database.ping())
    const queue = await queueHealth(deps.boss)
    // Lighthouse's browser: reported, not counted in `status` (without it the on-page analysis still works).
    const chromium = await chromiumHealth()
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
        chromium: chromium.ok
          ? { ok: true, version: chromium.version, path: chromium.path }
          : { ok: false, message: chromium.message },
      },
      ok ? 200 : 503,
    )
  })

  // The signed-in user and, for the suite, their active workspace with what they may do there (roles.ts).
  api.get('/session', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) return c.json({ user: null })
    return c.json({ user, workspace: await activeWorkspaceView(deps.database.db, user) })
  })

  // Every state-changing API request must come from Farol's own pages (login CSRF included).
  api.use(originCheck(deps.config.publicUrl))
  // Input PostgreSQL cannot store, and malformed ids, never reach a route.
  api.use(textGuard())
  api.use(idGuard())

  // Better Auth answers its own routes (sign-up, sign-in, verification, reset, sessions, OAuth).
  api.on(['GET', 'POST'], '/auth/*', (c) =>
    deps.auth.handler(withClientIp(c.req.raw, clientAddress(c, deps.config.trustProxy))),
  )

  api.route(
    '/',
    accountRoutes({
      auth: deps.auth,
      db: deps.database.db,
      boss: deps.boss,
      providers: { google: Boolean(deps.config.google), github: Boolean(deps.config.github) },
      presenceParts,
    }),
  )
  api.route(
    '/',
    faviconRoutes({
      db: deps.database.db,
      config: deps.config,
      clientAddress: (c) => clientAddress(c, deps.config.trustProxy),
    }),
  )
  api.route('/', tokenRoutes({ db: deps.database.db, auth: deps.auth }))
  api.route('/', blogRoutes({ db: deps.database.db }))
  api.route('/', directoryRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route('/', onboardingRoutes({ auth: deps.auth, db: deps.database.db }))
  api.route('/', knowledgeRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route('/', writerIdeaRoutes({ db: deps.database.db, auth: deps.auth }))
  api.route('/', siteRoutes({ db: deps.database.db, boss: deps.boss, auth: deps.auth, config: deps.config }))
  const reportStore = createReportStore(deps.config)
  api.route(
    '/',
    workspaceRoutes({
      db: deps.database.db,
      auth: deps.auth,
      eraseWorkspaceData: (id) =>
        eraseWorkspaceData({ db: deps.database.db, store: reportStore, log: deps.log }, id),
    }),
  )
  api.route('/', reportScheduleRoutes({ db: deps.database.db, auth: deps.auth }))
  api.route('/', reportLinkRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route('/', workspaceReportRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route('/', webhookRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route('/', indexNowRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route(
    '/',
    siteAuditRoutes({ db: deps.database.db, auth: deps.auth, ownerMax: deps.config.crawl.ownerMax }),
  )
  api.route('/', botLogRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route(
    '/',
    botLogSourceRoutes({ db: deps.database.db, boss: deps.boss, auth: deps.auth, config: deps.config }),
  )
  api.route('/', llmRoutes({ db: deps.database.db, auth: deps.auth, config: deps.config }))
  api.route(
    '/',
    aiOverviewRoutes({
      db: deps.database.db,
      boss: deps.boss,
      auth: deps.auth,
      config: deps.config,
      clientAddress: (c) => clientAddress(c, deps.config.trustProxy),
    }),
  )
  api.route(
    '/',
    contactRoutes({
      db: deps.database.db,
      config: deps.config,
      outbox: deps.outbox,
      clientAddress: (c) => clientAddress(c, deps.config.trustProxy),
    }),
  )
  api.route(
    '/',
    reportRoutes({
      db: deps.database.db,
      boss: deps.boss,
      config: deps.config,
      auth: deps.auth,
      clientAddress: (c) => clientAddress(c, deps.config.trustProxy),
    }),
  )
  api.route(
    '/',
    taskRoutes({
      db: deps.database.db,
      boss: deps.boss,
      config: deps.config,
      auth: deps.auth,
      clientAddress: (c) => clientAddress(c, deps.config.trustProxy),
    }),
  )

  deps.extendApi?.(api)

  api.all('*', () => {
    throw new AppError('NOT_FOUND')
  })

  // Bearer-token surfaces: one authenticator, so a token's rate limit counts /api/v1 and /mcp together.
  const authenticate = tokenAuthenticator({ db: deps.database.db, config: deps.config })
  const fetchApp = (request: Request, env: unknown) => app.fetch(request, env)
  app.route(
    '/api/v1',
    apiV1Routes({ db: deps.database.db, config: deps.config, authenticate, fetch: fetchApp }),
  )
  app.route('/mcp', mcpRoutes({ publicUrl: deps.config.publicUrl, authenticate, fetch: fetchApp }))
  app.route('/api', api)

  if (existsSync(webClientDir)) mountStatic(app)

  // Pages are compressed on the fly (the build's assets are served precompressed above). Registered
  // here so it never wraps the API, whose server-sent events must not be buffered by a compressor.
  app.use('*', compress())

  // A page's form action forwards to the API with Farol's own Origin, so the page request itself must
  // pass the same check (a foreign site's form posting to /contato with a visitor's cookie).
  app.use('*', originCheck(deps.config.publicUrl))
  app.use('*', textGuard())

  app.all('*', async (c) => {
    if (!deps.web) throw new AppError('WEB_NOT_BUILT')
    const cookie = c.req.header('cookie')
    const client: ApiClient = {
      publicUrl: deps.config.publicUrl,
      fetch: (path, init) => {
        const headers = new Headers(init?.headers)
        if (cookie && !headers.has('cookie')) headers.set('cookie', cookie)
        // The original connection (c.env) rides along so the API sees the real client address.
        return Promise.resolve(app.request(path, { ...init, headers }, c.env))
      },
    }
    return deps.web(c.req.raw, client, scriptNonce(c))
  })

  return app
}

function mountStatic(app: Hono) {
  // Hashed build assets never change under the same name.
  app.use(
    '/assets/*',
    serveStatic({
      root: webClientDir,
      // The build writes .br and .gz next to every script and stylesheet.
      precompressed: true,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.use('*', serveStatic({ root: webClientDir, precompressed: true }))
}

/** A copy of the request whose client-address header is ours, whatever the client sent. */
function withClientIp(request: Request, ip: string): Request {
  const headers = new Headers(request.headers)
  headers.set(clientIpHeader, ip)
  return new Request(request, { headers })
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
