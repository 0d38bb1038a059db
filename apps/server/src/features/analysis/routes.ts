// HTTP surface of analysis tasks: the specification's seo-task-manager contract, plus a server-sent
// events stream of progress (polling every 5 s stays the fallback on the client).
import { gzip } from 'node:zlib'
import type { Context } from 'hono'
import { Hono } from 'hono'
import { streamSSE } from 'hono/streaming'
import type { PgBoss } from 'pg-boss'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { isCapabilityKind, loadCapability } from '../../platform/tasks/capability.ts'
import {
  isAuditKind,
  normalizeTaskUrl,
  parseCreateBody,
  parseEnvelope,
  type TaskRequest,
} from '../../platform/tasks/contract.ts'
import { createTask, statusResponse } from '../../platform/tasks/service.ts'
import { taskReader } from '../../platform/tasks/task-reads.ts'
import { accessFor, latestTaskFor, taskReadable } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { currentUser, type SessionUser } from '../../tenancy/session.ts'
import { latestAnalysis } from './latest-analysis.ts'
import { withAnalysisPresence } from './presence-part.ts'

export interface TaskRouteDeps {
  db: Db
  boss: PgBoss
  config: Config
  auth: Auth
  clientAddress: (c: Context) => string
}

const sseIntervalMs = 1000
const sseMaxMs = 15 * 60 * 1000

export function taskRoutes(deps: TaskRouteDeps): Hono {
  const api = new Hono()
  const finished = finishedTaskCache(1000)
  // Fresh enough for pollers (every 5 s) and the event stream (every 1 s).
  const reads = taskReader(deps.db, { ttlMs: 500 })
  const lang = (c: Context) => requestLang(c.req.query('lang'), c.req.header('accept-language'))
  // A task the request may read (tenancy/access.ts): an anonymous one by its id, else only in the
  // workspace it was made in, the membership checked on every call. The row itself comes from the
  // shared short-lived read.
  const readableTask = async (taskId: string, user: SessionUser | null) => {
    const row = await reads.row(taskId)
    if (!row) return null
    const access = row.userId && user ? await accessFor(deps.db, user) : null
    return (await taskReadable(deps.db, access, row)) ? row : null
  }

  api.post('/seo-task-manager/create', async (c) => {
    const json = jsonOf(c)
    const user = await currentUser(deps.auth, c.req.raw.headers)
    const request = await parseTaskRequest(json, { config: deps.config, userId: user?.id ?? null })
    // A signed-in user's analysis belongs to the workspace they act in (tenancy/access.ts reads it there).
    const workspaceId = user ? (await accessFor(deps.db, user)).workspace.id : null
    const { taskId, reused } = await createTask(
      deps,
      request,
      { userId: user?.id ?? null, clientIp: deps.clientAddress(c), workspaceId },
      request.lang ?? lang(c),
    )
    return c.json({ taskId, reused }, reused ? 200 : 201)
  })

  api.get('/seo-task-manager/status', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    const taskId = c.req.query('taskId') ?? ''
    c.header('Cache-Control', 'no-store')
    c.header('Content-Type', 'application/json')
    c.header('Vary', 'Accept-Encoding')
    const read = await readableTask(taskId, user)
    if (!read) throw new AppError('TASK_NOT_FOUND')
    // An analysis's task with the presence part in its overall (presence-part.ts): not cached, since a
    // later presence run changes it.
    const row = await withAnalysisPresence(deps.db, read)
    const cached = row === read ? finished.get(taskId, lang(c), row.updatedAt.getTime()) : null
    if (cached) {
      if (cached.gzip && acceptsGzip(c.req.header('accept-encoding'))) {
        c.header('Content-Encoding', 'gzip')
        return c.body(cached.gzip)
      }
      return c.body(cached.body)
    }
    const json = JSON.stringify(statusResponse(row, lang(c)))
    if (row === read && (row.status === 'success' || row.status === 'failed'))
      finished.set(taskId, lang(c), row.updatedAt.getTime(), json)
    return c.body(json)
  })

  // A signed-in user's latest task of a kind (optionally for one address), so a page opens on the last
  // run in any browser: their own, or their active workspace's for its tracked sites (workspaces/access.ts
  // decides). Anonymous visitors keep their task ids in their own browser instead.
  api.get('/seo-task-manager/latest', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('UNAUTHENTICATED')
    c.header('Cache-Control', 'no-store')
    const kind = c.req.query('kind') ?? ''
    if (!isAuditKind(kind) && !isCapabilityKind(kind)) throw new AppError('INVALID_TASK')
    const row = await latestTaskFor(deps.db, await accessFor(deps.db, user), {
      kind,
      url: c.req.query('url') || null,
    })
    // `none=empty`: a page that merely looks (the dashboard) gets `null` instead of a 404 in the console.
    if (!row && c.req.query('none') === 'empty') return c.json(null)
    if (!row) throw new AppError('TASK_NOT_FOUND')
    return c.json(statusResponse(row, lang(c)))
  })

  // The latest analysis (every part of it) of an address, or of the user's newest address: the suite opens
  // on it in any browser (latest-analysis.ts).
  api.get('/seo-task-manager/latest-analysis', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('UNAUTHENTICATED')
    c.header('Cache-Control', 'no-store')
    const raw = c.req.query('url')?.trim()
    const url = raw ? normalizeTaskUrl(raw, deps.config.allowPrivateTargets) : null
    return c.json(await latestAnalysis(deps.db, await accessFor(deps.db, user), url, lang(c)))
  })

  api.get('/tasks/:id/events', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    const first = await readableTask(c.req.param('id'), user)
    if (!first) throw new AppError('TASK_NOT_FOUND')
    const requestLanguage = lang(c)
    return streamSSE(c, async (stream) => {
      let aborted = false
      stream.onAbort(() => {
        aborted = true
      })
      let row = first
      let lastSent = ''
      const started = Date.now()
      while (!aborted && Date.now() - started < sseMaxMs) {
        const body = statusResponse(await withAnalysisPresence(deps.db, row), requestLanguage)
        const stamp = `${row.status}:${row.updatedAt.getTime()}`
        const finished = body.status === 'success' || body.status === 'failed'
        if (stamp !== lastSent) {
          await stream.writeSSE({
            event: finished ? 'done' : 'progress',
            data: JSON.stringify(body),
            id: stamp,
          })
          lastSent = stamp
        }
        if (finished) break
        await stream.sleep(sseIntervalMs)
        const next = await readableTask(row.id, user)
        if (!next) break
        row = next
      }
    })
  })

  return api
}

