// /api/sites/:id/report-schedule: a site's weekly or monthly summary email (reports/scheduled.ts): read by
// whoever sees the site, set and removed by those who may change it (workspaces/access.ts).
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { reportSchedules } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { resolveAccess, siteFor } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { recipientAdders } from '../../tenancy/followers.ts'

const scheduleInput = z.object({
  frequency: z.enum(['weekly', 'monthly']),
  recipients: z.array(z.string().trim().toLowerCase().pipe(z.email())).min(1).max(10),
  language: z.enum(['pt', 'en']).optional(),
})

export function reportScheduleRoutes(deps: { db: Db; auth: Auth }): Hono {
  const api = new Hono()
  const view = (row: typeof reportSchedules.$inferSelect | undefined) =>
    row ? { frequency: row.frequency, recipients: row.recipients, language: row.language } : null

  api.get('/sites/:id/report-schedule', async (c) => {
    const site = await siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id'), 'read')
    const [row] = await deps.db.select().from(reportSchedules).where(eq(reportSchedules.siteId, site.id))
    c.header('Cache-Control', 'no-store')
    return c.json({ schedule: view(row) })
  })

  api.put('/sites/:id/report-schedule', async (c) => {
    const access = await resolveAccess(deps, c)
    // Owners and admins only (the README's table): a schedule mails the workspace's results out.
    const site = await siteFor(deps.db, access, c.req.param('id'), 'share')
    const parsed = scheduleInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('SCHEDULE_INPUT')
    const recipients = [...new Set(parsed.data.recipients)]
    const [before] = await deps.db.select().from(reportSchedules).where(eq(reportSchedules.siteId, site.id))
    const values = {
      frequency: parsed.data.frequency,
      recipients,
      language: parsed.data.language ?? access.user.lang,
      // Who added each address: their departure takes away the ones who are not members (followers.ts).
      addedBy: recipientAdders(recipients, before?.addedBy ?? {}, access.user.id),
    }
    const [row] = await deps.db
      .insert(reportSchedules)
      .values({ siteId: site.id, createdBy: access.user.id, ...values })
      .onConflictDoUpdate({ target: reportSchedules.siteId, set: values })
      .returning()
    return c.json({ schedule: view(row) })
  })

  api.delete('/sites/:id/report-schedule', async (c) => {
    const site = await siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id'), 'share')
    await deps.db.delete(reportSchedules).where(eq(reportSchedules.siteId, site.id))
    return c.body(null, 204)
  })
  return api
}
