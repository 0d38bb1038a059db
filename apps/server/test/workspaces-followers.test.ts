// The suite's "latest" pages follow the active workspace, and a tracked site outlives its follower's leaving
// (embedded PGlite, and PostgreSQL when TEST_DATABASE_URL is set), all through workspaces/access.ts and
// workspaces/followers.ts:
// - the latest crawl, AI-presence run and analysis a page opens are the user's own or their active
//   workspace's for a tracked site they see (a member any site's, a client a shared site's), never a task
//   of another workspace; the task itself (status, events, report data) opens for them, and for no one else;
// - a follower removed, leaving, made a client behind the plugin's back, or erased: the site goes to the
//   workspace's first owner with its schedule, its AI-presence settings, its crawl history; the monitor's
//   mails go to that owner, and the leaver is off the scheduled reports' recipients.
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteAccount } from '../src/composition/admin/roles.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { monitorQueue, runMonitor } from '../src/features/sites/monitor.ts'
import type { Config } from '../src/platform/config.ts'
import {
  members,
  reportSchedules,
  siteCrawls,
  siteRuns,
  tasks,
  trackedSites,
  users,
} from '../src/platform/db/schema.ts'
import type { EmailContent } from '../src/platform/email/templates.ts'
import { createLogger } from '../src/platform/log.ts'
import { personalWorkspaceId } from '../src/tenancy/access.ts'
import {
  handOvers,
  recipientAdders,
  stewardOf,
  withoutAddedBy,
  withoutRecipient,
} from '../src/tenancy/followers.ts'
import { apiCaller, freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'

describe('who takes a site over', () => {
  const people = [
    { userId: 'm', role: 'member' as const },
    { userId: 'c', role: 'client' as const },
    { userId: 'a', role: 'admin' as const },
    { userId: 'o', role: 'owner' as const },
  ]
  it('is the first owner, else the first admin, else the first member; never a client', () => {
    expect(stewardOf(people)).toBe('o')
    expect(stewardOf(people.filter((p) => p.role !== 'owner'))).toBe('a')
    expect(stewardOf(people.filter((p) => p.role === 'member' || p.role === 'client'))).toBe('m')
    expect(stewardOf([{ userId: 'c', role: 'client' }])).toBeNull()
  })
  it('hands over only the sites whose follower may no longer change them', () => {
    const sites = [
      { id: '1', userId: 'm' },
      { id: '2', userId: 'c' },
      { id: '3', userId: 'gone' },
      { id: '4', userId: 'o' },
    ]
    expect(handOvers(sites, people).map((h) => [h.site.id, h.to])).toEqual([
      ['2', 'o'],
      ['3', 'o'],
    ])
    expect(handOvers(sites, [{ userId: 'c', role: 'client' }])).toEqual([])
  })
  it('takes the leaver off a recipient list, and gives an emptied list to the steward', () => {
    expect(withoutRecipient(['eva@x.pt', 'cliente@x.pt'], 'Eva@x.pt', 'ana@x.pt')).toEqual(['cliente@x.pt'])
    expect(withoutRecipient(['eva@x.pt'], 'eva@x.pt', 'ana@x.pt')).toEqual(['ana@x.pt'])
    expect(withoutRecipient(['cliente@x.pt'], 'eva@x.pt', null)).toEqual(['cliente@x.pt'])
  })
  it('remembers who added each recipient, and takes away the non-members a leaver added', () => {
    const addedBy = recipientAdders(['ana@x.pt', 'amigo@fora.pt'], { 'ana@x.pt': 'o' }, 'rui')
    expect(addedBy).toEqual({ 'ana@x.pt': 'o', 'amigo@fora.pt': 'rui' })
    expect(recipientAdders(['ana@x.pt'], addedBy, 'm')).toEqual({ 'ana@x.pt': 'o' })
    const schedule = {
      recipients: ['ana@x.pt', 'amigo@fora.pt', 'mia@x.pt'],
      addedBy: { ...addedBy, 'mia@x.pt': 'rui' },
    }
    const members = new Set(['ana@x.pt', 'mia@x.pt'])
    // Mia is a member: she stays though Rui added her; his friend goes.
    expect(withoutAddedBy(schedule, 'rui', members, 'ana@x.pt')?.recipients).toEqual(['ana@x.pt', 'mia@x.pt'])
    expect(withoutAddedBy(schedule, 'eva', members, 'ana@x.pt')).toBeNull()
    expect(
      withoutAddedBy({ recipients: ['amigo@fora.pt'], addedBy }, 'rui', members, 'ana@x.pt')?.recipients,
    ).toEqual(['ana@x.pt'])
  })
})

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

const people = ['ana', 'carla', 'dora', 'bruno', 'eva', 'fabio', 'gil'] as const
type Who = (typeof people)[number]
const siteUrl = {
  um: 'http://127.0.0.1:9/um',
  dois: 'http://127.0.0.2:9/dois',
  quatro: 'http://127.0.0.4:9/quatro',
  cinco: 'http://127.0.0.5:9/cinco',
  seis: 'http://127.0.0.6:9/seis',
}

describe.each(databases)('workspace followers on $kind', ({ url }) => {
  let farol: RunningFarol
  let config: Config
  let drop: (() => Promise<void>) | undefined
  const cookies: Partial<Record<Who, string>> = {}
  const ids: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)
  const db = () => farol.database.db
  const email = (who: Who) => `${who}.follow@exemplo.pt`
  let minute = 0
  /** A finished task, each one newer than the one before. */
  const task = async (who: Who, kind: string, taskUrl: string, platform: string | null = null) => {
    minute += 1
    const [row] = await db()
      .insert(tasks)
      .values({
        kind,
        url: taskUrl,
        platform,
        userId: ids[who]!,
        // Made where they act: Bruno in his personal workspace, the others in the agency.
        workspaceId: who === 'bruno' ? personalWorkspaceId(ids.bruno!) : ids.agency!,
        status: 'success',
        results: { crawlId: null },
        createdAt: new Date(Date.now() + minute * 60_000),
        finishedAt: new Date(Date.now() + minute * 60_000),
      })
      .returning()
    return row!.id
  }
  const follower = async (site: string) =>
    (await db().select().from(trackedSites).where(eq(trackedSites.id, ids[site]!)))[0]?.userId
  const latest = (who: Who, kind: string, address?: string) =>
    call(
      who,
      'GET',
      `/seo-task-manager/latest?${new URLSearchParams({ kind, ...(address ? { url: address } : {}) })}`,
    )
  const status = (who: Who, taskId: string) => call(who, 'GET', `/seo-task-manager/status?taskId=${taskId}`)

  beforeAll(async () => {
    const pg = url ? await url() : undefined
    drop = pg?.drop
    config = testConfig({
      port: await freePort(),
      databaseUrl: pg?.url,
      env: { FAROL_WORKERS: '0', FAROL_ALLOW_PRIVATE_TARGETS: '1', FAROL_RATE_LIMIT_SIGN_UP: '20' },
    })
    farol = await startFarol(config, createLogger('silent'))
    for (const who of people) {
      cookies[who] = await signedInUser(farol, email(who))
      ids[who] = (
        await db()
          .select()
          .from(users)
          .where(eq(users.email, email(who)))
      )[0]!.id
    }
    // Ana's agency: Carla, Eva, Fábio and Gil members, Dora a client; Bruno is in his own workspace only.
    ids.agency = (await call('ana', 'POST', '/workspaces', { name: 'Agência Farol' })).body.id
    await db()
      .insert(members)
      .values(
        (['carla', 'eva', 'fabio', 'gil', 'dora'] as const).map((who) => ({
          id: `follow-${who}`,
          organizationId: ids.agency!,
          userId: ids[who]!,
          role: who === 'dora' ? 'client' : 'member',
        })),
      )
    for (const who of ['carla', 'dora', 'eva', 'fabio', 'gil'] as const)
      expect((await call(who, 'POST', '/workspaces/active', { workspaceId: ids.agency })).status).toBe(200)
    // Each site followed by whoever added it.
    for (const [who, site] of [
      ['carla', 'um'],
      ['ana', 'dois'],
      ['eva', 'quatro'],
      ['fabio', 'cinco'],
      ['gil', 'seis'],
    ] as const) {
      const r = await call(who, 'POST', '/sites', { url: siteUrl[site] })
      expect(r.status).toBe(201)
      ids[site] = r.body.id
    }
    expect((await call('ana', 'POST', `/sites/${ids.um}/shares`, { userId: ids.dora })).status).toBe(201)
    // Bruno's own site, of um's host too, in his personal workspace.
    expect((await call('bruno', 'POST', '/sites', { url: siteUrl.um })).status).toBe(201)

    // What the analyses left, oldest first.
    ids.crawlUm = await task('carla', 'site_crawl', siteUrl.um)
    ids.llmUm = await task('carla', 'llm_presence', siteUrl.um)
    ids.seoUm = await task('carla', 'seo_analysis', siteUrl.um, 'desktop')
    ids.seoUmMobile = await task('carla', 'seo_analysis', siteUrl.um, 'mobile')
    ids.aioUm = await task('carla', 'ai_optimization', siteUrl.um)
    ids.keywordsCarla = await task('carla', 'keyword_research', siteUrl.um)
    ids.crawlDois = await task('ana', 'site_crawl', siteUrl.dois)
    ids.crawlBruno = await task('bruno', 'site_crawl', siteUrl.um)
    ids.llmBruno = await task('bruno', 'llm_presence', siteUrl.um)
    // Carla's crawl as the crawl store knows it (its id is its task's), made by a run of "um".
    await db()
      .insert(siteCrawls)
      .values({ id: ids.crawlUm!, userId: ids.carla!, startUrl: siteUrl.um, maxPages: 10 })
    await db()
      .insert(siteRuns)
      .values({ siteId: ids.um!, status: 'success', taskIds: { crawl: ids.crawlUm!, llm: ids.llmUm! } })
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
    await drop?.()
  })

  it('opens the active workspace’s latest crawl and AI-presence run for an owner, a member and a client', async () => {
    // Ana's newest crawl is her own of "dois"; of um's address, Carla's (not Bruno's newer one).
    expect((await latest('ana', 'site_crawl')).body.taskId).toBe(ids.crawlDois)
    expect((await latest('ana', 'site_crawl', siteUrl.um)).body.taskId).toBe(ids.crawlUm)
    expect((await latest('ana', 'llm_presence', siteUrl.um)).body.taskId).toBe(ids.llmUm)
    // Eva, a member who ran nothing, opens the workspace's.
    expect((await latest('eva', 'site_crawl')).body.taskId).toBe(ids.crawlDois)
    expect((await latest('eva', 'llm_presence')).body.taskId).toBe(ids.llmUm)
    // Dora, a client, only the shared site's.
    expect((await latest('dora', 'site_crawl')).body.taskId).toBe(ids.crawlUm)
    expect((await latest('dora', 'site_crawl', siteUrl.dois)).status).toBe(404)
    // Bruno, in his own workspace, his own: never the agency's, though his site has the same host.
    expect((await latest('bruno', 'site_crawl', siteUrl.um)).body.taskId).toBe(ids.crawlBruno)
    expect((await latest('bruno', 'llm_presence')).body.taskId).toBe(ids.llmBruno)
    // A personal tool's task stays its starter's.
    expect((await latest('ana', 'keyword_research')).status).toBe(404)
  })

  it('opens those tasks (status, events, report data) for the workspace, and for no one else', async () => {
    for (const who of ['ana', 'eva', 'dora'] as const) {
      const s = await status(who, ids.crawlUm!)
      expect(s.status).toBe(200)
      expect(s.body.taskId).toBe(ids.crawlUm)
    }
    expect((await status('eva', ids.llmUm!)).status).toBe(200)
    expect((await status('dora', ids.crawlDois!)).status).toBe(404)
    expect((await status('bruno', ids.crawlUm!)).status).toBe(404)
    expect((await status('ana', ids.crawlBruno!)).status).toBe(404)
    expect((await status('ana', ids.keywordsCarla!)).status).toBe(404)
    const events = await fetch(`${farol.url}/api/tasks/${ids.crawlUm}/events`, {
      headers: { cookie: cookies.eva!, origin: farol.url },
    })
    expect(events.status).toBe(200)
    expect(await events.text()).toContain('event: done')
    const stranger = await fetch(`${farol.url}/api/tasks/${ids.crawlUm}/events`, {
      headers: { cookie: cookies.bruno!, origin: farol.url },
    })
    expect(stranger.status).toBe(404)
    // The printable report of those analyses.
    const reportIds = {
      desktopTaskId: ids.seoUm,
      mobileTaskId: ids.seoUmMobile,
      aiOptimizationTaskId: ids.aioUm,
    }
    expect((await call('eva', 'POST', '/get-report-data', reportIds)).status).toBe(200)
    expect((await call('dora', 'POST', '/get-report-data', reportIds)).status).toBe(200)
    expect((await call('bruno', 'POST', '/get-report-data', reportIds)).status).toBe(404)
    // The dashboards' latest analysis of the address: Carla's, for Eva.
    const analysis = await call(
      'eva',
      'GET',
      `/seo-task-manager/latest-analysis?url=${encodeURIComponent(siteUrl.um)}`,
    )
    expect(analysis.body.parts.desktop.taskId).toBe(ids.seoUm)
    expect(
      (await call('bruno', 'GET', `/seo-task-manager/latest-analysis?url=${encodeURIComponent(siteUrl.um)}`))
        .body.parts,
    ).toEqual({})
  })

  it('follows the switch: in her personal workspace Ana opens nothing of the agency', async () => {
    const personal = (await call('ana', 'GET', '/workspaces')).body.workspaces.find(
      (w: { personal: boolean }) => w.personal,
    )
    expect((await call('ana', 'POST', '/workspaces/active', { workspaceId: personal.id })).status).toBe(200)
    expect((await latest('ana', 'site_crawl', siteUrl.um)).status).toBe(404)
    expect((await status('ana', ids.crawlUm!)).status).toBe(404)
    expect((await call('ana', 'POST', '/workspaces/active', { workspaceId: ids.agency })).status).toBe(200)
    expect((await status('ana', ids.crawlUm!)).status).toBe(200)
  })

  it('keeps a removed follower’s site monitored for the workspace, without them', async () => {
    // Ana set up the AI-presence settings of "um" (the workspace's); its weekly report goes to Carla and to
    // the client.
    expect(
      (
        await call('ana', 'PUT', `/sites/${ids.um}/llm/settings`, {
          brand: 'Um',
          aliases: [],
          competitors: [],
          prompts: null,
        })
      ).status,
    ).toBe(200)
    expect(
      (
        await call('ana', 'PUT', `/sites/${ids.um}/report-schedule`, {
          frequency: 'weekly',
          recipients: [email('carla'), 'cliente@um.pt'],
        })
      ).status,
    ).toBe(200)
    expect((await call('ana', 'DELETE', '/workspaces/current/members/follow-carla')).status).toBe(204)
    // The site is Ana's to monitor now, with its schedule, the workspace's settings and its crawl history.
    expect(await follower('um')).toBe(ids.ana)
    const schedules = await farol.boss.getSchedules(monitorQueue)
    expect(schedules.some((s) => s.key === ids.um)).toBe(true)
    expect((await call('ana', 'GET', `/sites/${ids.um}/llm/settings`)).body.brand).toBe('Um')
    const crawls = await call('ana', 'GET', `/sites/${ids.um}/crawls`)
    expect(crawls.body.crawls.map((c: { id: string }) => c.id)).toEqual([ids.crawlUm])
    expect((await status('eva', ids.crawlUm!)).status).toBe(200)
    const [schedule] = await db().select().from(reportSchedules).where(eq(reportSchedules.siteId, ids.um!))
    expect(schedule!.recipients).toEqual(['cliente@um.pt'])
    // Carla sees nothing of it any more.
    expect((await call('carla', 'GET', `/sites/${ids.um}/history`)).status).toBe(404)
    // What she made there stays the workspace's: her own analysis too.
    expect((await status('carla', ids.llmUm!)).status).toBe(404)
    expect((await status('eva', ids.llmUm!)).status).toBe(200)
    expect((await latest('carla', 'site_crawl', siteUrl.dois)).status).toBe(404)
  })

  it('hands over the site of a member who leaves, and of one whose account is erased', async () => {
    expect(
      (
        await call('ana', 'PUT', `/sites/${ids.quatro}/report-schedule`, {
          frequency: 'monthly',
          recipients: [email('eva')],
        })
      ).status,
    ).toBe(200)
    // Farol's own route (the plugin's /api/auth/organization/leave is off): Eva's active workspace is the agency.
    expect((await call('eva', 'GET', '/workspaces')).body.active.id).toBe(ids.agency)
    expect((await call('eva', 'POST', '/workspaces/current/leave')).status).toBe(204)
    expect(await follower('quatro')).toBe(ids.ana)
    const [schedule] = await db()
      .select()
      .from(reportSchedules)
      .where(eq(reportSchedules.siteId, ids.quatro!))
    expect(schedule!.recipients).toEqual([email('ana')])
    // An erased account no longer takes the team's site with it.
    expect((await deleteAccount(db(), email('gil'))).ok).toBe(true)
    expect(await follower('seis')).toBe(ids.ana)
  })

  it('the monitor hands over a site whose follower lost the right behind its back, and mails the owner', async () => {
    // Fábio made a client directly in the database: no hook ran.
    await db()
      .update(members)
      .set({ role: 'client' })
      .where(and(eq(members.organizationId, ids.agency!), eq(members.userId, ids.fabio!)))
    const mails: { to: string; kind: string; content: EmailContent }[] = []
    const outbox = {
      queue: async (to: string, kind: string, content: EmailContent) => {
        mails.push({ to, kind, content })
        return String(mails.length)
      },
    }
    // A run that cannot wait for its analyses fails at once: its mail says who it is for.
    await runMonitor(
      { db: db(), boss: farol.boss, config, log: createLogger('silent'), outbox, auth: undefined as never },
      { data: { siteId: ids.cinco! }, signal: AbortSignal.abort() },
    )
    expect(await follower('cinco')).toBe(ids.ana)
    expect(mails.map((m) => [m.to, m.kind])).toEqual([[email('ana'), 'site-monitor-failed']])
    const [run] = await db().select().from(siteRuns).where(eq(siteRuns.siteId, ids.cinco!))
    const started = await db().select().from(tasks).where(eq(tasks.userId, ids.ana!))
    expect(started.filter((t) => Object.values(run!.taskIds).includes(t.id))).toHaveLength(3)
  })
})
