// The role × resource × action matrix of issue 40: one agency workspace seeded through the API as its
// people would (invitations, sites, analyses, reports, webhooks, schedules, tokens), a member who leaves
// after following a site of the same host as a crawl its owner made in her personal workspace, an admin
// removed after adding a webhook, recipients and an invitation; then every route family, /api/v1
// operation and MCP tool tried by every role, an outsider and the removed admin, with a cookie and with a
// token of each. A try is a leak when it reaches what its actor may not (an answer other than 401, 403 or
// 404, or a list naming what the actor may not see). Used by tenant-matrix.test.ts (PGlite and
// PostgreSQL) and `npm run bench:security` (the counts).
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { eq, inArray } from 'drizzle-orm'
import type { RunningFarol } from '../src/composition/server.ts'
import { ensureCrawl } from '../src/features/site-audit/frontier.ts'
import type { Config } from '../src/platform/config.ts'
import {
  apiTokens,
  invitations,
  knowledgeCorrections,
  llmSettings,
  reportSchedules,
  reports,
  siteCrawls,
  siteFacts,
  siteWebhooks,
  tasks,
  trackedSites,
  users,
} from '../src/platform/db/schema.ts'
import { createReportStore } from '../src/platform/storage/storage.ts'
import { personalWorkspaceId } from '../src/tenancy/access.ts'
import { apiCaller, signedInUser } from './helpers.ts'

export const roles = ['owner', 'admin', 'member', 'client', 'outsider', 'removed'] as const
export type Role = (typeof roles)[number]
/** Who may reach a resource: the workspace's writers (and a client when the site is shared with them). */
/** 'list': anyone may ask; the answer must name nothing its asker may not see. */
/** 'manage-own': owners and admins of the workspace acted in; the outsider and the removed admin act in
 *  their personal workspace, which they own. */
type Access = 'list' | 'shared-read' | 'read' | 'write' | 'write-own' | 'manage' | 'manage-own' | 'nobody'

const allowedBy: Record<Access, readonly Role[]> = {
  list: roles,
  'shared-read': ['owner', 'admin', 'member', 'client'],
  read: ['owner', 'admin', 'member'],
  write: ['owner', 'admin', 'member'],
  manage: ['owner', 'admin'],
  'manage-own': ['owner', 'admin', 'outsider', 'removed'],
  'write-own': ['owner', 'admin', 'member', 'outsider', 'removed'],
  nobody: [],
}

export interface MatrixResult {
  tried: number
  refused: number
  leaked: number
  /** Allowed tries that were refused, and answers 5xx: not leaks, but the matrix is wrong or broken. */
  wronglyRefused: number
  errors: number
  /** One line per leak, wrong refusal or 5xx. */
  misses: string[]
  /** What the departures changed, checked through the database. */
  departure: string[]
}

const H = 'http://127.0.0.1:9/loja'
const H2 = 'http://127.0.0.2:9/blog'

