// Shareable read-only links to one report's PDF, for people without an account: the link carries a random
// secret (only its SHA-256 is stored), expires after the days chosen (1–90), can be revoked at once, and
// its answer says noindex so search engines never list it. Made and revoked by those who see the report in
// their active workspace with a role that may write (workspaces/access.ts).
import { createHash, randomBytes } from 'node:crypto'
import { and, desc, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { reportLinks, reports } from '../../platform/db/schema.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { createReportStore } from '../../platform/storage/storage.ts'
import { reportFor, requireAction, resolveAccess } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { type SharedLinkProblem, sharedLinkPage } from './shared-page.ts'

const linkInput = z.object({ days: z.number().int().min(1).max(90) })
const uuid = z.uuid()

/** Pure: the stored form of a link's secret. */
function linkTokenHash(token: string): string {
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

  /**
   * The report, if the request may share it (workspaces/access.ts): one it sees in its active workspace
   * (404 otherwise, like a report that does not exist), with a role that may write (a client: 403).
   */
  const shareable = async (c: Context, id: string) => {
    const access = await resolveAccess(deps, c)
    const report = await reportFor(deps.db, access, id)
    requireAction(access, 'write')
    return { report, user: access.user }
  }
  const view = (l: typeof reportLinks.$inferSelect) => ({
    id: l.id,
    expiresAt: l.expiresAt.toISOString(),
    revoked: Boolean(l.revokedAt),
    usable: linkUsable(l),
  })

  api.post('/reports/:id/links', async (c) => {
    const { report, user } = await shareable(c, c.req.param('id'))
    const parsed = linkInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('LINK_INPUT')
    if (report.status !== 'success' || !report.fileName) throw new AppError('REPORT_FILE_MISSING')
    const { row, url } = await createReportLink(deps.db, deps.config, report.id, user.id, parsed.data.days)
    return c.json({ ...view(row), url }, 201)
  })

  api.get('/reports/:id/links', async (c) => {
    const { report } = await shareable(c, c.req.param('id'))
    const rows = await deps.db
      .select()
      .from(reportLinks)
      .where(eq(reportLinks.reportId, report.id))
      .orderBy(desc(reportLinks.createdAt))
    c.header('Cache-Control', 'no-store')
    return c.json({ links: rows.map(view) })
  })

  api.delete('/reports/:id/links/:linkId', async (c) => {
    const { report } = await shareable(c, c.req.param('id'))
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
    // Whoever follows the link has a browser and no account: a page in their language, not JSON.
    const refuse = (problem: SharedLinkProblem) => {
      const page = sharedLinkPage(problem, requestLang(c.req.query('lang'), c.req.header('accept-language')))
      return c.html(page.html, page.status)
    }
    const token = c.req.param('token')
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return refuse({ kind: 'missing' })
    const [found] = await deps.db
      .select({ link: reportLinks, report: reports })
      .from(reportLinks)
      .innerJoin(reports, eq(reports.id, reportLinks.reportId))
      .where(eq(reportLinks.tokenHash, linkTokenHash(token)))
    if (!found) return refuse({ kind: 'missing' })
    if (found.link.revokedAt) return refuse({ kind: 'revoked' })
    if (!linkUsable(found.link)) return refuse({ kind: 'expired', at: found.link.expiresAt })
    const { report } = found
    if (report.status !== 'success' || !report.fileName) return refuse({ kind: 'file-missing' })
    const stored = await store.get(report.fileName)
    if (!stored) return refuse({ kind: 'file-missing' })
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
