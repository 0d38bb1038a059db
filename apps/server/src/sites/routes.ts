// Tracked sites of a signed-in user: follow a site (its schedule starts), list, change the frequency,
// stop following (its schedule goes), and the history of its monitoring runs with their alerts.
// Another user's site is a 404, as is a malformed id.
import { and, asc, count, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import type { Auth } from '../auth/auth.ts'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/database.ts'
import { siteRuns, trackedSites } from '../db/schema.ts'
import { AppError, requestLang } from '../errors.ts'
import { jsonOf } from '../http/body.ts'
import { requireUser } from '../http/session.ts'
import { normalizeTaskUrl } from '../tasks/contract.ts'
import { describeAlert } from './alerts.ts'
import { keywordRoutes } from './keywords.ts'
import { baselineRun, scheduleSite, unscheduleSite } from './monitor.ts'

export const siteFrequency = z.enum(['daily', 'weekly', 'monthly'])
export const siteFrequencyInput = z.object({ frequency: siteFrequency })
export const siteCreateInput = z.object({ url: z.string().max(2048), frequency: siteFrequency.optional() })

export function siteRoutes(deps: { db: Db; boss: PgBoss; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const own = async (userId: string, id: string) => {
    if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
    const [site] = await deps.db
      .select()
      .from(trackedSites)
      .where(and(eq(trackedSites.id, id), eq(trackedSites.userId, userId)))
    if (!site) throw new AppError('NOT_FOUND')
    return site
  }

  api.post('/sites', async (c) => {
    const user = await requireUser(deps.auth, c)
    const parsed = siteCreateInput.safeParse(jsonOf(c))
    if (!parsed.success || !parsed.data.url.trim()) throw new AppError('URL_REQUIRED')
    const url = normalizeTaskUrl(parsed.data.url, deps.config.allowPrivateTargets)
    const [existing] = await deps.db
      .select()
      .from(trackedSites)
      .where(and(eq(trackedSites.userId, user.id), eq(trackedSites.url, url)))
    if (existing) return c.json(view(existing), 200)
    const [used] = await deps.db
      .select({ n: count() })
      .from(trackedSites)
      .where(eq(trackedSites.userId, user.id))
    if ((used?.n ?? 0) >= deps.config.sites.perUser) throw new AppError('SITES_LIMIT')
    const [site] = await deps.db
      .insert(trackedSites)
      .values({ userId: user.id, url, frequency: parsed.data.frequency ?? 'weekly' })
      .returning()
    try {
      await scheduleSite(deps.boss, site!, deps.config)
    } catch (error) {
      // Nothing half-made: a site without a schedule is not tracked.
      await deps.db.delete(trackedSites).where(eq(trackedSites.id, site!.id))
      throw error
    }
    await baselineRun(deps.boss, site!.id)
    return c.json(view(site!), 201)
  })

  api.get('/sites', async (c) => {
    const user = await requireUser(deps.auth, c)
    const rows = await deps.db
      .select()
      .from(trackedSites)
      .where(eq(trackedSites.userId, user.id))
      .orderBy(asc(trackedSites.createdAt))
    c.header('Cache-Control', 'no-store')
    return c.json({ sites: rows.map(view), limit: deps.config.sites.perUser })
  })

  api.patch('/sites/:id', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await own(user.id, c.req.param('id'))
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
    const user = await requireUser(deps.auth, c)
    const site = await own(user.id, c.req.param('id'))
    await unscheduleSite(deps.boss, site.id)
    await deps.db.delete(trackedSites).where(eq(trackedSites.id, site.id))
    return c.body(null, 204)
  })

  api.get('/sites/:id/history', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await own(user.id, c.req.param('id'))
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    const runs = await deps.db
      .select()
      .from(siteRuns)
      .where(eq(siteRuns.siteId, site.id))
      .orderBy(asc(siteRuns.startedAt))
    c.header('Cache-Control', 'no-store')
    return c.json({
      site: view(site),
      runs: runs.map((r) => ({
        id: r.id,
        at: (r.finishedAt ?? r.startedAt).toISOString(),
        status: r.status,
        errorCode: r.errorCode,
        ...((r.scores as object | null) ?? {
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
