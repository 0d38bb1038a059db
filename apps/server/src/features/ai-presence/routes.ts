// AI visibility API beside the task: which assistants are connected (the page explains how to connect one
// when none is), a signed-in user's edits per site, and the history of their runs (share of voice over runs);
// the same for a tracked site of a workspace, through workspaces/access.ts.
import { buildArtifacts, safeFetch } from '@farol/engine'
import type { LlmPresenceResult } from '@farol/engine/visibility/run.ts'
import { siteProfile } from '@farol/engine/visibility/site.ts'
import { and, desc, eq, type SQL } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { tasks, trackedSites } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { bareDomain } from '../../platform/host.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { llmConfigOf, llmRegistry } from '../../platform/llm/registry.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import {
  accessFor,
  inWorkspace,
  requireAction,
  resolveAccess,
  siteFor,
  visibleSites,
  type WorkspaceAccess,
} from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { currentUser } from '../../tenancy/session.ts'
import { smallRun } from './capability.ts'
import { estimateRun, journeyPlan, presenceSetup } from './plan.ts'
import { emptySettings, loadSettings, parseSettings, saveSettings } from './settings.ts'

/** The settings body's envelope: which site (its own fields are settings.ts's schema). */
const settingsTarget = z.looseObject({ url: z.string().max(2048) })

export function llmRoutes(deps: { db: Db; auth: Auth; config: Config }): Hono {
  const api = new Hono()
  const allowPrivate = deps.config.allowPrivateTargets
  const domainOfUrl = (raw: string | undefined) => bareDomain(normalizeTaskUrl(raw ?? '', allowPrivate)) ?? ''

  // GET /api/llm/status → { configured, models: [{ key, label, provider, webSearch }], dailyCalls }
  api.get('/llm/status', (c) => {
    const cfg = llmConfigOf(deps.config)
    const models = cfg.providers.length ? llmRegistry(deps.config, deps.db).models() : []
    c.header('Cache-Control', 'no-store')
    return c.json({ configured: models.length > 0, models, dailyCalls: cfg.dailyCalls })
  })

  // GET /api/llm/plan?url= → what the next run of the address will ask, before any call: the brand, the
  // competitors, the questions (saved, else built from the page, read now through the SSRF guard), the
  // assistants, and the number of calls with an estimated cost. Anonymous visitors get the small run's.
  api.get('/llm/plan', async (c) => {
    const cfg = llmConfigOf(deps.config)
    if (cfg.providers.length === 0) throw new AppError('LLM_NOT_CONFIGURED')
    const user = await currentUser(deps.auth, c.req.raw.headers)
    const access = user ? await accessFor(deps.db, user) : null
    const lang = c.req.query('lang') === 'en' ? 'en' : 'pt'
    const url = normalizeTaskUrl(c.req.query('url') ?? '', allowPrivate)
    const page = await safeFetch(url, { accept: 'html', allowPrivate, signal: AbortSignal.timeout(20_000) })
    const artifacts = buildArtifacts(page)
    const profile = siteProfile(artifacts.$, artifacts.page.finalUrl)
    const settings = access ? await loadSettings(deps.db, ownerOf(access), profile.domain) : null
    const small = !user
    const setup = presenceSetup({
      profile,
      settings,
      competitors: [],
      prompts: null,
      lang,
      ...(small ? { maxPrompts: smallRun.prompts } : {}),
    })
    const models = llmRegistry(deps.config, deps.db).models()
    const repeats = small ? smallRun.repeats : 3
    const journeyStages = small ? 0 : journeyPlan(profile, setup.brand, lang).length
    c.header('Cache-Control', 'no-store')
    return c.json({
      url,
      domain: profile.domain,
      brand: setup.brand.name,
      brandFromSettings: Boolean(settings?.brand),
      aliases: setup.brand.aliases,
      competitors: setup.competitors.map((x) => ({ name: x.name, url: x.url ?? null })),
      prompts: setup.prompts.map(({ text, kind, lang: l }) => ({ text, kind, lang: l })),
      promptSource: setup.promptSource,
      models,
      repeats,
      small,
      estimate: estimateRun({ prompts: setup.prompts.length, models, repeats, journeyStages }),
    })
  })

  // GET /api/llm/settings?url= → the active workspace's brand, aliases, competitors and prompts for the
  // site (a client reads only a shared site's; any other domain reads as empty)
  api.get('/llm/settings', async (c) => {
    const access = await resolveAccess(deps, c)
    const domain = domainOfUrl(c.req.query('url'))
    c.header('Cache-Control', 'no-store')
    if (access.role === 'client' && !(await sharedDomains(deps.db, access)).has(domain))
      return c.json({ domain, ...emptySettings })
    return c.json({ domain, ...(await loadSettings(deps.db, ownerOf(access), domain)) })
  })

  // PUT /api/llm/settings { url, brand?, aliases?, competitors?, prompts? } → saved settings (the active
  // workspace's owners and admins: 403 for its members and clients)
  api.put('/llm/settings', async (c) => {
    const access = await resolveAccess(deps, c)
    requireAction(access, 'share')
    const parsed = settingsTarget.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
    const domain = domainOfUrl(parsed.data.url)
    const settings = parseSettings(parsed.data, domain, allowPrivate)
    await saveSettings(deps.db, ownerOf(access), domain, settings)
    return c.json({ domain, ...settings })
  })

  // GET /api/llm/history?url= → the user's finished runs of the address, oldest first (at most 20)
  api.get('/llm/history', async (c) => {
    const access = await resolveAccess(deps, c)
    const url = normalizeTaskUrl(c.req.query('url') ?? '', allowPrivate)
    c.header('Cache-Control', 'no-store')
    return c.json({ runs: await presenceRuns(deps.db, inWorkspaceBy(access), url) })
  })

  // A tracked site's AI-presence settings and runs (tenancy/access.ts decides who): its workspace's, the
  // ones its monitoring runs ask with; every member and the clients it is shared with read them, owners and
  // admins change them (as schedules), members and clients never (403).
  const siteDomain = (url: string) => bareDomain(url) ?? ''
  api.get('/sites/:id/llm/settings', async (c) => {
    const site = await siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id'), 'read')
    const domain = siteDomain(site.url)
    c.header('Cache-Control', 'no-store')
    return c.json({
      domain,
      ...(await loadSettings(deps.db, { workspaceId: site.workspaceId, userId: null }, domain)),
    })
  })
  api.put('/sites/:id/llm/settings', async (c) => {
    const access = await resolveAccess(deps, c)
    const site = await siteFor(deps.db, access, c.req.param('id'), 'share')
    const domain = siteDomain(site.url)
    const settings = parseSettings(jsonOf(c), domain, allowPrivate)
    await saveSettings(deps.db, { workspaceId: site.workspaceId, userId: access.user.id }, domain, settings)
    return c.json({ domain, ...settings })
  })
  api.get('/sites/:id/llm/history', async (c) => {
    const site = await siteFor(deps.db, await resolveAccess(deps, c), c.req.param('id'), 'read')
    c.header('Cache-Control', 'no-store')
    // The site's workspace's runs, whoever ran them there (never its follower's runs in another one).
    return c.json({ runs: await presenceRuns(deps.db, eq(tasks.workspaceId, site.workspaceId), site.url) })
  })

  return api
}

