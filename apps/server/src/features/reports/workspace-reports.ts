// The reports of the active workspace, for its members and clients (the client view): finished reports made
// in the workspace, and for a client only those of a site shared with them (same origin, under the site's path). The PDF is streamed
// through here after the same check (workspaces/access.ts decides what the role sees).
import { Hono } from 'hono'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import { createReportStore } from '../../platform/storage/storage.ts'
import { reportFor, resolveAccess, visibleReports, type WorkspaceAccess } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'

// reportOfSites moved to the access module (one place decides); kept importable from here.

export function workspaceReportRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const store = createReportStore(deps.config)

  const finishedReports = async (access: WorkspaceAccess) =>
    (await visibleReports(deps.db, access)).filter((r) => r.status === 'success')

  api.get('/workspaces/current/reports', async (c) => {
    const access = await resolveAccess(deps, c)
    const rows = await finishedReports(access)
    c.header('Cache-Control', 'no-store')
    return c.json({
      reports: rows.map((r) => ({
        id: r.id,
        url: r.url,
        createdAt: r.createdAt.toISOString(),
        fileUrl: `/api/workspaces/current/reports/${r.id}/file`,
      })),
    })
  })

  api.get('/workspaces/current/reports/:id/file', async (c) => {
    const access = await resolveAccess(deps, c)
    const row = await reportFor(deps.db, access, c.req.param('id'))
    if (row.status !== 'success' || !row.fileName) throw new AppError('REPORT_NOT_FOUND')
    const stored = await store.get(row.fileName)
    if (!stored) throw new AppError('REPORT_FILE_MISSING')
    const host = new URL(row.url).hostname.replace(/[^a-z0-9.-]/gi, '-')
    return new Response(stored.body, {
      headers: {
        'Content-Type': 'application/pdf',
        ...(stored.size !== null ? { 'Content-Length': String(stored.size) } : {}),
        'Content-Disposition': `attachment; filename="${host}-${row.createdAt.toISOString().slice(0, 10)}.pdf"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
  return api
}
