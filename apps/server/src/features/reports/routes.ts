// Reports API (issue 7) and the specification's get-report-data call for the printable report page.
import type { Context } from 'hono'
import { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import type { reports } from '../../platform/db/schema.ts'
import { AppError, appErrors, type Lang, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { createReportStore } from '../../platform/storage/storage.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { accessFor, reportFor, requireAction, taskFor, visibleReports } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { sharedSecret } from '../../tenancy/secret.ts'
import { currentUser } from '../../tenancy/session.ts'
import { renderCookie, verifyRenderToken } from './render-token.ts'
import { loadReportData } from './report-data.ts'
import { createReport, expireStaleReports } from './service.ts'

type ReportRow = typeof reports.$inferSelect

export interface ReportRouteDeps {
  db: Db
  boss: PgBoss
  config: Config
  auth: Auth
  clientAddress: (c: Context) => string
}

/** The specification's report fields (snake_case) plus what the list needs to explain a failure. */
function reportView(row: ReportRow, lang: Lang) {
  const code = row.errorCode as keyof typeof appErrors | null
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    file_url: row.status === 'success' && row.fileName ? `/api/reports/${row.id}/file` : null,
    user_id: row.userId,
    language: row.language,
    desktopTaskId: row.desktopTaskId,
    mobileTaskId: row.mobileTaskId,
    aiOptimizationTaskId: row.aiOptimizationTaskId,
    message: code && code in appErrors ? appErrors[code][lang] : null,
  }
}

const createBody = z.object({ url: z.string().max(2048), lang: z.enum(['pt', 'en']).optional() })

const idsBody = z.object({
  desktopTaskId: z.string().optional(),
  mobileTaskId: z.string().optional(),
  aiOptimizationTaskId: z.string().optional(),
})

export function reportRoutes(deps: ReportRouteDeps): Hono {
  const api = new Hono()
  const store = createReportStore(deps.config)
  const lang = (c: Context) => requestLang(c.req.query('lang'), c.req.header('accept-language'))

  api.get('/reports', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('UNAUTHENTICATED')
    await expireStaleReports(deps.db)
    // The active workspace's reports (workspaces/access.ts: a client sees only those of their shared sites).
    const rows = await visibleReports(deps.db, await accessFor(deps.db, user))
    c.header('Cache-Control', 'no-store')
    return c.json({ reports: rows.map((r) => reportView(r, lang(c))) })
  })

  api.post('/reports', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('REPORT_LOGIN_REQUIRED')
    const parsed = createBody.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('URL_REQUIRED', parsed.error.message)
    const url = normalizeTaskUrl(parsed.data.url, deps.config.allowPrivateTargets)
    const reportLang: Lang = parsed.data.lang ?? user.lang
    // A report is made in the active workspace (its brand, its members see it): a client may not.
    const access = await accessFor(deps.db, user)
    requireAction(access, 'write')
    const row = await createReport(
      deps,
      url,
      { userId: user.id, clientIp: deps.clientAddress(c) },
      reportLang,
      access.workspace.id,
    )
    return c.json(reportView(row, lang(c)), 201)
  })

  api.get('/reports/:id/file', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('REPORT_NOT_FOUND')
    const row = await reportFor(deps.db, await accessFor(deps.db, user), c.req.param('id'))
    if (row.status !== 'success' || !row.fileName) throw new AppError('REPORT_FILE_MISSING')
    // Streamed through this server: the bucket stays private and the access check above is the only door.
    // A store failure goes on to the error handler, which logs it and answers 500.
    const stored = await store.get(row.fileName)
    if (!stored) throw new AppError('REPORT_FILE_MISSING')
    const host = new URL(row.url).hostname.replace(/[^a-z0-9.-]/gi, '-')
    const date = row.createdAt.toISOString().slice(0, 10)
    return new Response(stored.body, {
      headers: {
        'Content-Type': 'application/pdf',
        ...(stored.size !== null ? { 'Content-Length': String(stored.size) } : {}),
        'Content-Disposition': `attachment; filename="farol-${host}-${date}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })

  api.post('/get-report-data', async (c) => {
    const parsed = idsBody.safeParse(jsonOf(c))
    if (!parsed.success) return c.json({ error: 'Missing one or more required task IDs', details: [] }, 400)
    const user = await currentUser(deps.auth, c.req.raw.headers)
    const grant = verifyRenderToken(getCookie(c, renderCookie), await sharedSecret(deps.db, deps.config))
    // Who may read each task is tenancy/access.ts's (its workspace, never the user's tasks of another
    // one); an anonymous task by its ids; the PDF renderer by its grant.
    const access = user ? await accessFor(deps.db, user) : null
    const shared = new Set<string>()
    for (const id of Object.values(parsed.data))
      if (access && typeof id === 'string' && (await taskFor(deps.db, access, id))) shared.add(id)
    const answer = await loadReportData(
      deps.db,
      parsed.data,
      (task) => !task.userId || shared.has(task.id) || Boolean(grant?.taskIds.includes(task.id)),
      grant?.reportId ?? null,
    )
    c.header('Cache-Control', 'no-store')
    return c.json(answer.body, answer.status)
  })

  return api
}