/** The settings of the workspace a request acts in, changed by its user. */
const ownerOf = (access: WorkspaceAccess) => ({ workspaceId: access.workspace.id, userId: access.user.id })

/** The domains of the tracked sites this access sees (a client: those shared with them). */
async function sharedDomains(db: Db, access: WorkspaceAccess): Promise<Set<string>> {
  const sites = await db.select({ url: trackedSites.url }).from(trackedSites).where(visibleSites(access))
  return new Set(sites.flatMap((s) => bareDomain(s.url) ?? []))
}

/** The user's own tasks in the workspace they act in. */
const inWorkspaceBy = (access: WorkspaceAccess) =>
  and(inWorkspace(access, tasks), eq(tasks.userId, access.user.id)) as SQL

/** The finished AI-presence runs of an address whose tasks `whose` selects, oldest first (the newest 20). */
async function presenceRuns(db: Db, whose: SQL, url: string) {
  const rows = await db
    .select({ id: tasks.id, results: tasks.results, finishedAt: tasks.finishedAt })
    .from(tasks)
    .where(and(eq(tasks.kind, 'llm_presence'), eq(tasks.url, url), whose, eq(tasks.status, 'success')))
    .orderBy(desc(tasks.createdAt))
    .limit(20)
  return rows.reverse().map((r) => {
    const res = r.results as LlmPresenceResult | null
    return {
      taskId: r.id,
      date: r.finishedAt,
      presenceScore: res?.report.presenceScore ?? null,
      shareOfVoice: Object.fromEntries((res?.report.competitors ?? []).map((x) => [x.name, x.score])),
    }
  })
}