/** Seeds the world through `farol`'s API and runs every try; never throws on a leak (the caller decides). */
export async function runTenantMatrix(farol: RunningFarol, config: Config): Promise<MatrixResult> {
  const db = farol.database.db
  const cookies: Partial<Record<string, string>> = {}
  const call = apiCaller(() => farol.url, cookies)
  const people = ['ana', 'adi', 'mia', 'cli', 'out', 'rui', 'lea'] as const
  type Person = (typeof people)[number]
  const stamp = Math.random().toString(36).slice(2, 8)
  const email = (p: Person) => `${p}.${stamp}@matriz.pt`
  const ids: Record<string, string> = {}
  const must = async (r: Promise<{ status: number; body: unknown }>, status: number, what: string) => {
    const res = await r
    if (res.status !== status) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`)
    // biome-ignore lint/suspicious/noExplicitAny: the seed reads the fields it asked for
    return res.body as any
  }
  for (const p of people) {
    cookies[p] = await signedInUser(farol, email(p))
    ids[p] = (
      await db
        .select()
        .from(users)
        .where(eq(users.email, email(p)))
    )[0]!.id
    await must(call(p, 'GET', '/workspaces'), 200, `${p} workspaces`)
  }
  /** A finished analysis as its worker leaves it (no worker runs: the row is what the routes read). */
  const analysis = async (p: Person, kind: string, url: string, extra: Record<string, unknown> = {}) => {
    const made = await must(
      call(p, 'POST', '/seo-task-manager/create', {
        task_name: kind,
        lang: 'pt',
        requested_data: { url, ...extra },
      }),
      201,
      `${p} ${kind}`,
    )
    await db
      .update(tasks)
      .set({
        status: 'success',
        results: { issues: [], pages: [], ...(kind === 'site_crawl' ? { crawlId: made.taskId } : {}) },
        finishedAt: new Date(),
      })
      .where(eq(tasks.id, made.taskId))
    if (kind === 'site_crawl') {
      // The crawl store's own call: the row names only the task, and takes its workspace from it.
      await ensureCrawl(db, { id: made.taskId, userId: ids[p]!, startUrl: url, maxPages: 10 })
      await db.update(siteCrawls).set({ finishedAt: new Date() }).where(eq(siteCrawls.id, made.taskId))
    }
    return made.taskId as string
  }
  const finishedReport = async (p: Person, url: string) => {
    const made = await must(call(p, 'POST', '/reports', { url }), 201, `${p} report`)
    await createReportStore(config).put(`matrix-${made.id}.pdf`, Buffer.from('%PDF-1.4\n%%EOF\n'))
    await db
      .update(reports)
      .set({ status: 'success', fileName: `matrix-${made.id}.pdf`, finishedAt: new Date() })
      .where(eq(reports.id, made.id))
    return made.id as string
  }

  // AI-presence settings of the shop's domain: Ana's in her personal workspace, the outsider's in his.
  ids.brandP = `MarcaPessoal${stamp}`
  ids.brandO = `MarcaFora${stamp}`
  ids.brandW = `MarcaAgencia${stamp}`
  const brandOf = (brand: string) => ({ brand, aliases: [], competitors: [], prompts: null })
  await must(call('ana', 'PUT', '/llm/settings', { url: H, ...brandOf(ids.brandP) }), 200, 'ana settings')
  await must(call('out', 'PUT', '/llm/settings', { url: H, ...brandOf(ids.brandO) }), 200, 'out settings')
  // Knowledge facts and a writer idea of Ana's in her personal workspace.
  ids.factP = `FactoPessoal${stamp}`
  ids.factW = `FactoAgencia${stamp}`
  ids.ideaP = `IdeiaPessoal${stamp}`
  ids.ideaW = `IdeiaAgencia${stamp}`
  const factsOf = (value: string) => ({ url: H, facts: [{ kind: 'phone', value }] })
  await must(call('ana', 'PUT', '/knowledge/facts', factsOf(ids.factP)), 201, 'ana facts')
  await must(call('ana', 'POST', '/writer/ideas', { title: ids.ideaP }), 201, 'ana idea')
  // Ana's personal workspace: a crawl and an analysis of the shop's host, a report of it.
  ids.crawlP = await analysis('ana', 'site_crawl', H, { maxPages: 10 })
  ids.seoP = await analysis('ana', 'seo_analysis', H, { platform: 'desktop' })
  ids.reportP = await finishedReport('ana', H)

  // Her agency: an admin, a member, a client, an admin who will be removed, a member who will leave.
  ids.agency = (
    await must(call('ana', 'POST', '/workspaces', { name: `Agência ${stamp}` }), 201, 'agency')
  ).id
  for (const [p, role] of [
    ['adi', 'admin'],
    ['mia', 'member'],
    ['cli', 'client'],
    ['rui', 'admin'],
    ['lea', 'member'],
  ] as const) {
    const inv = await must(
      call('ana', 'POST', '/workspaces/current/invitations', { email: email(p), role }),
      201,
      `invite ${p}`,
    )
    await must(call(p, 'POST', `/invitations/${inv.id}/accept`), 200, `${p} accepts`)
    await must(call(p, 'POST', '/workspaces/active', { workspaceId: ids.agency }), 200, `${p} switches`)
  }
  // Léa follows the shop (same host as Ana's personal crawl); Ana the blog; the shop is shared with the client.
  ids.S1 = (await must(call('lea', 'POST', '/sites', { url: H }), 201, 'lea site')).id
  ids.S2 = (await must(call('ana', 'POST', '/sites', { url: H2 }), 201, 'ana site')).id
  await must(call('ana', 'POST', `/sites/${ids.S1}/shares`, { userId: ids.cli }), 201, 'share')
  await must(call('ana', 'PUT', `/sites/${ids.S1}/llm/settings`, brandOf(ids.brandW)), 200, 'agency settings')
  // The agency's facts of the shop, confirmed by Mia (a member); Mia's own idea there.
  await must(call('mia', 'PUT', '/knowledge/facts', factsOf(ids.factW)), 201, 'mia facts')
  await must(call('mia', 'POST', '/writer/ideas', { title: ids.ideaW }), 201, 'mia idea')
  ids.crawlW = await analysis('mia', 'site_crawl', H, { maxPages: 10 })
  ids.seoW = await analysis('mia', 'seo_analysis', H, { platform: 'desktop' })
  ids.crawlW2 = await analysis('ana', 'site_crawl', H2, { maxPages: 10 })
  ids.reportW = await finishedReport('ana', H)
  await must(
    call('ana', 'PUT', `/sites/${ids.S1}/report-schedule`, {
      frequency: 'weekly',
      recipients: [email('ana'), 'cliente@loja.pt'],
    }),
    200,
    'schedule',
  )
  // What Rui, an admin, adds before he is removed.
  ids.hookRui = (
    await must(
      call('rui', 'POST', `/sites/${ids.S1}/webhooks`, { url: 'http://127.0.0.1:9/hook', events: ['alert'] }),
      201,
      'rui webhook',
    )
  ).id
  await must(
    call('rui', 'PUT', `/sites/${ids.S1}/report-schedule`, {
      frequency: 'weekly',
      recipients: [email('ana'), 'cliente@loja.pt', 'amigo.rui@fora.pt', email('mia')],
    }),
    200,
    'rui schedule',
  )
  ids.invRui = (
    await must(
      call('rui', 'POST', '/workspaces/current/invitations', { email: 'convidado@fora.pt', role: 'admin' }),
      201,
      'rui invitation',
    )
  ).id
  // A token of each, made in the workspace each acts in (the outsider's: his personal one).
  const tokens: Partial<Record<Role, string>> = {}
  const roleOf: Record<Role, Person> = {
    owner: 'ana',
    admin: 'adi',
    member: 'mia',
    client: 'cli',
    outsider: 'out',
    removed: 'rui',
  }
  for (const role of roles)
    tokens[role] = (
      await must(
        call(roleOf[role], 'POST', '/account/tokens', {
          name: 'matriz',
          scopes: ['read', 'audit', 'sites'],
        }),
        201,
        `${role} token`,
      )
    ).token

  // Rui is removed; Léa leaves, and the shop she followed goes to Ana.
  const team = await must(call('ana', 'GET', '/workspaces/current/members'), 200, 'members')
  const ruiMember = team.members.find((m: { userId: string }) => m.userId === ids.rui).id
  await must(call('ana', 'DELETE', `/workspaces/current/members/${ruiMember}`), 204, 'remove rui')
  await must(call('lea', 'POST', '/workspaces/current/leave'), 204, 'lea leaves')

  const departure: string[] = []
  const [s1] = await db.select().from(trackedSites).where(eq(trackedSites.id, ids.S1!))
  if (s1?.userId !== ids.ana) departure.push('the leaver’s site was not handed to the owner')
  if ((await db.select().from(siteWebhooks).where(eq(siteWebhooks.id, ids.hookRui!))).length)
    departure.push('the removed admin’s webhook stays')
  const [schedule] = await db.select().from(reportSchedules).where(eq(reportSchedules.siteId, ids.S1!))
  const recipients = [...(schedule?.recipients ?? [])].sort()
  const expected = [email('ana'), 'cliente@loja.pt', email('mia')].sort()
  if (JSON.stringify(recipients) !== JSON.stringify(expected))
    departure.push(`schedule recipients ${recipients.join(', ')}, expected ${expected.join(', ')}`)
  const [inv] = await db.select().from(invitations).where(eq(invitations.id, ids.invRui!))
  if (inv?.status === 'pending') departure.push('the removed admin’s invitation is still pending')
  const [ruiToken] = await db.select().from(apiTokens).where(eq(apiTokens.userId, ids.rui!))
  if (!ruiToken?.revokedAt) departure.push('the removed admin’s token was not revoked')

  // ------------------------------------------------------------------------------------------ tries
  const result: MatrixResult = {
    tried: 0,
    refused: 0,
    leaked: 0,
    wronglyRefused: 0,
    errors: 0,
    misses: [],
    departure,
  }
  /** Ids an answer may name only for some roles: named for any other role, the answer is a leak. */
  const forbiddenIn = (role: Role): string[] => {
    const always = [ids.crawlP!, ids.seoP!, ids.reportP!, ids.brandP!, ids.factP!, ids.ideaP!]
    if (role !== 'outsider') always.push(ids.brandO!)
    // A writer idea is its maker's notepad: nobody else reads Mia's, in the agency or anywhere.
    if (role !== 'member') always.push(ids.ideaW!)
    if (role === 'client') return [...always, ids.S2!, ids.crawlW2!]
    if (role === 'outsider' || role === 'removed')
      return [
        ...always,
        ids.S1!,
        ids.S2!,
        ids.crawlW!,
        ids.crawlW2!,
        ids.seoW!,
        ids.reportW!,
        ids.brandW!,
        ids.factW!,
      ]
    return always
  }
  const judge = (label: string, role: Role, access: Access, status: number, text: string) => {
    result.tried++
    const allowed = allowedBy[access].includes(role)
    const refusedNow = status === 401 || status === 403 || status === 404
    // A refusal may echo the id it was asked for; only an answer that reached something can leak one.
    const named = refusedNow ? [] : forbiddenIn(role).filter((id) => text.includes(id))
    if (status >= 500) {
      result.errors++
      result.misses.push(`5xx ${status}: ${role} ${label}`)
    } else if (named.length) {
      result.leaked++
      result.misses.push(`LEAK ${role} ${label}: names ${named.join(', ')}`)
    } else if (access === 'list') {
      if (refusedNow) result.refused++
    } else if (!allowed && !refusedNow) {
      result.leaked++
      result.misses.push(`LEAK ${role} ${label}: ${status}`)
    } else if (allowed && refusedNow) {
      result.wronglyRefused++
      result.misses.push(`refused ${role} ${label}: ${status}`)
    } else if (refusedNow) result.refused++
  }

  const cookieTries: [Access, string, string, unknown?][] = [
    ['list', 'GET', '/sites'],
    ['shared-read', 'GET', `/sites/${ids.S1}/history`],
    ['read', 'GET', `/sites/${ids.S2}/history`],
    ['shared-read', 'GET', `/sites/${ids.S1}/keywords`],
    ['write', 'POST', `/sites/${ids.S1}/keywords`, { keyword: 'sapatos' }],
    ['write', 'PATCH', `/sites/${ids.S1}`, { frequency: 'weekly' }],
    ['shared-read', 'GET', `/sites/${ids.S1}/crawls`],
    ['read', 'GET', `/sites/${ids.S2}/crawls`],
    ['shared-read', 'GET', `/sites/${ids.S1}/llm/settings`],
    ['manage', 'PUT', `/sites/${ids.S1}/llm/settings`, brandOf(ids.brandW)],
    ['list', 'GET', `/llm/settings?url=${encodeURIComponent(H)}`],
    // The workspace acted in's settings of another domain: owners and admins only (a member, a client: 403).
    ['manage-own', 'PUT', '/llm/settings', { url: H2, ...brandOf(`Propria${stamp}`) }],
    // Knowledge facts of the workspace acted in: its people read them, a client adds nothing (403).
    ['list', 'GET', `/knowledge/facts?url=${encodeURIComponent(H)}&extract=0`],
    ['write-own', 'PUT', '/knowledge/facts', { url: H2, facts: [{ kind: 'phone', value: '+351 1' }] }],
    [
      'write-own',
      'POST',
      '/knowledge/corrections',
      { url: H2, claim: 'Abre aos domingos', attribute: 'hours', value: 'domingos' },
    ],
    ['list', 'GET', '/writer/ideas'],
    ['shared-read', 'GET', `/sites/${ids.S1}/llm/history`],
    ['shared-read', 'GET', `/sites/${ids.S1}/report-schedule`],
    [
      'manage',
      'PUT',
      `/sites/${ids.S1}/report-schedule`,
      { frequency: 'monthly', recipients: ['x@loja.pt'] },
    ],
    ['write', 'GET', `/sites/${ids.S1}/webhooks`],
    ['manage', 'POST', `/sites/${ids.S1}/webhooks`, { url: 'http://127.0.0.1:9/h2', events: ['alert'] }],
    ['write', 'GET', `/sites/${ids.S1}/indexnow`],
    ['manage', 'PUT', `/sites/${ids.S1}/indexnow`, { key: 'x' }],
    ['write', 'GET', `/sites/${ids.S1}/bot-logs`],
    ['manage', 'PUT', `/sites/${ids.S1}/bot-logs`, { folder: null, s3Url: null }],
    ['manage', 'DELETE', `/sites/${ids.S1}/bot-logs`],
    ['shared-read', 'GET', `/seo-task-manager/status?taskId=${ids.crawlW}`],
    ['shared-read', 'GET', `/seo-task-manager/status?taskId=${ids.seoW}`],
    ['read', 'GET', `/seo-task-manager/status?taskId=${ids.crawlW2}`],
    ['nobody', 'GET', `/seo-task-manager/status?taskId=${ids.crawlP}`],
    ['nobody', 'GET', `/seo-task-manager/status?taskId=${ids.seoP}`],
    ['shared-read', 'GET', `/tasks/${ids.crawlW}/events`],
    ['nobody', 'GET', `/tasks/${ids.crawlP}/events`],
    ['list', 'GET', `/seo-task-manager/latest?kind=site_crawl&url=${encodeURIComponent(H)}&none=empty`],
    ['list', 'GET', `/seo-task-manager/latest?kind=seo_analysis&none=empty`],
    ['list', 'GET', `/seo-task-manager/latest-analysis?url=${encodeURIComponent(H)}`],
    ['list', 'GET', `/site-audit/summary?url=${encodeURIComponent(H)}`],
    ...(['issues', 'pages', 'inventory', 'inventory/facets', 'export.csv', 'inventory.csv'] as const).flatMap(
      (t): [Access, string, string][] => [
        ['shared-read', 'GET', `/site-audit/crawls/${ids.crawlW}/${t}`],
        ['read', 'GET', `/site-audit/crawls/${ids.crawlW2}/${t}`],
        ['nobody', 'GET', `/site-audit/crawls/${ids.crawlP}/${t}`],
      ],
    ),
    ['list', 'GET', '/reports'],
    ['shared-read', 'GET', `/reports/${ids.reportW}/file`],
    ['nobody', 'GET', `/reports/${ids.reportP}/file`],
    ['write', 'GET', `/reports/${ids.reportW}/links`],
    ['write', 'POST', `/reports/${ids.reportW}/links`, { days: 7 }],
    ['nobody', 'POST', `/reports/${ids.reportP}/links`, { days: 7 }],
  ]
  const reportTasks = async (id: string) => {
    const [r] = await db.select().from(reports).where(eq(reports.id, id))
    return {
      desktopTaskId: r!.desktopTaskId,
      mobileTaskId: r!.mobileTaskId,
      aiOptimizationTaskId: r!.aiOptimizationTaskId,
    }
  }
  cookieTries.push(['nobody', 'POST', '/get-report-data', await reportTasks(ids.reportP!)])
  cookieTries.push(['shared-read', 'POST', '/get-report-data', await reportTasks(ids.reportW!)])
  // Their tasks finished, so the report data reads them.
  const anyTasks = [
    ...Object.values(await reportTasks(ids.reportP!)),
    ...Object.values(await reportTasks(ids.reportW!)),
  ]
  await db
    .update(tasks)
    .set({ status: 'success', finishedAt: new Date() })
    .where(
      inArray(
        tasks.id,
        anyTasks.filter((x): x is string => Boolean(x)),
      ),
    )

  const actorOf: Record<Role, Person> = roleOf
  for (const role of roles) {
    for (const [access, method, path, body] of cookieTries) {
      const res = await fetch(`${farol.url}/api${path}`, {
        method,
        headers: {
          cookie: cookies[actorOf[role]] ?? '',
          origin: farol.url,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      judge(`${method} /api${path}`, role, access, res.status, await res.text())
    }
  }

  // AI-presence settings stay each workspace's: nobody's try changed another workspace's, and the agency's
  // site reads its own, not its owner's personal ones nor the outsider's.
  const settingsRows = await db.select().from(llmSettings).where(eq(llmSettings.domain, '127.0.0.1'))
  const brandIn = (workspaceId: string) => settingsRows.find((r) => r.workspaceId === workspaceId)?.brand
  for (const [workspaceId, brand, what] of [
    [personalWorkspaceId(ids.ana!), ids.brandP!, 'Ana’s personal'],
    [personalWorkspaceId(ids.out!), ids.brandO!, 'the outsider’s'],
    [ids.agency!, ids.brandW!, 'the agency’s'],
  ] as const) {
    result.tried++
    if (brandIn(workspaceId) !== brand) {
      result.leaked++
      result.misses.push(`LEAK ${what} AI-presence settings are ${brandIn(workspaceId)}, expected ${brand}`)
    }
  }
  const elsewhere = await db.select().from(llmSettings).where(eq(llmSettings.domain, '127.0.0.2'))
  const wrote = elsewhere.map((r) => r.workspaceId).sort()
  const expectedWriters = [ids.agency!, personalWorkspaceId(ids.out!), personalWorkspaceId(ids.rui!)].sort()
  result.tried++
  if (JSON.stringify(wrote) !== JSON.stringify(expectedWriters)) {
    result.leaked++
    result.misses.push(`LEAK AI-presence settings written in ${wrote.join(', ')}`)
  }
  // Each workspace's facts of the shop are its own; the corrections tried went to the actors' workspaces.
  const facts = await db.select().from(siteFacts)
  const factIn = (workspaceId: string) =>
    JSON.stringify(facts.filter((f) => f.workspaceId === workspaceId).map((f) => f.facts))
  for (const [workspaceId, value, other] of [
    [personalWorkspaceId(ids.ana!), ids.factP!, ids.factW!],
    [ids.agency!, ids.factW!, ids.factP!],
  ] as const) {
    result.tried++
    if (!factIn(workspaceId).includes(value) || factIn(workspaceId).includes(other)) {
      result.leaked++
      result.misses.push(`LEAK facts of ${workspaceId}: ${factIn(workspaceId)}`)
    }
  }
  const corrections = await db.select().from(knowledgeCorrections)
  const correctedIn = [...new Set(corrections.map((r) => r.workspaceId))].sort()
  const expectedCorrected = [ids.agency!, personalWorkspaceId(ids.out!), personalWorkspaceId(ids.rui!)].sort()
  result.tried++
  if (JSON.stringify(correctedIn) !== JSON.stringify(expectedCorrected)) {
    result.leaked++
    result.misses.push(`LEAK corrections recorded in ${correctedIn.join(', ')}`)
  }
  const ideasOfMia = await call('mia', 'GET', '/writer/ideas')
  result.tried++
  if (!JSON.stringify(ideasOfMia.body).includes(ids.ideaW!)) {
    result.wronglyRefused++
    result.misses.push(`Mia’s idea not listed in the agency: ${JSON.stringify(ideasOfMia.body)}`)
  }
  const agencySettings = await call('mia', 'GET', `/sites/${ids.S1}/llm/settings`)
  result.tried++
  if ((agencySettings.body as { brand?: string }).brand !== ids.brandW) {
    result.wronglyRefused++
    result.misses.push(`the agency’s site reads brand ${JSON.stringify(agencySettings.body)}`)
  }

  // The same resources through /api/v1 and MCP, with each role's token (the removed admin's: revoked).
  const v1Tries: [Access, string, string, unknown?][] = [
    ['list', 'GET', '/sites'],
    ['shared-read', 'GET', `/sites/${ids.S1}/history`],
    ['read', 'GET', `/sites/${ids.S2}/history`],
    ['write', 'PATCH', `/sites/${ids.S1}`, { frequency: 'weekly' }],
    ['shared-read', 'GET', `/tasks/${ids.crawlW}`],
    ['nobody', 'GET', `/tasks/${ids.crawlP}`],
    ['shared-read', 'GET', `/tasks/${ids.crawlW}/events`],
    ['nobody', 'GET', `/tasks/${ids.seoP}/events`],
    ['shared-read', 'GET', `/crawls/${ids.crawlW}/issues`],
    ['shared-read', 'GET', `/crawls/${ids.crawlW}/pages`],
    ['read', 'GET', `/crawls/${ids.crawlW2}/pages`],
    ['nobody', 'GET', `/crawls/${ids.crawlP}/issues`],
    ['nobody', 'GET', `/crawls/${ids.crawlP}/pages`],
    ['nobody', 'GET', `/crawls/${ids.crawlW}/comparison?previous=${ids.crawlP}`],
    ['list', 'GET', '/reports'],
    ['shared-read', 'GET', `/reports/${ids.reportW}/file`],
    ['nobody', 'GET', `/reports/${ids.reportP}/file`],
  ]
  for (const role of roles) {
    for (const [access, method, path, body] of v1Tries) {
      const res = await fetch(`${farol.url}/api/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${tokens[role]}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      // A refused comparison of an allowed crawl is its own answer (409: nothing to compare), not access.
      judge(`token ${method} /api/v1${path}`, role, access, res.status, await res.text())
    }
  }

  const mcpTries: [Access, string, Record<string, unknown>][] = [
    ['list', 'list_tracked_sites', {}],
    ['shared-read', 'get_site_history', { siteId: ids.S1 }],
    ['read', 'get_site_history', { siteId: ids.S2 }],
    ['shared-read', 'get_task', { taskId: ids.crawlW }],
    ['nobody', 'get_task', { taskId: ids.crawlP }],
    ['nobody', 'get_task', { taskId: ids.seoP }],
    ['shared-read', 'get_site_issues', { crawlId: ids.crawlW }],
    ['nobody', 'get_site_issues', { crawlId: ids.crawlP }],
    ['nobody', 'compare_crawls', { crawlId: ids.crawlP }],
    ['shared-read', 'get_report', { reportId: ids.reportW }],
    ['nobody', 'get_report', { reportId: ids.reportP }],
  ]
  for (const role of roles) {
    const client = new Client({ name: 'farol-matrix', version: '1.0.0' })
    let connected = true
    await client
      .connect(
        new StreamableHTTPClientTransport(new URL(`${farol.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${tokens[role]}` } },
        }),
      )
      .catch(() => {
        connected = false
      })
    for (const [access, name, args] of mcpTries) {
      if (!connected) {
        // A token refused at the door (the removed admin's): every tool is refused.
        judge(`mcp ${name}`, role, access, 401, '')
        continue
      }
      const answer = (await client.callTool({ name, arguments: args }).catch((e: Error) => ({
        isError: true,
        content: [{ type: 'text', text: String(e.message) }],
      }))) as { isError?: boolean; content: { text?: string }[]; structuredContent?: unknown }
      const text = `${answer.content.map((c) => c.text ?? '').join('\n')}${JSON.stringify(answer.structuredContent ?? '')}`
      judge(`mcp ${name}`, role, access, answer.isError ? 404 : 200, text)
    }
    if (connected) await client.close()
  }
  return result
}
