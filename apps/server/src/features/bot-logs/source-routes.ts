// /api/sites/:id/bot-logs: a tracked site's log folder and S3 prefix (its creator's setting, like
// webhooks and IndexNow). A folder is accepted only inside the site's workspace's folder under
// FAROL_BOT_LOGS_ROOT (`<root>/<workspace id>/`), an S3 prefix only when the server has S3 credentials
// (and, if listed, in an allowed bucket), the prefix starts with `<workspace id>/` and a first listing
// works (decision 037). Setting one starts a read at once; then the schedule reads what is new. A source
// set before those rules that falls outside its workspace is shown with that status and no longer read.
import { and, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { botLogSeenFiles, botLogSources } from '../../platform/db/schema.ts'
import { AppError, type AppErrorCode, appErrors, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { accessFor, siteFor } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { requireUser } from '../../tenancy/session.ts'
import { folderInWorkspace, resolveLogFolder } from './folder.ts'
import { parseS3Url, s3Client } from './s3.ts'
import { queueRead, s3LocationFor, s3PrefixGranted } from './scheduled.ts'

const botLogSourceInput = z.object({
  folder: z.string().max(1024).nullable().optional(),
  s3Url: z.string().max(1024).nullable().optional(),
})

export interface BotLogSourceView {
  /** The workspace's folder under the root, and the first segment of its S3 prefixes: its id. */
  workspaceFolder: string
  /** `value`: relative to the workspace's folder (as stored when outside it, with lastError saying so). */
  folder: { enabled: boolean; value: string | null }
  s3: { enabled: boolean; value: string | null }
  /** For administrators only: the variables that turn the two on. */
  adminHint: { folder: string; s3: string[] } | null
  lastReadAt: string | null
  lastError: { code: string; message: string } | null
  lastNewLines: number | null
}

const ADMIN_HINT = {
  folder: 'FAROL_BOT_LOGS_ROOT',
  s3: [
    'FAROL_BOT_LOGS_S3_ACCESS_KEY_ID',
    'FAROL_BOT_LOGS_S3_SECRET_ACCESS_KEY',
    'FAROL_BOT_LOGS_S3_ENDPOINT',
  ],
}

export function botLogSourceRoutes(deps: { db: Db; boss: PgBoss; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const cfg = deps.config.botLogs

  const outsideWorkspace = (row: typeof botLogSources.$inferSelect, workspaceId: string) => {
    if (row.folder && folderInWorkspace(row.folder, workspaceId) === null) return true
    if (!row.s3Url) return false
    try {
      return !s3PrefixGranted(parseS3Url(row.s3Url).prefix, workspaceId)
    } catch {
      return true
    }
  }

  const view = async (
    site: { id: string; workspaceId: string },
    admin: boolean,
    lang: 'pt' | 'en',
  ): Promise<BotLogSourceView> => {
    const [row] = await deps.db.select().from(botLogSources).where(eq(botLogSources.siteId, site.id))
    // Said at once, not at the next read: the source is no longer read.
    const code =
      row && outsideWorkspace(row, site.workspaceId)
        ? 'BOT_LOGS_SOURCE_OUTSIDE_WORKSPACE'
        : row?.lastError || null
    const folder = row?.folder ? (folderInWorkspace(row.folder, site.workspaceId) ?? row.folder) : null
    return {
      workspaceFolder: site.workspaceId,
      folder: { enabled: Boolean(cfg?.root), value: folder },
      s3: { enabled: Boolean(cfg?.s3), value: row?.s3Url ?? null },
      adminHint: admin && (!cfg?.root || !cfg?.s3) ? ADMIN_HINT : null,
      lastReadAt: row?.lastReadAt?.toISOString() ?? null,
      lastError: code
        ? { code, message: appErrors[code as AppErrorCode]?.[lang] ?? appErrors.INTERNAL[lang] }
        : null,
      lastNewLines: row?.lastNewLines ?? null,
    }
  }

  // A log source is a tool's setting (as webhooks): members read it, owners and admins change it, a
  // client never.
  const managedSite = async (c: Context, action: 'write' | 'share' = 'share') => {
    const user = await requireUser(deps.auth, c)
    const site = await siteFor(deps.db, await accessFor(deps.db, user), c.req.param('id') ?? '', action)
    return { user, site }
  }
  const viewFor = (c: Context, site: { id: string; workspaceId: string }, admin: boolean) =>
    view(site, admin, requestLang(c.req.query('lang'), c.req.header('accept-language')))

  api.get('/sites/:id/bot-logs', async (c) => {
    const { user, site } = await managedSite(c, 'write')
    c.header('Cache-Control', 'no-store')
    return c.json(await viewFor(c, site, user.role === 'admin'))
  })

  api.put('/sites/:id/bot-logs', async (c) => {
    const { user, site } = await managedSite(c)
    const parsed = botLogSourceInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    const folderText = parsed.data.folder?.trim() || null
    const s3Text = parsed.data.s3Url?.trim() || null
    let folder: string | null = null
    if (folderText) {
      if (!cfg?.root) throw new AppError('BOT_LOGS_FOLDER_OFF')
      folder = (await resolveLogFolder(cfg.root, site.workspaceId, folderText)).stored
    }
    if (s3Text) {
      const location = s3LocationFor(deps.config, s3Text, site.workspaceId)
      // Said now rather than at the first scheduled read: a missing bucket or refused credentials.
      await s3Client(cfg!.s3!).list(location, 1)
    }
    const values = { folder, s3Url: s3Text, updatedAt: new Date() }
    const [before] = await deps.db.select().from(botLogSources).where(eq(botLogSources.siteId, site.id))
    if (!folder && !s3Text) {
      await deps.db.delete(botLogSources).where(eq(botLogSources.siteId, site.id))
    } else if (before) {
      await deps.db.update(botLogSources).set(values).where(eq(botLogSources.siteId, site.id))
    } else {
      await deps.db.insert(botLogSources).values({ siteId: site.id, ...values })
    }
    // A source pointed elsewhere starts afresh: what was read of the old one says nothing of the new.
    for (const [kind, was, now] of [
      ['folder', before?.folder ?? null, folder],
      ['s3', before?.s3Url ?? null, s3Text],
    ] as const) {
      if (was !== now)
        await deps.db
          .delete(botLogSeenFiles)
          .where(and(eq(botLogSeenFiles.siteId, site.id), eq(botLogSeenFiles.source, kind)))
    }
    if (folder || s3Text) await queueRead(deps.boss, site.id)
    c.header('Cache-Control', 'no-store')
    return c.json(await viewFor(c, site, user.role === 'admin'))
  })

  api.delete('/sites/:id/bot-logs', async (c) => {
    const { site } = await managedSite(c)
    await deps.db.delete(botLogSources).where(eq(botLogSources.siteId, site.id))
    await deps.db.delete(botLogSeenFiles).where(eq(botLogSeenFiles.siteId, site.id))
    return c.body(null, 204)
  })

  return api
}
