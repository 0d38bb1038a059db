// GET /api/site-audit/summary?url=…: the signed-in user's latest finished crawl of that address's host,
// summarised for the dashboard's recommendations ({ siteAudit: null } without one).
// GET /api/site-audit/verification: the signed-in user's token to publish on their own site for a faster
// crawl of it (owner.ts), with the meta tag and the file path that carry it.

import { VERIFICATION_META, VERIFICATION_PATH } from '@farol/engine/crawl/index.ts'
import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import type { Db } from '../db/database.ts'
import { AppError } from '../errors.ts'
import { currentUser } from '../http/session.ts'
import { ownerToken } from './owner.ts'
import { latestSiteAudit } from './summary.ts'

export function siteAuditRoutes(deps: { db: Db; auth: Auth; ownerMax: number }): Hono {
  const api = new Hono()
  api.get('/site-audit/summary', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('UNAUTHENTICATED')
    const url = c.req.query('url')?.trim() ?? ''
    if (!url) throw new AppError('URL_REQUIRED')
    c.header('Cache-Control', 'no-store')
    // Only the user's own crawls are read, and only the host of `url` is used: nothing is fetched.
    return c.json({ siteAudit: await latestSiteAudit(deps.db, user.id, url) })
  })
  api.get('/site-audit/verification', async (c) => {
    const user = await currentUser(deps.auth, c.req.raw.headers)
    if (!user) throw new AppError('UNAUTHENTICATED')
    const token = ownerToken(user.id)
    c.header('Cache-Control', 'no-store')
    return c.json({
      token,
      meta: `<meta name="${VERIFICATION_META}" content="${token}">`,
      path: VERIFICATION_PATH,
      ownerMax: deps.ownerMax,
    })
  })
  return api
}
