// A tracked site's IndexNow key and latest submissions, for the workspace's members who may write
// (workspaces/access.ts). A site the request may not see is a 404, as for the site itself.
import { type Context, Hono } from 'hono'
import type { Config } from '../../../platform/config.ts'
import type { Db } from '../../../platform/db/database.ts'
import { AppError } from '../../../platform/errors.ts'
import { jsonOf } from '../../../platform/http/body.ts'
import { resolveAccess, siteFor } from '../../../tenancy/access.ts'
import type { Auth } from '../../../tenancy/auth.ts'
import { indexNowKeyInput, indexNowView, removeIndexNowKey, setIndexNowKey } from './service.ts'

export function indexNowRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  // Settings that act on the site (events posted out, URLs submitted): members read them (a webhook's
  // address is a tool's setting, not a result), owners and admins change them, a client never (403).
  const readSite = async (c: Context) =>
    siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id') ?? '', 'write')
  const managedSite = async (c: Context) =>
    siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id') ?? '', 'share')

  api.get('/sites/:id/indexnow', async (c) => {
    const site = await readSite(c)
    c.header('Cache-Control', 'no-store')
    return c.json(await indexNowView(deps.db, site.id))
  })

  api.put('/sites/:id/indexnow', async (c) => {
    const site = await managedSite(c)
    const parsed = indexNowKeyInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('INDEXNOW_KEY')
    await setIndexNowKey(deps, site, parsed.data.key)
    c.header('Cache-Control', 'no-store')
    return c.json(await indexNowView(deps.db, site.id))
  })

  api.delete('/sites/:id/indexnow', async (c) => {
    const site = await managedSite(c)
    await removeIndexNowKey(deps.db, site.id)
    return c.body(null, 204)
  })

  return api
}
