// A tracked site's webhooks, for its owner (session): list with the delivery log, add (the secret is in
// this answer only), remove. Another user's site is a 404, as for the site itself.
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Auth } from '../../auth/auth.ts'
import type { Config } from '../../config/config.ts'
import type { Db } from '../../db/database.ts'
import { siteWebhooks } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { jsonOf } from '../../http/body.ts'
import { requireUser } from '../../http/session.ts'
import { ownedSite } from '../../sites/owned-site.ts'
import { createWebhook, deleteWebhook, deliveriesOf, webhookInput, webhookView } from './service.ts'

export function webhookRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const ownSite = (userId: string, id: string) => ownedSite(deps.db, userId, id)

  api.get('/sites/:id/webhooks', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await ownSite(user.id, c.req.param('id'))
    const hooks = await deps.db.select().from(siteWebhooks).where(eq(siteWebhooks.siteId, site.id))
    c.header('Cache-Control', 'no-store')
    return c.json({
      webhooks: hooks.map(webhookView),
      deliveries: await deliveriesOf(
        deps.db,
        hooks.map((h) => h.id),
      ),
    })
  })

  api.post('/sites/:id/webhooks', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await ownSite(user.id, c.req.param('id'))
    const parsed = webhookInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    const created = await createWebhook(deps.db, site.id, parsed.data, deps.config.allowPrivateTargets)
    c.header('Cache-Control', 'no-store')
    return c.json(created, 201)
  })

  api.delete('/sites/:id/webhooks/:webhookId', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await ownSite(user.id, c.req.param('id'))
    await deleteWebhook(deps.db, site.id, c.req.param('webhookId'))
    return c.body(null, 204)
  })

  return api
}
