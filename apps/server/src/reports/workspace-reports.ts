// The reports of the active workspace, for its members and clients (the client view): finished reports made
// in the workspace, and for a client only those of a site shared with them (same origin, under the site's path). The PDF is streamed
// through here after the same check (workspaces/access.ts decides what the role sees).
import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Auth } from '../auth/auth.ts'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/database.ts'
import { reports, trackedSites } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { resolveAccess, visibleSites, type WorkspaceAccess } from '../workspaces/access.ts'
import { createReportStore } from './storage.ts'

/** Pure: the report's page lies under one of the visible sites (same origin, the site's path a prefix). */
export function reportOfSites(reportUrl: string, siteUrls: string[]): boolean {
  const parse = (u: string) => {
    try {
      return new URL(u)
    } catch {
      return null
    }
  }
  const page = parse(reportUrl)
  if (!page) return false
  return siteUrls.some((s) => {
    const site = parse(s)
    return site !== null && site.origin === page.origin && page.pathname.startsWith(site.pathname)
  })
}

export function workspaceReportRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const store = createReportStore(deps.config)

  const visibleReports = async (access: WorkspaceAccess) => {
    const rows = await deps.db
      .select()
      .from(reports)
      .where(and(eq(reports.workspaceId, access.workspace.id), eq(reports.status, 'success')))
      .orderBy(desc(reports.createdAt))
    if (access.role !== 'client') return rows
    const sites = await deps.db
      .select({ url: trackedSites.url })
      .from(trackedSites)
      .where(visibleSites(access))
    return rows.filter((r) =>
      reportOfSites(
        r.url,
        sites.map((s) => s.url),
      ),
    )
  }

  api.get('/workspaces/current/reports', async (c) => {
    const access = await resolveAccess(deps, c)
    const rows = await visibleReports(access)
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
    const id = c.req.param('id')
    if (!z.uuid().safeParse(id).success) throw new AppError('REPORT_NOT_FOUND')
    const row = (await visibleReports(access)).find((r) => r.id === id)
    if (!row?.fileName) throw new AppError('REPORT_NOT_FOUND')
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
