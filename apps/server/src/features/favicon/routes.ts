// GET /api/favicon?url=…: a site's icon for the dashboard header, fetched by Farol through the SSRF guard
// and cached, so browsers never call a third-party favicon service. Absent icon: 204, no body (the UI shows a
// globe; the image's error event fires as for a 404, without the browser logging a failed load on every visit).
import { fetchFavicon } from '@farol/engine/favicon/index.ts'
import { eq } from 'drizzle-orm'
import type { Context } from 'hono'
import { Hono } from 'hono'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { favicons } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { windowLimiter } from './rate-limit.ts'

const freshFor = { found: 7 * 24 * 3600_000, missing: 24 * 3600_000 }

export function faviconRoutes(deps: { db: Db; config: Config; clientAddress: (c: Context) => string }): Hono {
  const api = new Hono()
  const limits = deps.config.rateLimit
  const fetches = windowLimiter(limits.favicon, limits.windowSeconds * 1000)
  api.get('/favicon', async (c) => {
    const origin = new URL(normalizeTaskUrl(c.req.query('url') ?? '', deps.config.allowPrivateTargets)).origin
    const [cached] = await deps.db.select().from(favicons).where(eq(favicons.origin, origin))
    let entry = cached
    const age = cached ? Date.now() - cached.fetchedAt.getTime() : Number.POSITIVE_INFINITY
    if (!cached || age > (cached.data ? freshFor.found : freshFor.missing)) {
      // Only fetches are limited: icons already cached cost one lookup.
      if (!fetches.take(deps.clientAddress(c))) throw new AppError('RATE_LIMITED')
      const icon = await fetchFavicon(`${origin}/`, { allowPrivate: deps.config.allowPrivateTargets })
      const values = {
        origin,
        contentType: icon?.contentType ?? null,
        data: icon ? Buffer.from(icon.bytes).toString('base64') : null,
        fetchedAt: new Date(),
      }
      await deps.db
        .insert(favicons)
        .values(values)
        .onConflictDoUpdate({ target: favicons.origin, set: values })
      entry = values
    }
    if (!entry?.data || !entry.contentType)
      return new Response(null, { status: 204, headers: { 'Cache-Control': 'public, max-age=3600' } })
    return new Response(Buffer.from(entry.data, 'base64'), {
      headers: {
        'Content-Type': entry.contentType,
        'Cache-Control': 'public, max-age=86400',
        // An icon is someone else's file served from our origin: never let it run script (SVG).
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
        'X-Content-Type-Options': 'nosniff',
      },
    })
  })
  return api
}
