// A tracked site's IndexNow key and latest submissions, for its owner (session). Another user's site is a
// 404, as for the site itself.
import { Hono } from 'hono'
import type { Auth } from '../../auth/auth.ts'
import type { Config } from '../../config/config.ts'
import type { Db } from '../../db/database.ts'
import { AppError } from '../../errors.ts'
import { jsonOf } from '../../http/body.ts'
import { requireUser } from '../../http/session.ts'
import { ownedSite } from '../../sites/owned-site.ts'
import { indexNowKeyInput, indexNowView, removeIndexNowKey, setIndexNowKey } from './service.ts'

export function indexNowRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const ownSite = (userId: string, id: string) => ownedSite(deps.db, userId, id)

  api.get('/sites/:id/indexnow', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await ownSite(user.id, c.req.param('id'))
    c.header('Cache-Control', 'no-store')
    return c.json(await indexNowView(deps.db, site.id))
  })

  api.put('/sites/:id/indexnow', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await ownSite(user.id, c.req.param('id'))
    const parsed = indexNowKeyInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('INDEXNOW_KEY')
    await setIndexNowKey(deps, site, parsed.data.key)
    c.header('Cache-Control', 'no-store')
    return c.json(await indexNowView(deps.db, site.id))
  })

  api.delete('/sites/:id/indexnow', async (c) => {
    const user = await requireUser(deps.auth, c)
    const site = await ownSite(user.id, c.req.param('id'))
    await removeIndexNowKey(deps.db, site.id)
    return c.body(null, 204)
  })

  return api
}
