// A tracked site's IndexNow key and latest submissions, for its owner (session). Another user's site is a
// 404, as for the site itself.
import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Auth } from '../../auth/auth.ts'
import type { Config } from '../../config/config.ts'
import type { Db } from '../../db/database.ts'
import { trackedSites } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import { jsonOf } from '../../http/body.ts'
import { requireUser } from '../../http/session.ts'
import { indexNowKeyInput, indexNowView, removeIndexNowKey, setIndexNowKey } from './service.ts'

export function indexNowRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const ownSite = async (userId: string, id: string) => {
    if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
    const [site] = await deps.db
      .select()
      .from(trackedSites)
      .where(and(eq(trackedSites.id, id), eq(trackedSites.userId, userId)))
    if (!site) throw new AppError('NOT_FOUND')
    return site
  }

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