/** The audit's kinds by the spec's contract; any other kind by its capability's own rules. */
async function parseTaskRequest(
  json: unknown,
  ctx: { config: Config; userId: string | null },
): Promise<TaskRequest> {
  const body = parseEnvelope(json)
  if (isAuditKind(body.task_name)) return parseCreateBody(json, ctx.config.allowPrivateTargets)
  if (!isCapabilityKind(body.task_name)) throw new AppError('INVALID_TASK', `unknown task ${body.task_name}`)
  const capability = await loadCapability(body.task_name)
  if (capability.loginRequired && !ctx.userId) throw new AppError('UNAUTHENTICATED')
  const { url, input } = await capability.parse(body.requested_data, {
    allowPrivate: ctx.config.allowPrivateTargets,
    config: ctx.config,
    userId: ctx.userId,
  })
  // "Run again" (e.g. AI presence after its settings were saved): a new task, not the reused one.
  const fresh = body.requested_data.fresh === true
  return { kind: body.task_name, url, platform: null, lang: body.lang, input, ...(fresh ? { fresh } : {}) }
}

/** Whether an Accept-Encoding header takes gzip (and does not refuse it with q=0). */
export function acceptsGzip(header: string | undefined): boolean {
  return (header ?? '').split(',').some((part) => {
    const [coding, ...params] = part.trim().toLowerCase().split(';')
    if (coding !== 'gzip' && coding !== '*') return false
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  })
}

/**
 * A finished task never changes, and dashboards poll its status: keep the answers of the most recent ones
 * in memory (who may read the task is checked before, on every request) instead of re-reading and re-serializing
 * large results from the database on every poll. Kept as UTF-8 bytes, and gzipped once off the main
 * thread: a finished answer carries the whole result (~60 KB), and converting that string to UTF-8 on
 * every response was the main thread's largest cost under heavy polling.
 */
function finishedTaskCache(capacity: number) {
  interface Entry {
    /** The row's updatedAt: a cached answer is served only for the row it was made from. */
    version: number
    body: Uint8Array<ArrayBuffer>
    gzip: Uint8Array<ArrayBuffer> | null
  }
  const entries = new Map<string, Entry>()
  return {
    get(taskId: string, lang: string, version: number): Entry | null {
      const entry = entries.get(`${taskId}:${lang}`)
      if (!entry || entry.version !== version) return null
      return entry
    },
    set(taskId: string, lang: string, version: number, json: string) {
      const entry: Entry = { version, body: new TextEncoder().encode(json), gzip: null }
      entries.set(`${taskId}:${lang}`, entry)
      if (entries.size > capacity) entries.delete(entries.keys().next().value!)
      // Until the compressed copy is ready (libuv's thread pool), the plain one is served.
      if (entry.body.byteLength > 1024) {
        gzip(entry.body, (error, compressed) => {
          if (!error) entry.gzip = compressed as Uint8Array<ArrayBuffer>
        })
      }
    },
  }
}
