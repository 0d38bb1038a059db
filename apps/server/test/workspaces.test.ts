// Workspaces and their access rules, through the HTTP API on a running Farol (embedded PGlite, and
// PostgreSQL when TEST_DATABASE_URL is set): the invitation flow with real mail on a loopback SMTP server,
// and a matrix of roles × resources × actions. A member of one workspace reads nothing of another, a
// client reads only the sites shared with them and changes nothing, a removed member loses access on their
// very next request with the same session, and a user with only a personal workspace sees what they saw.

import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deleteAccount } from '../src/composition/admin/roles.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { loadReportData } from '../src/features/reports/report-data.ts'
import type { Config } from '../src/platform/config.ts'
import { members, organizations, reports, tasks, trackedSites, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { createReportStore } from '../src/platform/storage/storage.ts'
import { personalWorkspaceId } from '../src/tenancy/access.ts'
import {
  apiCaller,
  freePort,
  freshPostgres,
  linkIn,
  signedInUser,
  startSmtpCapture,
  testConfig,
  testDatabaseUrl,
} from './helpers.ts'

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

describe.each(databases)('workspaces on $kind', ({ url }) => {
  let farol: RunningFarol
  let config: Config
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>
  let drop: (() => Promise<void>) | undefined
  const cookies: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)
  const siteIds = (who: string) =>
    call(who, 'GET', '/sites').then((r) => (r.body.sites as { url: string }[]).map((s) => s.url).sort())

  beforeAll(async () => {
    smtp = await startSmtpCapture()
    const pg = url ? await url() : undefined
    drop = pg?.drop
    config = testConfig({
      port: await freePort(),
      databaseUrl: pg?.url,
      env: { FAROL_ALLOW_PRIVATE_TARGETS: '1', SMTP_URL: smtp.url, FAROL_SITES_PER_USER: '3' },
    })
    farol = await startFarol(config, createLogger('silent'))
    for (const who of ['ana', 'bruno', 'carla', 'dora', 'eva'])
      cookies[who] = await signedInUser(farol, `${who}.ws@exemplo.pt`)
  }, 120_000)
  afterAll(async () => {
    await farol?.stop()
    await smtp?.close()
    await drop?.()
  })

  let agency = ''
  const sites: Record<string, string> = {}
  const invitationFor = async (email: string, role: string, after: number) => {
    const sent = await call('ana', 'POST', '/workspaces/current/invitations', { email, role })
    expect(sent.status).toBe(201)
    const mail = await smtp.next(email, after, 60_000)
    return { id: sent.body.id as string, mail }
  }

  it('gives every account a personal workspace and keeps a single user’s sites as before', async () => {
    const mine = await call('bruno', 'GET', '/workspaces')
    expect(mine.status).toBe(200)
    expect(mine.body.workspaces).toHaveLength(1)
    expect(mine.body.active).toMatchObject({ personal: true, role: 'owner' })
    const followed = await call('bruno', 'POST', '/sites', { url: 'http://127.0.0.1:9/bruno' })
    expect(followed.status).toBe(201)
    sites.bruno = followed.body.id
    expect(await siteIds('bruno')).toEqual(['http://127.0.0.1:9/bruno'])
    expect((await call('bruno', 'GET', `/sites/${sites.bruno}/history`)).status).toBe(200)
  })

  it('creates a workspace that becomes the active one, with its own sites', async () => {
    expect((await call('ana', 'POST', '/workspaces', { name: '  ' })).body.error.code).toBe('WORKSPACE_NAME')
    const created = await call('ana', 'POST', '/workspaces', { name: 'Agência Sol' })
    expect(created.status).toBe(201)
    agency = created.body.id
    const list = await call('ana', 'GET', '/workspaces')
    expect(list.body.active).toMatchObject({
      id: agency,
      name: 'Agência Sol',
      role: 'owner',
      personal: false,
    })
    expect(list.body.workspaces.map((w: { personal: boolean }) => w.personal)).toEqual([true, false])
    for (const name of ['um', 'dois']) {
      const r = await call('ana', 'POST', '/sites', { url: `http://127.0.0.1:9/${name}` })
      expect(r.status).toBe(201)
      sites[name] = r.body.id
    }
    expect(await siteIds('ana')).toEqual(['http://127.0.0.1:9/dois', 'http://127.0.0.1:9/um'])
    // Ana's personal workspace has none of them.
    const personal = list.body.workspaces[0].id
    expect((await call('ana', 'POST', '/workspaces/active', { workspaceId: personal })).status).toBe(200)
    expect(await siteIds('ana')).toEqual([])
    expect((await call('ana', 'GET', `/sites/${sites.um}/history`)).status).toBe(404)
    expect((await call('ana', 'POST', '/workspaces/active', { workspaceId: agency })).status).toBe(200)
    expect(await siteIds('ana')).toHaveLength(2)
  })

  it('invites by email (in the invitee’s language), and the invitee accepts or declines', async () => {
    expect(
      (await call('ana', 'POST', '/workspaces/current/invitations', { email: 'x', role: 'member' })).body
        .error.code,
    ).toBe('INVITATION_INPUT')
    expect(
      (await call('ana', 'POST', '/workspaces/current/invitations', { email: 'a@b.pt', role: 'owner' }))
        .status,
    ).toBe(400)
    const before = smtp.messages.length
    const carla = await invitationFor('carla.ws@exemplo.pt', 'member', before)
    expect(carla.mail.text).toContain('convidou-o para o espaço de trabalho «Agência Sol» no Farol')
    expect(carla.mail.text).toContain('com o papel de membro.')
    expect(carla.mail.text).toContain('Agência Sol')
    const link = linkIn(carla.mail, 'http://127.0.0.1')
    expect(link.endsWith(`/invitation/${carla.id}`)).toBe(true)
    // The page's data, for a person not signed in.
    const page = await call('nobody', 'GET', `/invitations/${carla.id}`)
    expect(page.body).toMatchObject({
      email: 'carla.ws@exemplo.pt',
      workspace: 'Agência Sol',
      status: 'pending',
    })
    expect((await call('nobody', 'GET', '/invitations/nao-existe-123')).body.error.code).toBe(
      'INVITATION_INVALID',
    )
    // Only the addressee may accept; accepting makes the workspace Carla's active one.
    expect((await call('bruno', 'POST', `/invitations/${carla.id}/accept`)).status).toBe(404)
    expect((await call('nobody', 'POST', `/invitations/${carla.id}/accept`)).status).toBe(401)
    expect((await call('carla', 'POST', `/invitations/${carla.id}/accept`)).status).toBe(200)
    expect((await call('carla', 'GET', '/workspaces')).body.active).toMatchObject({
      id: agency,
      role: 'member',
    })
    expect((await call('carla', 'POST', `/invitations/${carla.id}/accept`)).status).toBe(404)

    const dora = await invitationFor('dora.ws@exemplo.pt', 'client', smtp.messages.length)
    expect((await call('dora', 'POST', `/invitations/${dora.id}/accept`)).status).toBe(200)
    expect((await call('dora', 'GET', '/workspaces')).body.active).toMatchObject({
      id: agency,
      role: 'client',
    })

    // An English account gets the English mail; a declined invitation adds no member.
    await farol.database.db.execute(
      (await import('drizzle-orm')).sql`update users set lang = 'en' where email = 'eva.ws@exemplo.pt'`,
    )
    const eva = await invitationFor('eva.ws@exemplo.pt', 'member', smtp.messages.length)
    expect(eva.mail.text).toContain(
      'invited you to the workspace “Agência Sol” on Farol, with the role of member.',
    )
    expect((await call('eva', 'POST', `/invitations/${eva.id}/decline`)).status).toBe(200)
    expect((await call('eva', 'GET', '/workspaces')).body.workspaces).toHaveLength(1)
    expect((await call('nobody', 'GET', `/invitations/${eva.id}`)).body.status).toBe('rejected')
  })

  it('an invitee without an account gets the email in the language the inviter chose (default: the inviter’s)', async () => {
    const { sql } = await import('drizzle-orm')
    const invite = async (email: string, lang?: 'pt' | 'en') => {
      const after = smtp.messages.length
      const sent = await call('ana', 'POST', '/workspaces/current/invitations', {
        email,
        role: 'client',
        ...(lang ? { lang } : {}),
      })
      expect(sent.status).toBe(201)
      const mail = await smtp.next(email, after, 60_000)
      // Withdrawn again: the tests below count the workspace's people.
      expect((await call('ana', 'DELETE', `/workspaces/current/invitations/${sent.body.id}`)).status).toBe(
        204,
      )
      return mail.text
    }
    // Ana writes in Portuguese and invites an English speaker in English.
    const english = await invite('fiona.sem.conta@exemplo.pt', 'en')
    expect(english).toContain('invited you to the workspace “Agência Sol” on Farol, with the role of client.')
    expect(english).not.toContain('convidou-o')
    expect(await invite('fiona.sem.conta@exemplo.pt')).toContain('convidou-o para o espaço de trabalho')
    expect(
      (
        await call('ana', 'POST', '/workspaces/current/invitations', {
          email: 'a@b.pt',
          role: 'client',
          lang: 'fr',
        })
      ).body.error.code,
    ).toBe('INVITATION_INPUT')
    // Ana switched to English, and invites a Portuguese speaker in Portuguese.
    await farol.database.db.execute(sql`update users set lang = 'en' where email = 'ana.ws@exemplo.pt'`)
    try {
      const portuguese = await invite('gil.sem.conta@exemplo.pt', 'pt')
      expect(portuguese).toContain('convidou-o para o espaço de trabalho «Agência Sol» no Farol')
      expect(portuguese).toContain('com o papel de cliente.')
      expect(await invite('gil.sem.conta@exemplo.pt')).toContain('invited you to the workspace')
      // An invitee with an account reads their own language, whatever was chosen (Eva: English).
      expect(await invite('eva.ws@exemplo.pt', 'pt')).toContain('invited you to the workspace')
    } finally {
      await farol.database.db.execute(sql`update users set lang = 'pt' where email = 'ana.ws@exemplo.pt'`)
    }
  })

  const tokens: Record<string, string> = {}
  const bearer = async (who: string, method: string, path: string, body?: unknown) => {
    const res = await fetch(`${farol.url}/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    return { status: res.status, body: text ? JSON.parse(text) : null }
  }
  const tokenSites = async (who: string) =>
    ((await bearer(who, 'GET', '/sites')).body.sites as { url: string }[]).map((s) => s.url).sort()

  it('a member reads and writes the workspace’s sites but manages nobody', async () => {
    expect(await siteIds('carla')).toEqual(['http://127.0.0.1:9/dois', 'http://127.0.0.1:9/um'])
    // An API token made while the agency is active acts in the agency, with the member's rights.
    for (const who of ['carla', 'dora']) {
      const made = await call(who, 'POST', '/account/tokens', { name: 'agência', scopes: ['read', 'sites'] })
      expect(made.status).toBe(201)
      tokens[who] = made.body.token
    }
    expect(await tokenSites('carla')).toEqual(['http://127.0.0.1:9/dois', 'http://127.0.0.1:9/um'])
    expect((await call('carla', 'GET', `/sites/${sites.um}/history`)).status).toBe(200)
    expect((await call('carla', 'PATCH', `/sites/${sites.um}`, { frequency: 'monthly' })).status).toBe(200)
    expect((await call('carla', 'POST', `/sites/${sites.um}/keywords`, { keyword: 'pão' })).status).toBe(201)
    expect((await call('carla', 'GET', '/workspaces/current/members')).status).toBe(200)
    expect(
      (
        await call('carla', 'POST', '/workspaces/current/invitations', {
          email: 'z@exemplo.pt',
          role: 'member',
        })
      ).status,
    ).toBe(403)
    expect((await call('carla', 'POST', `/sites/${sites.um}/shares`, { userId: 'x' })).status).toBe(403)
  })

  it('a client reads only the sites shared with them and changes nothing', async () => {
    expect(await siteIds('dora')).toEqual([])
    const people = (await call('ana', 'GET', '/workspaces/current/members')).body
    const doraId = people.members.find((m: { email: string }) => m.email === 'dora.ws@exemplo.pt').userId
    const carlaId = people.members.find((m: { email: string }) => m.email === 'carla.ws@exemplo.pt').userId
    // Sharing is with clients only.
    expect(
      (await call('ana', 'POST', `/sites/${sites.um}/shares`, { userId: carlaId })).body.error.code,
    ).toBe('SHARE_NOT_CLIENT')
    expect((await call('ana', 'POST', `/sites/${sites.um}/shares`, { userId: doraId })).status).toBe(201)
    expect(await siteIds('dora')).toEqual(['http://127.0.0.1:9/um'])
    expect(await tokenSites('dora')).toEqual(['http://127.0.0.1:9/um'])
    expect((await bearer('dora', 'POST', '/sites', { url: 'http://127.0.0.1:9/tres' })).status).toBe(403)
    // Reads of the shared site work; the other site is as if it did not exist.
    expect((await call('dora', 'GET', `/sites/${sites.um}/history`)).status).toBe(200)
    expect((await call('dora', 'GET', `/sites/${sites.um}/keywords`)).status).toBe(200)
    expect((await call('dora', 'GET', `/sites/${sites.dois}/history`)).status).toBe(404)
    expect((await call('dora', 'GET', `/sites/${sites.dois}/keywords`)).status).toBe(404)
    // Every write is refused, and nothing changed.
    const writes: [string, string, unknown?][] = [
      ['POST', '/sites', { url: 'http://127.0.0.1:9/tres' }],
      ['PATCH', `/sites/${sites.um}`, { frequency: 'daily' }],
      ['DELETE', `/sites/${sites.um}`],
      ['POST', `/sites/${sites.um}/keywords`, { keyword: 'bolo' }],
      ['POST', `/sites/${sites.um}/shares`, { userId: doraId }],
      ['POST', '/workspaces/current/invitations', { email: 'y@exemplo.pt', role: 'client' }],
      ['GET', '/workspaces/current/members'],
    ]
    for (const [method, path, body] of writes) {
      const r = await call('dora', method, path, body)
      expect(r.status, `${method} ${path}`).toBe(403)
    }
    const history = await call('ana', 'GET', `/sites/${sites.um}/history`)
    expect(history.body.site.frequency).toBe('monthly')
    // Taking the share back hides the site again.
    expect((await call('ana', 'DELETE', `/sites/${sites.um}/shares/${doraId}`)).status).toBe(204)
    expect(await siteIds('dora')).toEqual([])
    expect((await call('ana', 'POST', `/sites/${sites.um}/shares`, { userId: doraId })).status).toBe(201)
  })

  it('white label: owners set it (validated), every member reads it, the report made there carries it', async () => {
    const brand = {
      name: 'Agência Sol',
      color: '#0F766E',
      contact: 'ola@sol.pt',
      logo: 'data:image/png;base64,iVBORw0KGgo=',
    }
    for (const bad of [
      { ...brand, color: 'teal' },
      { ...brand, logo: 'data:image/svg+xml;base64,PHN2Zz4=' },
      { ...brand, name: '' },
    ]) {
      const r = await call('ana', 'PUT', '/workspaces/current/brand', bad)
      expect(r.status).toBe(400)
      expect(r.body.error.code).toBe('BRAND_INPUT')
    }
    expect((await call('ana', 'GET', '/workspaces/current/brand')).body.brand).toBeNull()
    expect((await call('ana', 'PUT', '/workspaces/current/brand', brand)).status).toBe(200)
    expect((await call('carla', 'PUT', '/workspaces/current/brand', brand)).status).toBe(403)
    expect((await call('dora', 'PUT', '/workspaces/current/brand', brand)).status).toBe(403)
    const expected = { name: 'Agência Sol', color: '#0f766e', contact: 'ola@sol.pt', logo: brand.logo }
    expect((await call('dora', 'GET', '/workspaces/current/brand')).body.brand).toEqual(expected)
    expect((await call('bruno', 'GET', '/workspaces/current/brand')).body.brand).toBeNull()

    // The printable report's data names the brand of the workspace the report was made in; a report made
    // in a workspace without a brand (or before workspaces) has none. Rows are written directly: a report
    // made through the API starts three analyses this test is not about.
    const db = farol.database.db
    const [owner] = await db.select().from(users).where(eq(users.email, 'ana.ws@exemplo.pt'))
    const reportIn = async (workspaceId: string | null) => {
      const made = await db
        .insert(tasks)
        .values(
          ['seo_analysis', 'seo_analysis', 'ai_optimization'].map((kind) => ({
            kind,
            url: 'https://sol.pt/',
            status: 'failed',
          })),
        )
        .returning()
      const ids = { desktopTaskId: made[0]!.id, mobileTaskId: made[1]!.id, aiOptimizationTaskId: made[2]!.id }
      await db
        .insert(reports)
        .values({ url: 'https://sol.pt/', userId: owner!.id, workspaceId, status: 'failed', ...ids })
      return loadReportData(db, ids, () => true)
    }
    const branded = await reportIn(agency)
    expect(branded.status === 200 && branded.body.brand).toEqual(expected)
    for (const other of [personalWorkspaceId(owner!.id), null]) {
      const plain = await reportIn(other)
      expect(plain.status === 200 && (plain.body.brand ?? null)).toBeNull()
    }
  })

  it('the workspace’s reports: members see all, a client only those of their shared sites', async () => {
    const db = farol.database.db
    const [owner] = await db.select().from(users).where(eq(users.email, 'ana.ws@exemplo.pt'))
    const pdf = Buffer.from('%PDF-1.4\n% Agência Sol\n%%EOF\n')
    await createReportStore(config).put('ws-report.pdf', pdf)
    const made: Record<string, string> = {}
    for (const name of ['um', 'dois']) {
      const [row] = await db
        .insert(reports)
        .values({
          url: `http://127.0.0.1:9/${name}`,
          userId: owner!.id,
          workspaceId: agency,
          status: 'success',
          fileName: 'ws-report.pdf',
        })
        .returning()
      made[name] = row!.id
    }
    const listed = async (who: string) =>
      ((await call(who, 'GET', '/workspaces/current/reports')).body.reports as { url: string }[])
        .map((r) => r.url)
        .sort()
    expect(await listed('carla')).toEqual(['http://127.0.0.1:9/dois', 'http://127.0.0.1:9/um'])
    expect(await listed('dora')).toEqual(['http://127.0.0.1:9/um'])
    expect(await listed('bruno')).toEqual([])
    const file = await fetch(`${farol.url}/api/workspaces/current/reports/${made.um}/file`, {
      headers: { cookie: cookies.dora! },
    })
    expect(file.status).toBe(200)
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true)
    expect((await call('dora', 'GET', `/workspaces/current/reports/${made.dois}/file`)).status).toBe(404)
    expect((await call('bruno', 'GET', `/workspaces/current/reports/${made.um}/file`)).status).toBe(404)
  })

  it('a member of one workspace reads nothing of another', async () => {
    for (const id of [sites.um, sites.dois]) {
      expect((await call('bruno', 'GET', `/sites/${id}/history`)).status).toBe(404)
      expect((await call('bruno', 'PATCH', `/sites/${id}`, { frequency: 'daily' })).status).toBe(404)
      expect((await call('bruno', 'DELETE', `/sites/${id}`)).status).toBe(404)
      expect((await call('bruno', 'GET', `/sites/${id}/keywords`)).status).toBe(404)
    }
    expect((await call('bruno', 'POST', '/workspaces/active', { workspaceId: agency })).status).toBe(404)
    expect(await siteIds('bruno')).toEqual(['http://127.0.0.1:9/bruno'])
    for (const who of ['ana', 'carla', 'dora'])
      expect((await call(who, 'GET', `/sites/${sites.bruno}/history`)).status).toBe(404)
  })

  it('a removed member loses access at once, with the same session', async () => {
    const people = (await call('ana', 'GET', '/workspaces/current/members')).body
    const carla = people.members.find((m: { email: string }) => m.email === 'carla.ws@exemplo.pt')
    const dora = people.members.find((m: { email: string }) => m.email === 'dora.ws@exemplo.pt')
    expect((await call('carla', 'DELETE', `/workspaces/current/members/${dora.id}`)).status).toBe(403)
    for (const m of [carla, dora])
      expect((await call('ana', 'DELETE', `/workspaces/current/members/${m.id}`)).status).toBe(204)
    for (const who of ['carla', 'dora']) {
      expect(await siteIds(who)).toEqual([])
      // Their token made in the workspace is revoked with the membership (not turned to their own sites).
      expect((await bearer(who, 'GET', '/sites')).status).toBe(401)
      expect((await call(who, 'GET', `/sites/${sites.um}/history`)).status).toBe(404)
      const ws = (await call(who, 'GET', '/workspaces')).body
      expect(ws.active.personal).toBe(true)
      expect(ws.workspaces).toHaveLength(1)
    }
  })

  it('erasing an account erases the workspaces no one else belongs to, not a team that goes on', async () => {
    const db = farol.database.db
    const [carla] = await db.select().from(users).where(eq(users.email, 'carla.ws@exemplo.pt'))
    const [ana] = await db.select().from(users).where(eq(users.email, 'ana.ws@exemplo.pt'))
    // Carla joins the agency again, then her account is erased.
    await db
      .insert(members)
      .values({ id: 'carla-again', organizationId: agency, userId: carla!.id, role: 'member' })
    expect((await deleteAccount(db, 'carla.ws@exemplo.pt')).ok).toBe(true)
    const left = await db
      .select()
      .from(organizations)
      .where(inArray(organizations.id, [personalWorkspaceId(carla!.id), agency]))
    expect(left.map((o) => o.id)).toEqual([agency])
    // Ana's account goes too: her personal workspace and the agency (now without members) and its sites.
    expect((await deleteAccount(db, 'ana.ws@exemplo.pt')).ok).toBe(true)
    expect(
      await db
        .select()
        .from(organizations)
        .where(inArray(organizations.id, [personalWorkspaceId(ana!.id), agency])),
    ).toEqual([])
    expect(await db.select().from(trackedSites).where(eq(trackedSites.workspaceId, agency))).toEqual([])
  })
})
