// A tracked site's webhooks, for the workspace's members who may write (workspaces/access.ts): list with the
// delivery log, add (the secret is in this answer only), remove. A site the request may not see is a 404.
import { eq } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { Config } from '../../../platform/config.ts'
import type { Db } from '../../../platform/db/database.ts'
import { siteWebhooks } from '../../../platform/db/schema.ts'
import { AppError } from '../../../platform/errors.ts'
import { jsonOf } from '../../../platform/http/body.ts'
import { resolveAccess, siteFor } from '../../../tenancy/access.ts'
import type { Auth } from '../../../tenancy/auth.ts'
import { createWebhook, deleteWebhook, deliveriesOf, webhookInput, webhookView } from './service.ts'

export function webhookRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  // Settings that act on the site (events posted out, URLs submitted): members read them (a webhook's
  // address is a tool's setting, not a result), owners and admins change them, a client never (403).
  const readSite = async (c: Context) =>
    siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id') ?? '', 'write')
  const managedSite = async (c: Context) =>
    siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id') ?? '', 'share')

  api.get('/sites/:id/webhooks', async (c) => {
    const site = await readSite(c)
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
    const access = await resolveAccess(deps, c)
    const site = await siteFor(deps.db, access, c.req.param('id') ?? '', 'share')
    const parsed = webhookInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    const created = await createWebhook(
      deps.db,
      site.id,
      parsed.data,
      deps.config.allowPrivateTargets,
      // Its creator: their departure from the workspace takes the webhook away (followers.ts).
      access.user.id,
    )
    c.header('Cache-Control', 'no-store')
    return c.json(created, 201)
  })

  api.delete('/sites/:id/webhooks/:webhookId', async (c) => {
    const site = await managedSite(c)
    await deleteWebhook(deps.db, site.id, c.req.param('webhookId'))
    return c.body(null, 204)
  })

  return api
}
