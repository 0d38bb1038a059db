// Starts and stops one Farol process: database (migrated), queue, HTTP server. Used by main.ts and tests.

import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { serve } from '@hono/node-server'
import type { Hono } from 'hono'
import type { PgBoss } from 'pg-boss'
import type { AuditFn } from '../features/analysis/worker.ts'
import { seedBlogPosts } from '../features/blog/service.ts'
import { ensureReportQueue } from '../features/reports/service.ts'
import { chromiumHealth } from '../platform/chromium.ts'
import type { Config } from '../platform/config.ts'
import { type Database, openDatabase } from '../platform/db/database.ts'
import { ensureInstance } from '../platform/db/instance.ts'
import { createOutbox, type Outbox } from '../platform/email/outbox.ts'
import { startQueue } from '../platform/jobs/queue.ts'
import type { Logger } from '../platform/log.ts'
import { loadWebHandler } from '../protocols/web.ts'
import { createAuth } from '../tenancy/auth.ts'
import { createApp } from './app.ts'
import { ensureQueues, startWorkers } from './workers.ts'

export interface RunningFarol {
  url: string
  port: number
  database: Database
  /** The email outbox (tests queue through it to see what the email worker sends). */
  outbox: Outbox
  /** The job queue (tests run a worker's step by hand with it). */
  boss: PgBoss
  /** Stop accepting, let in-flight requests finish (up to the shutdown timeout), then close everything. */
  stop(): Promise<void>
}

export interface StartOptions {
  extendApi?: (api: Hono) => void
  /** Tests replace the engine's audit to make failures happen on purpose. */
  runAudit?: AuditFn
}

export async function startFarol(
  config: Config,
  log: Logger,
  options: StartOptions = {},
): Promise<RunningFarol> {
  const startedAt = Date.now()
  // The web build loads while the database opens; it is awaited just before the app needs it.
  const webLoading = loadWebHandler(config.nodeEnv)
  webLoading.catch(() => {})
  const database = await openDatabase(config)
  let boss: Awaited<ReturnType<typeof startQueue>> | undefined
  let server: Server | undefined
  try {
    const instanceId = await ensureInstance(database.db)
    const posts = await seedBlogPosts(database.db)
    log.debug({ posts }, 'blog posts seeded from content/blog')
    boss = await startQueue(database, log)
    const outbox = await createOutbox(database.db, boss)
    await ensureQueues(boss, config)
    await ensureReportQueue(boss)
    // The report renderer opens the printable page on this very server once it listens.
    let ownUrl = config.internalUrl ?? config.publicUrl
    const auth = await createAuth({ config, db: database.db, outbox, log, boss })
    const web = await webLoading
    if (!web) log.warn('web app not built: only /api is served (run npm run build)')
    let shuttingDown = false
    const app = createApp({
      config,
      auth,
      outbox,
      database,
      boss,
      log,
      web,
      instanceId,
      startedAt,
      isShuttingDown: () => shuttingDown,
      extendApi: options.extendApi,
    })
    server = await listen(app.fetch, config)
    const port = (server.address() as AddressInfo).port
    if (!config.internalUrl) ownUrl = `http://${loopbackFor(config.host)}:${port}`
    const queue = boss
    // Workers start once requests are served: no page waits for them (a cold start is time to serve).
    if (config.workers)
      await startWorkers({
        db: database.db,
        boss,
        config,
        log,
        outbox,
        auth,
        webUrl: () => ownUrl,
        runAudit: options.runAudit,
      })
    log.info(
      { port, database: database.kind, instanceId, ms: Date.now() - startedAt },
      `Farol listening on http://${config.host}:${port}`,
    )
    log.info({ url: urlToOpen(config, port) }, `Open ${urlToOpen(config, port)} in a browser`)
    // Said at start, not discovered in a failed task: Lighthouse needs a working Chromium.
    if (config.workers) {
      void chromiumHealth().then((chromium) => {
        if (chromium.ok)
          log.info({ chromium: chromium.version, path: chromium.path }, 'Lighthouse: Chromium found')
        else log.warn({ chromium: 'unavailable' }, `Lighthouse unavailable: ${chromium.message}`)
      })
    }

    const listening = server
    let stopping: Promise<void> | undefined
    const stop = () => {
      stopping ??= (async () => {
        shuttingDown = true
        log.info('shutting down: no new connections, finishing in-flight requests')
        await closeServer(listening, config.shutdownTimeoutMs, log)
        await queue.stop({ graceful: true, timeout: config.shutdownTimeoutMs })
        await database.close()
        log.info('shutdown complete')
      })()
      return stopping
    }
    return { url: `http://${config.host}:${port}`, port, database, outbox, boss: queue, stop }
  } catch (error) {
    const listening = server
    if (listening) {
      listening.closeAllConnections()
      await new Promise((resolve) => listening.close(resolve))
    }
    await boss?.stop({ graceful: false }).catch(() => {})
    await database.close().catch(() => {})
    throw error
  }
}

/** The address a person should open: the public URL (trusted by sign-in), on the real port when it was 0. */
function urlToOpen(config: Config, port: number): string {
  const url = new URL(config.publicUrl)
  if (url.port === '0') url.port = String(port)
  return url.origin
}

/** An address of this server reachable from this machine, for the in-process report renderer. */
function loopbackFor(host: string): string {
  if (host === '0.0.0.0') return '127.0.0.1'
  if (host === '::') return '[::1]'
  return host.includes(':') ? `[${host}]` : host
}

function listen(
  handler: (request: Request) => Response | Promise<Response>,
  config: Config,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    const server = serve({ fetch: handler, port: config.port, hostname: config.host }, () =>
      resolve(server),
    ) as Server
    // Node closes an idle keep-alive connection after 5 s; a client (or a reverse proxy, whose idle
    // timeouts are commonly 60 s) that reuses it at that moment gets ECONNRESET. The server waits longer
    // than the proxy, so the proxy is always the side that closes.
    server.keepAliveTimeout = 65_000
    server.headersTimeout = 66_000
    server.once('error', reject)
  })
}

function closeServer(server: Server, timeoutMs: number, log: Logger): Promise<void> {
  return new Promise((resolve) => {
    const force = setTimeout(() => {
      log.warn('shutdown timeout: closing remaining connections')
      server.closeAllConnections()
    }, timeoutMs)
    server.close(() => {
      clearTimeout(force)
      resolve()
    })
    server.closeIdleConnections()
  })
}
