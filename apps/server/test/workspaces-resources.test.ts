// The rest of a workspace's resources through the one access resolver (workspaces/access.ts), as a matrix
// of roles × resources × actions over the HTTP API (embedded PGlite, and PostgreSQL when TEST_DATABASE_URL
// is set): a tracked site's AI-presence settings and runs, its crawls and their tables, the suite's reports
// list and files, the site's webhooks and IndexNow key, the API's and MCP's site list; and changing a
// member's role or removing them, the last owner kept. An owner and a member read and write; a client reads
// only what is shared with them and every write of theirs is refused with nothing changed; an outsider
// sees nothing (404).

import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import type { Config } from '../src/platform/config.ts'
import {
  llmSettings,
  members,
  reports,
  siteCrawls,
  siteWebhooks,
  tasks,
  users,
} from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { createReportStore } from '../src/platform/storage/storage.ts'
import { personalWorkspaceId } from '../src/tenancy/access.ts'
import { apiCaller, freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

type Who = 'ana' | 'carla' | 'dora' | 'bruno'
// Two hosts: a tracked site's crawls are its follower's crawls of its host (workspaces/access.ts).
const siteUrl = { um: 'http://127.0.0.1:9/um', dois: 'http://127.0.0.2:9/dois' }

describe.each(databases)('workspace resources on $kind', ({ url }) => {
  let farol: RunningFarol
  let config: Config
  let drop: (() => Promise<void>) | undefined
  const cookies: Record<string, string> = {}
  const ids: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)
  const userId = async (email: string) =>
    (await farol.database.db.select().from(users).where(eq(users.email, email)))[0]!.id

  beforeAll(async () => {
    const pg = url ? await url() : undefined
    drop = pg?.drop
    config = testConfig({
      port: await freePort(),
      databaseUrl: pg?.url,
      env: { FAROL_ALLOW_PRIVATE_TARGETS: '1' },
    })
    farol = await startFarol(config, createLogger('silent'))
    for (const who of ['ana', 'carla', 'dora', 'bruno'] as const)
      cookies[who] = await signedInUser(farol, `${who}.res@exemplo.pt`)
    for (const who of ['ana', 'carla', 'dora', 'bruno'] as const)
      ids[who] = await userId(`${who}.res@exemplo.pt`)
    // Ana's agency with Carla (member) and Dora (client); Bruno is in no one's workspace but his own.
    const made = await call('ana', 'POST', '/workspaces', { name: 'Agência Mar' })
    ids.agency = made.body.id
    const db = farol.database.db
    await db.insert(members).values([
      { id: 'res-carla', organizationId: ids.agency!, userId: ids.carla!, role: 'member' },
      { id: 'res-dora', organizationId: ids.agency!, userId: ids.dora!, role: 'client' },
    ])
    for (const who of ['carla', 'dora'] as const)
      expect((await call(who, 'POST', '/workspaces/active', { workspaceId: ids.agency })).status).toBe(200)
    for (const name of ['um', 'dois'] as const) {
      const r = await call('ana', 'POST', '/sites', { url: siteUrl[name] })
      expect(r.status).toBe(201)
      ids[name] = r.body.id
    }
    expect((await call('ana', 'POST', `/sites/${ids.um}/shares`, { userId: ids.dora })).status).toBe(201)
    // What the sites' monitoring made on Ana's behalf in the agency (written directly: running it is other
    // tests' job): a crawl of each site and an AI-presence run of "um"; Bruno's own crawl of the same host
    // in his personal workspace.
    expect((await call('bruno', 'GET', '/workspaces')).status).toBe(200) // his personal one exists now
    for (const [key, owner, start] of [
      ['crawlUm', ids.ana, 'http://127.0.0.1:9/um'],
      ['crawlDois', ids.ana, 'http://127.0.0.2:9/dois/'],
      ['crawlBruno', ids.bruno, 'http://127.0.0.1:9/um'],
    ] as const) {
      // A crawl's workspace is its task's (same id), as the site_crawl capability makes them.
      const workspaceId = owner === ids.bruno ? personalWorkspaceId(ids.bruno!) : ids.agency!
      const id = crypto.randomUUID()
      await db.insert(tasks).values({ id, kind: 'site_crawl', url: start, userId: owner!, workspaceId })
      const [row] = await db
        .insert(siteCrawls)
        .values({ id, userId: owner!, startUrl: start, maxPages: 10 })
        .returning()
      ids[key] = row!.id
    }
    await db.insert(tasks).values({
      kind: 'llm_presence',
      url: 'http://127.0.0.1:9/um',
      userId: ids.ana!,
      workspaceId: ids.agency!,
      status: 'success',
      results: { report: { presenceScore: 42, competitors: [{ name: 'Concorrente', score: 30 }] } },
      finishedAt: new Date(),
    })
    // Reports made in the agency (one per site), and one in Ana's personal workspace.
    await createReportStore(config).put('res-report.pdf', Buffer.from('%PDF-1.4\n%%EOF\n'))
    for (const [key, site, workspace] of [
      ['reportUm', 'um', ids.agency],
      ['reportDois', 'dois', ids.agency],
      ['reportPersonal', 'um', null],
    ] as const) {
      const [row] = await db
        .insert(reports)
        .values({
          url: siteUrl[site],
          userId: ids.ana!,
          workspaceId: workspace,
          status: 'success',
          fileName: 'res-report.pdf',
        })
        .returning()
      ids[key] = row!.id
    }
  }, 120_000)
  afterAll(async () => {
    await farol?.stop()
    await drop?.()
  })

  it('AI-presence settings and runs of a tracked site: owners and admins change them, members and a client read', async () => {
    const settings = { brand: 'Mar Azul', aliases: ['MarAzul'], competitors: [], prompts: null }
    // A member reads them and changes nothing (as schedules, decision 044).
    const byMember = await call('carla', 'PUT', `/sites/${ids.um}/llm/settings`, settings)
    expect(byMember.status).toBe(403)
    expect((await call('ana', 'PUT', `/sites/${ids.um}/llm/settings`, settings)).status).toBe(200)
    // They are the workspace's (the ones its monitoring runs ask with): Carla reads Ana's edit.
    const read = await call('carla', 'GET', `/sites/${ids.um}/llm/settings`)
    expect(read.body).toMatchObject({ brand: 'Mar Azul', aliases: ['MarAzul'] })
    const [row] = await farol.database.db
      .select()
      .from(llmSettings)
      .where(eq(llmSettings.workspaceId, ids.agency!))
    expect(row).toMatchObject({ brand: 'Mar Azul', userId: ids.ana })
    expect((await call('dora', 'GET', `/sites/${ids.um}/llm/settings`)).body.brand).toBe('Mar Azul')
    const history = await call('dora', 'GET', `/sites/${ids.um}/llm/history`)
    expect(history.body.runs).toHaveLength(1)
    expect(history.body.runs[0]).toMatchObject({ presenceScore: 42, shareOfVoice: { Concorrente: 30 } })
    expect((await call('carla', 'GET', `/sites/${ids.um}/llm/history`)).body.runs).toHaveLength(1)
    // A client changes nothing; a site not shared with them, or of another workspace, does not exist.
    const refused = await call('dora', 'PUT', `/sites/${ids.um}/llm/settings`, {
      ...settings,
      brand: 'Outra',
    })
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('FORBIDDEN')
    expect((await call('ana', 'GET', `/sites/${ids.um}/llm/settings`)).body.brand).toBe('Mar Azul')
    expect((await call('dora', 'GET', `/sites/${ids.dois}/llm/settings`)).status).toBe(404)
    expect((await call('dora', 'GET', `/sites/${ids.dois}/llm/history`)).status).toBe(404)
    for (const [method, path] of [
      ['GET', `/sites/${ids.um}/llm/settings`],
      ['GET', `/sites/${ids.um}/llm/history`],
      ['PUT', `/sites/${ids.um}/llm/settings`],
    ] as const)
      expect((await call('bruno', method, path, method === 'PUT' ? settings : undefined)).status).toBe(404)
  })

  it('crawls of a tracked site: whoever sees the site reads them and their tables, no one else', async () => {
    const listed = async (who: Who, site: string) => {
      const r = await call(who, 'GET', `/sites/${site}/crawls`)
      return r.status === 200 ? (r.body.crawls as { id: string }[]).map((x) => x.id) : r.status
    }
    expect(await listed('ana', ids.um!)).toEqual([ids.crawlUm])
    expect(await listed('carla', ids.um!)).toEqual([ids.crawlUm])
    expect(await listed('dora', ids.um!)).toEqual([ids.crawlUm])
    expect(await listed('carla', ids.dois!)).toEqual([ids.crawlDois])
    expect(await listed('dora', ids.dois!)).toBe(404)
    expect(await listed('bruno', ids.um!)).toBe(404)
    const table = (who: Who, crawl: string) => call(who, 'GET', `/site-audit/crawls/${crawl}/issues`)
    for (const who of ['ana', 'carla', 'dora'] as const)
      expect((await table(who, ids.crawlUm!)).status).toBe(200)
    // Bruno's own crawl of the same host stays his; Dora does not see the crawl of a site not shared.
    expect((await table('bruno', ids.crawlBruno!)).status).toBe(200)
    for (const who of ['ana', 'carla', 'dora'] as const)
      expect((await table(who, ids.crawlBruno!)).status).toBe(404)
    expect((await table('bruno', ids.crawlUm!)).status).toBe(404)
    expect((await table('dora', ids.crawlDois!)).status).toBe(404)
    expect((await table('carla', 'not-a-uuid')).status).toBe(404)
  })

  it('the suite’s reports: the workspace’s for members, the shared sites’ for a client', async () => {
    const listed = async (who: Who) =>
      ((await call(who, 'GET', '/reports')).body.reports as { id: string }[]).map((r) => r.id).sort()
    expect(await listed('ana')).toEqual([ids.reportUm, ids.reportDois].sort())
    expect(await listed('carla')).toEqual([ids.reportUm, ids.reportDois].sort())
    expect(await listed('dora')).toEqual([ids.reportUm])
    expect(await listed('bruno')).toEqual([])
    const file = (who: Who, id: string) => call(who, 'GET', `/reports/${id}/file`)
    expect((await file('carla', ids.reportDois!)).status).toBe(200)
    expect((await file('dora', ids.reportUm!)).status).toBe(200)
    expect((await file('dora', ids.reportDois!)).status).toBe(404)
    expect((await file('bruno', ids.reportUm!)).status).toBe(404)
    expect((await file('carla', ids.reportPersonal!)).status).toBe(404)
    // Ana's report made before workspaces (none named) is in her personal workspace, not the agency.
    const personal = (await call('ana', 'GET', '/workspaces')).body.workspaces[0].id
    expect((await call('ana', 'POST', '/workspaces/active', { workspaceId: personal })).status).toBe(200)
    expect(await listed('ana')).toEqual([ids.reportPersonal])
    expect((await call('ana', 'POST', '/workspaces/active', { workspaceId: ids.agency })).status).toBe(200)
    // Read-only links to a report: members make them, a client may not, an outsider finds no report.
    const link = (who: Who) => call(who, 'POST', `/reports/${ids.reportUm}/links`, { days: 7 })
    expect((await link('carla')).status).toBe(201)
    const refused = await link('dora')
    expect(refused.status).toBe(403)
    expect(refused.body.error.code).toBe('FORBIDDEN')
    expect((await link('bruno')).status).toBe(404)
    expect((await call('carla', 'GET', `/reports/${ids.reportUm}/links`)).body.links).toHaveLength(1)
    // A client makes no report in the workspace.
    const before = await farol.database.db.select().from(reports)
    const made = await call('dora', 'POST', '/reports', { url: 'http://127.0.0.1:9/um' })
    expect(made.status).toBe(403)
    expect(made.body.error.code).toBe('FORBIDDEN')
    expect(await farol.database.db.select().from(reports)).toHaveLength(before.length)
  })

  it('webhooks and IndexNow of a site: owners and admins manage them, members read them, a client never', async () => {
    const hook = { url: 'http://127.0.0.1:9/hook', events: ['alert'] }
    expect((await call('carla', 'POST', `/sites/${ids.um}/webhooks`, hook)).status).toBe(403)
    const added = await call('ana', 'POST', `/sites/${ids.um}/webhooks`, hook)
    expect(added.status).toBe(201)
    expect((await call('carla', 'GET', `/sites/${ids.um}/webhooks`)).body.webhooks).toHaveLength(1)
    expect((await call('carla', 'GET', `/sites/${ids.um}/indexnow`)).status).toBe(200)
    expect(
      (await call('carla', 'PUT', `/sites/${ids.um}/indexnow`, { key: 'a1b2c3d4e5f6a7b8' })).status,
    ).toBe(403)
    // The key is checked after access: an owner reaches the validation.
    const badKey = await call('ana', 'PUT', `/sites/${ids.um}/indexnow`, { key: 'x' })
    expect(badKey.body.error.code).toBe('INDEXNOW_KEY')
    const clientCalls: [string, string, unknown?][] = [
      ['GET', `/sites/${ids.um}/webhooks`],
      ['POST', `/sites/${ids.um}/webhooks`, hook],
      ['DELETE', `/sites/${ids.um}/webhooks/${added.body.id}`],
      ['GET', `/sites/${ids.um}/indexnow`],
      ['PUT', `/sites/${ids.um}/indexnow`, { key: 'a1b2c3d4e5f6a7b8' }],
      ['DELETE', `/sites/${ids.um}/indexnow`],
    ]
    for (const [method, path, body] of clientCalls) {
      const r = await call('dora', method, path, body)
      expect(r.status, `${method} ${path}`).toBe(403)
      expect(r.body.error.code).toBe('FORBIDDEN')
      expect((await call('bruno', method, path, body)).status, `bruno ${method} ${path}`).toBe(404)
    }
    expect((await call('dora', 'GET', `/sites/${ids.dois}/webhooks`)).status).toBe(404)
    const rows = await farol.database.db.select().from(siteWebhooks).where(eq(siteWebhooks.siteId, ids.um!))
    expect(rows).toHaveLength(1)
    expect((await call('carla', 'DELETE', `/sites/${ids.um}/webhooks/${added.body.id}`)).status).toBe(403)
    expect((await call('ana', 'DELETE', `/sites/${ids.um}/webhooks/${added.body.id}`)).status).toBe(204)
  })

  it('the API’s and MCP’s site list is the token’s workspace’s, as its role sees it', async () => {
    const tokenOf = async (who: Who) =>
      (await call(who, 'POST', '/account/tokens', { name: 'lista', scopes: ['read', 'sites'] })).body
        .token as string
    const sitesOf = async (token: string) => {
      const client = new Client({ name: 'farol-test', version: '1.0.0' })
      await client.connect(
        new StreamableHTTPClientTransport(new URL(`${farol.url}/mcp`), {
          requestInit: { headers: { authorization: `Bearer ${token}` } },
        }),
      )
      const answer = (await client.callTool({ name: 'list_tracked_sites', arguments: {} })) as {
        structuredContent?: { sites: { url: string }[] }
        content: { text: string }[]
      }
      await client.close()
      const rest = await fetch(`${farol.url}/api/v1/sites`, { headers: { authorization: `Bearer ${token}` } })
      const viaRest = ((await rest.json()) as { sites: { url: string }[] }).sites.map((s) => s.url).sort()
      return { text: answer.content[0]!.text, rest: viaRest }
    }
    const carla = await sitesOf(await tokenOf('carla'))
    expect(carla.rest).toEqual([siteUrl.um, siteUrl.dois])
    expect(carla.text).toContain(siteUrl.dois)
    const dora = await sitesOf(await tokenOf('dora'))
    expect(dora.rest).toEqual([siteUrl.um])
    expect(dora.text).not.toContain('/dois')
    expect((await sitesOf(await tokenOf('bruno'))).rest).toEqual([])
  })

  it('owners and admins change a member’s role and remove them; the last owner stays', async () => {
    const people = async () =>
      (await call('ana', 'GET', '/workspaces/current/members')).body.members as {
        id: string
        email: string
        role: string
      }[]
    const anaMember = (await people()).find((p) => p.email === 'ana.res@exemplo.pt')!
    // The last owner can neither step down nor be removed, by themselves.
    const demote = await call('ana', 'PATCH', `/workspaces/current/members/${anaMember.id}`, {
      role: 'admin',
    })
    expect(demote.status).toBe(409)
    expect(demote.body.error.code).toBe('LAST_OWNER')
    expect((await call('ana', 'DELETE', `/workspaces/current/members/${anaMember.id}`)).body.error.code).toBe(
      'LAST_OWNER',
    )
    expect(
      (await call('ana', 'PATCH', '/workspaces/current/members/res-carla', { role: 'boss' })).body.error.code,
    ).toBe('MEMBER_ROLE_INPUT')
    // A member and a client change nobody.
    expect(
      (await call('carla', 'PATCH', '/workspaces/current/members/res-dora', { role: 'member' })).status,
    ).toBe(403)
    expect(
      (await call('dora', 'PATCH', '/workspaces/current/members/res-dora', { role: 'owner' })).status,
    ).toBe(403)
    expect(
      (await call('ana', 'PATCH', '/workspaces/current/members/nobody', { role: 'member' })).status,
    ).toBe(404)
    expect((await people()).find((p) => p.id === 'res-dora')?.role).toBe('client')
    // Carla made admin: she now manages Dora, but not Ana (an owner).
    expect(
      (await call('ana', 'PATCH', '/workspaces/current/members/res-carla', { role: 'admin' })).status,
    ).toBe(200)
    expect(
      (await call('carla', 'PATCH', `/workspaces/current/members/${anaMember.id}`, { role: 'member' }))
        .status,
    ).toBe(403)
    // Dora made an admin changes settings at once (same session); made a client again, she cannot.
    expect(
      (await call('carla', 'PATCH', '/workspaces/current/members/res-dora', { role: 'admin' })).status,
    ).toBe(200)
    expect((await call('dora', 'PUT', `/sites/${ids.dois}/llm/settings`, { brand: 'Dois' })).status).toBe(200)
    expect(
      (await call('carla', 'PATCH', '/workspaces/current/members/res-dora', { role: 'client' })).status,
    ).toBe(200)
    expect((await call('dora', 'GET', `/sites/${ids.dois}/llm/settings`)).status).toBe(404)
    // With a second owner, Ana may step down; Carla (admin) removes Dora, who loses access at once.
    expect(
      (await call('ana', 'PATCH', '/workspaces/current/members/res-carla', { role: 'owner' })).status,
    ).toBe(200)
    expect(
      (await call('ana', 'PATCH', `/workspaces/current/members/${anaMember.id}`, { role: 'admin' })).status,
    ).toBe(200)
    expect((await call('carla', 'DELETE', '/workspaces/current/members/res-dora')).status).toBe(204)
    expect((await call('dora', 'GET', `/sites/${ids.um}/llm/settings`)).status).toBe(404)
    expect((await call('dora', 'GET', '/reports')).body.reports).toEqual([])
    const left = await people()
    expect(left.map((p) => [p.email, p.role]).sort()).toEqual([
      ['ana.res@exemplo.pt', 'admin'],
      ['carla.res@exemplo.pt', 'owner'],
    ])
  })
})
