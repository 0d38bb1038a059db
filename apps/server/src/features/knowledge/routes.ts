// The knowledge hub's facts API (signed-in users only): what the site states, and the confirmed versions
// of the workspace the user acts in (tenancy/access.ts): its people read them, those who may write add a
// version or a correction (a client: 403); another workspace's are invisible (decision 044).
import { Hono } from 'hono'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { knowledgeCorrections } from '../../platform/db/schema.ts'
import { AppError, requestLang } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { requireAction, resolveAccess, type WorkspaceAccess } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import {
  crawledFactPages,
  extractFacts,
  factFieldMessages,
  factVersions,
  saveFacts,
  saveFactsInput,
  siteOf,
} from './facts.ts'

export function knowledgeRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const allowPrivate = deps.config.allowPrivateTargets

  // GET /api/knowledge/facts?url=…[&extract=0] → { site, current, previous, extracted }
  api.get('/knowledge/facts', async (c) => {
    const access = await resolveAccess(deps, c)
    const url = normalizeTaskUrl(c.req.query('url') ?? '', allowPrivate)
    const site = siteOf(url)
    const [current, previous] = await factVersions(deps.db, scopeOf(access), site)
    const extracted =
      c.req.query('extract') === '0'
        ? []
        : await extractFacts(url, {
            allowPrivate,
            signal: c.req.raw.signal,
            crawled: await crawledFactPages(deps.db, { workspaceId: access.workspace.id }, url),
          })
    c.header('Cache-Control', 'no-store')
    return c.json({ site, current: current ?? null, previous: previous ?? null, extracted })
  })

  // PUT /api/knowledge/facts { url, facts } → the new version (201)
  api.put('/knowledge/facts', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'write')
    const json = jsonOf(c)
    const parsed = saveFactsInput.safeParse(json)
    if (!parsed.success)
      throw new AppError('VALIDATION', parsed.error.message, { facts: factFieldMessages.facts })
    const site = siteOf(normalizeTaskUrl(parsed.data.url, allowPrivate))
    const version = await saveFacts(deps.db, scopeOf(access), site, parsed.data.facts)
    return c.json({ site, ...version }, 201)
  })

  // POST /api/knowledge/corrections { url, claim, attribute, value } → 201 with the spec's toast text.
  // "Corrigir": the wrong claim is recorded and followed up in the next AI-visibility runs.
  api.post('/knowledge/corrections', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'write')
    const parsed = correctionInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    const url = normalizeTaskUrl(parsed.data.url, allowPrivate)
    const [row] = await deps.db
      .insert(knowledgeCorrections)
      .values({
        workspaceId: access.workspace.id,
        userId: access.user.id,
        url,
        claim: parsed.data.claim,
        attribute: parsed.data.attribute,
        value: parsed.data.value,
      })
      .returning()
    const lang = requestLang(c.req.query('lang'), c.req.header('accept-language'))
    return c.json(
      { id: row!.id, createdAt: row!.createdAt.toISOString(), message: correctionToast[lang] },
      201,
    )
  })

  return api
}

/** The workspace a request acts in, and its user. */
const scopeOf = (access: WorkspaceAccess) => ({ workspaceId: access.workspace.id, userId: access.user.id })

const correctionInput = z.object({
  url: z.string().min(1).max(2048),
  claim: z.string().trim().min(1).max(1000),
  attribute: z.string().trim().min(1).max(40),
  value: z.string().trim().min(1).max(300),
})

/** The spec's toast after "Corrigir". */
const correctionToast = {
  pt: 'Correção registada: a resposta será monitorizada durante 24-48 horas.',
  en: 'Correction recorded: the answer will be monitored for 24-48 hours.',
}
