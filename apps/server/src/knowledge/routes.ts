// The knowledge hub's facts API (signed-in users only): what the site states, and the user's confirmed
// versions. Identity comes from the session; one user's facts are invisible to every other user.
import { Hono } from 'hono'
import type { Auth } from '../auth/auth.ts'
import type { Config } from '../config/config.ts'
import type { Db } from '../db/database.ts'
import { AppError } from '../errors.ts'
import { requireUser } from '../http/session.ts'
import { normalizeTaskUrl } from '../tasks/contract.ts'
import { extractFacts, factFieldMessages, factVersions, saveFacts, saveFactsInput, siteOf } from './facts.ts'

export function knowledgeRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const allowPrivate = deps.config.allowPrivateTargets

  // GET /api/knowledge/facts?url=…[&extract=0] → { site, current, previous, extracted }
  api.get('/knowledge/facts', async (c) => {
    const user = await requireUser(deps.auth, c)
    const url = normalizeTaskUrl(c.req.query('url') ?? '', allowPrivate)
    const site = siteOf(url)
    const [current, previous] = await factVersions(deps.db, user.id, site)
    const extracted =
      c.req.query('extract') === '0'
        ? []
        : await extractFacts(url, { allowPrivate, signal: c.req.raw.signal })
    c.header('Cache-Control', 'no-store')
    return c.json({ site, current: current ?? null, previous: previous ?? null, extracted })
  })

  // PUT /api/knowledge/facts { url, facts } → the new version (201)
  api.put('/knowledge/facts', async (c) => {
    const user = await requireUser(deps.auth, c)
    const json = await c.req.json().catch(() => undefined)
    const parsed = saveFactsInput.safeParse(json)
    if (!parsed.success)
      throw new AppError('VALIDATION', parsed.error.message, { facts: factFieldMessages.facts })
    const site = siteOf(normalizeTaskUrl(parsed.data.url, allowPrivate))
    const version = await saveFacts(deps.db, user.id, site, parsed.data.facts)
    return c.json({ site, ...version }, 201)
  })

  return api
}
