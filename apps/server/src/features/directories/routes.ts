// The directories page's own API (signed-in users only, spec §6). The search itself is the task kind
// `directory_search` (capability.ts); these answer what the page needs around it.
import { readSiteNap, type SiteNap } from '@farol/engine/local/index.ts'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import { normalizeTaskUrl, taskKinds } from '../../platform/tasks/contract.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { requireUser } from '../../tenancy/session.ts'
import { directoryUserAgent } from './capability.ts'

interface DirectorySetup {
  /** Which providers the operator configured; the page says plainly which are not. */
  providers: { google: boolean; osm: boolean; foursquare: boolean }
  /** The site the search will check: the given address, else the user's newest analysis. */
  siteUrl: string | null
  /** The site's own NAP, to prefill the form; null when it states none or could not be read. */
  siteNap: SiteNap | null
}

export function directoryRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const allowPrivate = deps.config.allowPrivateTargets

  // GET /api/directories/setup[?url=…] → DirectorySetup
  api.get('/directories/setup', async (c) => {
    const user = await requireUser(deps.auth, c)
    const raw = c.req.query('url')?.trim()
    let siteUrl = raw ? normalizeTaskUrl(raw, allowPrivate) : null
    if (!siteUrl) {
      const [newest] = await deps.db
        .select({ url: tasks.url })
        .from(tasks)
        .where(and(eq(tasks.userId, user.id), inArray(tasks.kind, [...taskKinds])))
        .orderBy(desc(tasks.createdAt))
        .limit(1)
      siteUrl = newest?.url ?? null
    }
    // A site that cannot be read only means no prefill; the search reports it in its own row.
    const siteNap = siteUrl
      ? await readSiteNap(siteUrl, new URL(siteUrl).hostname.endsWith('.br') ? 'BR' : 'PT', {
          allowPrivate,
          userAgent: directoryUserAgent(deps.config),
          signal: c.req.raw.signal,
        }).catch(() => null)
      : null
    const d = deps.config.directories
    c.header('Cache-Control', 'no-store')
    return c.json({
      providers: {
        google: Boolean(d.googlePlaces),
        osm: Boolean(d.nominatimUrl),
        foursquare: Boolean(d.foursquare),
      },
      siteUrl,
      siteNap,
    } satisfies DirectorySetup)
  })

  // DELETE /api/directories/searches → { deleted } — the spec's 'new search' clears all stored directory
  // data: the user's finished searches go, so no page (in any browser) reopens on them.
  api.delete('/directories/searches', async (c) => {
    const user = await requireUser(deps.auth, c)
    const deleted = await deps.db
      .delete(tasks)
      .where(
        and(
          eq(tasks.userId, user.id),
          eq(tasks.kind, 'directory_search'),
          inArray(tasks.status, ['success', 'failed']),
        ),
      )
      .returning({ id: tasks.id })
    return c.json({ deleted: deleted.length })
  })

  return api
}
