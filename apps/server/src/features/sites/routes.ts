// Tracked sites of the workspace a signed-in user acts in: follow a site (its schedule starts), list, change
// the frequency, stop following (its schedule goes), and the history of its monitoring runs with their
// alerts. Who sees and changes what is decided in workspaces/access.ts: a site of another workspace (or,
// for a client, one not shared with them) is a 404, as is a malformed id; a client changing anything, 403.
import { and, asc, count, eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { withQuotaLock } from '../../platform/db/quota.ts'
import { siteRuns, trackedSites } from '../../platform/db/schema.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { requireAction, resolveAccess, siteFor, visibleSites } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import type { WorkspaceAction } from '../../tenancy/roles.ts'
import { overallWithPresence, presenceParts } from '../analysis/public.ts'
import { describeAlert, type RunScores } from './alerts.ts'
import { keywordRoutes } from './keywords.ts'
import { baselineRun, scheduleSite, unscheduleSite } from './monitor.ts'

const siteFrequency = z.enum(['daily', 'weekly', 'monthly'])
export const siteFrequencyInput = z.object({ frequency: siteFrequency })
export const siteCreateInput = z.object({ url: z.string().max(2048), frequency: siteFrequency.optional() })

export function siteRoutes(deps: { db: Db; boss: PgBoss; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  /** The site with this id, if the request's workspace role may do this with it. */
  const own = async (c: Context, id: string, action: WorkspaceAction = 'read') =>
    siteFor(deps.db, await resolveAccess(deps, c), id, action)

  api.post('/sites', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'write')
    const { user, workspace } = access
    const parsed = siteCreateInput.safeParse(jsonOf(c))
    if (!parsed.success || !parsed.data.url.trim()) throw new AppError('URL_REQUIRED')
    const url = normalizeTaskUrl(parsed.data.url, deps.config.allowPrivateTargets)
    // Looked up, counted and inserted under the workspace's lock: concurrent requests must neither all see
    // room for one more site (the quota is the workspace's, README) nor each add the same address.
    const { site, created } = await withQuotaLock(deps.db, `sites:${workspace.id}`, async (tx) => {
      const [existing] = await tx
        .select()
        .from(trackedSites)
        .where(and(eq(trackedSites.workspaceId, workspace.id), eq(trackedSites.url, url)))
      if (existing) return { site: existing, created: false }
      const [used] = await tx
        .select({ n: count() })
        .from(trackedSites)
        .where(eq(trackedSites.workspaceId, workspace.id))
      if ((used?.n ?? 0) >= deps.config.sites.perUser) throw new AppError('SITES_LIMIT')
      const [inserted] = await tx
        .insert(trackedSites)
        .values({
          userId: user.id,
          workspaceId: workspace.id,
          url,
          frequency: parsed.data.frequency ?? 'weekly',
        })
        .returning()
      return { site: inserted!, created: true }
    })
    if (!created) return c.json(view(site), 200)
    try {
      await scheduleSite(deps.boss, site, deps.config)
    } catch (error) {
      // Nothing half-made: a site without a schedule is not tracked.
      await deps.db.delete(trackedSites).where(eq(trackedSites.id, site.id))
      throw error
    }
    await baselineRun(deps.boss, site.id)
    return c.json(view(site), 201)
  })

  api.get('/sites', async (c) => {
    const access = await resolveAccess(deps, c)
    const rows = await deps.db
      .select()
      .from(trackedSites)
      .where(visibleSites(access))
      .orderBy(asc(trackedSites.createdAt))
    c.header('Cache-Control', 'no-store')
    return c.json({ sites: rows.map(view), limit: deps.config.sites.perUser })
  })

  api.patch('/sites/:id', async (c) => {
    const site = await own(c, c.req.param('id'), 'write')
    const parsed = siteFrequencyInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    const [updated] = await deps.db
      .update(trackedSites)
      .set({ frequency: parsed.data.frequency })
      .where(eq(trackedSites.id, site.id))
      .returning()
    await scheduleSite(deps.boss, updated!, deps.config)
    return c.json(view(updated!))
  })

  api.delete('/sites/:id', async (c) => {
    const site = await own(c, c.req.param('id'), 'write')
    await unscheduleSite(deps.boss, site.id)
    await deps.db.delete(trackedSites).where(eq(trackedSites.id, site.id))
    return c.body(null, 204)
  })

  api.get('/sites/:id/history', async (c) => {
    const site = await own(c, c.req.param('id'))
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    const runs = await deps.db
      .select()
      .from(siteRuns)
      .where(eq(siteRuns.siteId, site.id))
      .orderBy(asc(siteRuns.startedAt))
    // Each run's overall as its analysis's is read everywhere else (decision 045): the desktop part's with
    // the presence part that applies to it, not the one stored when the run ended.
    const presence = await presenceParts(
      deps.db,
      runs.map((r) => r.taskIds?.desktop).filter((id): id is string => Boolean(id)),
    )
    const scoresOf = (r: (typeof runs)[number]) => {
      const stored = r.scores as RunScores | null
      const part = r.taskIds?.desktop ? presence.get(r.taskIds.desktop) : undefined
      if (!stored || part === undefined) return stored
      return {
        ...stored,
        totalScore: overallWithPresence(
          { seo: stored.seoScore, aio: stored.aioScore, overall: stored.totalScore },
          part,
        ),
      }
    }
    c.header('Cache-Control', 'no-store')
    return c.json({
      site: view(site),
      runs: runs.map((r) => ({
        id: r.id,
        at: (r.finishedAt ?? r.startedAt).toISOString(),
        status: r.status,
        errorCode: r.errorCode,
        ...(scoresOf(r) ?? {
          seoScore: null,
          seoMobileScore: null,
          aioScore: null,
          llmScore: null,
          directoryScore: null,
          totalScore: null,
        }),
        alerts: ((r.alerts as Parameters<typeof describeAlert>[0][]) ?? []).map((a) => ({
          ...a,
          text: describeAlert(a, lang),
        })),
      })),
    })
  })

  keywordRoutes(api, deps, own)
  return api
}

function view(site: typeof trackedSites.$inferSelect) {
  return { id: site.id, url: site.url, frequency: site.frequency, createdAt: site.createdAt.toISOString() }
}
