// Shareable read-only links to one report's PDF, for people without an account: the link carries a random
// secret (only its SHA-256 is stored), expires after the days chosen (1–90), can be revoked at once, and
// its answer says noindex so search engines never list it. Made and revoked by the report's owner or by
// those who may change things in the workspace the report was made in.
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Auth } from '../auth/auth.ts'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/database.ts'
import { reportLinks, reports } from '../db/schema.ts'
import { AppError } from '../errors.ts'
import { jsonOf } from '../http/body.ts'
import { requireUser, type SessionUser } from '../http/session.ts'
import { workspacesOf } from '../workspaces/access.ts'
import { can } from '../workspaces/roles.ts'
import { createReportStore } from './storage.ts'

const linkInput = z.object({ days: z.number().int().min(1).max(90) })
const uuid = z.uuid()

/** Pure: the stored form of a link's secret. */
export function linkTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/** Pure: may a link with these dates be used at `now`? */
export function linkUsable(link: { expiresAt: Date; revokedAt: Date | null }, now = new Date()): boolean {
  return !link.revokedAt && link.expiresAt.getTime() > now.getTime()
}

/** Makes a link to a report's PDF valid for `days`; the secret is returned once, in the URL. */
export async function createReportLink(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  reportId: string,
  createdBy: string,
  days: number,
): Promise<{ row: typeof reportLinks.$inferSelect; url: string }> {
  const token = randomBytes(32).toString('base64url')
  const [row] = await db
    .insert(reportLinks)
    .values({
      reportId,
      tokenHash: linkTokenHash(token),
      expiresAt: new Date(Date.now() + days * 86_400_000),
      createdBy,
    })
    .returning()
  return { row: row!, url: `${config.publicUrl}/api/shared-reports/${token}` }
}

export function reportLinkRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const store = createReportStore(deps.config)

  /** The report, if this user may share it (404 otherwise, like a report that does not exist). */
  const shareable = async (user: SessionUser, id: string) => {
    if (!uuid.safeParse(id).success) throw new AppError('REPORT_NOT_FOUND')
    const [row] = await deps.db.select().from(reports).where(eq(reports.id, id))
    if (!row) throw new AppError('REPORT_NOT_FOUND')
    if (row.userId === user.id) return row
    const membership = row.workspaceId
      ? (await workspacesOf(deps.db, user)).find((w) => w.id === row.workspaceId)
      : undefined
    if (!membership || !can(membership.role, 'write')) throw new AppError('REPORT_NOT_FOUND')
    return row
  }
  const view = (l: typeof reportLinks.$inferSelect) => ({
    id: l.id,
    expiresAt: l.expiresAt.toISOString(),
    revoked: Boolean(l.revokedAt),
    usable: linkUsable(l),
  })

  api.post('/reports/:id/links', async (c) => {
    const user = await requireUser(deps.auth, c)
    const report = await shareable(user, c.req.param('id'))
    const parsed = linkInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('LINK_INPUT')
    if (report.status !== 'success' || !report.fileName) throw new AppError('REPORT_FILE_MISSING')
    const { row, url } = await createReportLink(deps.db, deps.config, report.id, user.id, parsed.data.days)
    return c.json({ ...view(row), url }, 201)
  })

  api.get('/reports/:id/links', async (c) => {
    const user = await requireUser(deps.auth, c)
    const report = await shareable(user, c.req.param('id'))
    const rows = await deps.db
      .select()
      .from(reportLinks)
      .where(eq(reportLinks.reportId, report.id))
      .orderBy(desc(reportLinks.createdAt))
    c.header('Cache-Control', 'no-store')
    return c.json({ links: rows.map(view) })
  })

  api.delete('/reports/:id/links/:linkId', async (c) => {
    const user = await requireUser(deps.auth, c)
    const report = await shareable(user, c.req.param('id'))
    const linkId = c.req.param('linkId')
    if (!uuid.safeParse(linkId).success) throw new AppError('NOT_FOUND')
    const revoked = await deps.db
      .update(reportLinks)
      .set({ revokedAt: new Date() })
      .where(and(eq(reportLinks.id, linkId), eq(reportLinks.reportId, report.id)))
      .returning()
    if (revoked.length === 0) throw new AppError('NOT_FOUND')
    return c.body(null, 204)
  })

  // The link itself: no account, no cookie; the secret is the only key.
  api.get('/shared-reports/:token', async (c) => {
    c.header('X-Robots-Tag', 'noindex, nofollow')
    c.header('Cache-Control', 'private, no-store')
    c.header('Referrer-Policy', 'no-referrer')
    const token = c.req.param('token')
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError('REPORT_NOT_FOUND')
    const [found] = await deps.db
      .select({ link: reportLinks, report: reports })
      .from(reportLinks)
      .innerJoin(reports, eq(reports.id, reportLinks.reportId))
      .where(eq(reportLinks.tokenHash, linkTokenHash(token)))
    if (!found || !linkUsable(found.link)) throw new AppError('REPORT_NOT_FOUND')
    const { report } = found
    if (report.status !== 'success' || !report.fileName) throw new AppError('REPORT_FILE_MISSING')
    const stored = await store.get(report.fileName)
    if (!stored) throw new AppError('REPORT_FILE_MISSING')
    const host = new URL(report.url).hostname.replace(/[^a-z0-9.-]/gi, '-')
    return new Response(stored.body, {
      headers: {
        'Content-Type': 'application/pdf',
        ...(stored.size !== null ? { 'Content-Length': String(stored.size) } : {}),
        'Content-Disposition': `inline; filename="${host}-${report.createdAt.toISOString().slice(0, 10)}.pdf"`,
        'Cache-Control': 'private, no-store',
        'X-Robots-Tag': 'noindex, nofollow',
        'Referrer-Policy': 'no-referrer',
      },
    })
  })
  return api
}
