// The organization plugin behind Farol's roles, and a workspace's life (issue 40 items 4 and 7), through the
// HTTP API on a running Farol (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): the plugin's own
// endpoints answer 404 to everyone; invitations are rate limited per workspace and per inviter and their
// email names the inviter, the workspace (as plain text) and the role, in the invitee's language; the
// session says what the user may do in the active workspace; owners rename and delete a workspace (its
// data erased), members and clients leave it, and a personal workspace is neither deleted nor left.

import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import {
  emailOutbox,
  invitations,
  members,
  organizations,
  reports,
  trackedSites,
  users,
} from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { apiCaller, freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

describe.each(databases)('workspace lifecycle on $kind', ({ url }) => {
  let farol: RunningFarol
  let drop: (() => Promise<void>) | undefined
  const cookies: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)
  const email = (who: string) => `${who}.life@exemplo.pt`
  const db = () => farol.database.db
  const ids: Record<string, string> = {}

  /** Invites and accepts at once (the email is read in its own test). */
  const join = async (who: string, role: string) => {
    const sent = await call('owner', 'POST', '/workspaces/current/invitations', { email: email(who), role })
    expect(sent.status).toBe(201)
    expect((await call(who, 'POST', `/invitations/${sent.body.id}/accept`)).status).toBe(200)
  }

  beforeAll(async () => {
    const pg = url ? await url() : undefined
    drop = pg?.drop
    farol = await startFarol(
      testConfig({
        port: await freePort(),
        databaseUrl: pg?.url,
        env: {
          FAROL_ALLOW_PRIVATE_TARGETS: '1',
          FAROL_WORKERS: '0',
          FAROL_INVITATIONS_PER_HOUR: '6',
          FAROL_INVITATIONS_PER_INVITER_HOUR: '9',
        },
      }),
      createLogger('silent'),
    )
    for (const who of ['owner', 'admin', 'member', 'client', 'rui'])
      cookies[who] = await signedInUser(farol, email(who))
    // Rui reads English.
    await db()
      .update(users)
      .set({ lang: 'en', name: 'Rui' })
      .where(eq(users.email, email('rui')))
    const created = await call('owner', 'POST', '/workspaces', { name: 'Agência Vida' })
    ids.agency = created.body.id
    await join('admin', 'admin')
    await join('member', 'member')
    await join('client', 'client')
    const site = await call('owner', 'POST', '/sites', { url: 'http://127.0.0.1:9/vida' })
    expect(site.status).toBe(201)
    ids.site = site.body.id
  }, 120_000)
  afterAll(async () => {
    await farol?.stop()
    await drop?.()
  })

  it('turns off every endpoint of the organization plugin, for every role', async () => {
    const paths = [
      'list-members',
      'get-full-organization',
      'update',
      'delete',
      'leave',
      'invite-member',
      'update-member-role',
      'remove-member',
      'list-invitations',
      'get-active-member',
      'set-active',
      'create',
      'list',
      'create-team',
    ]
    for (const who of ['client', 'owner']) {
      for (const path of paths) {
        for (const method of ['GET', 'POST']) {
          const res = await fetch(`${farol.url}/api/auth/organization/${path}?organizationId=${ids.agency}`, {
            method,
            headers: { cookie: cookies[who]!, origin: farol.url, 'content-type': 'application/json' },
            body:
              method === 'POST'
                ? JSON.stringify({
                    organizationId: ids.agency,
                    data: { metadata: { personal: true }, name: 'Tomada' },
                  })
                : undefined,
          })
          expect(res.status, `${who} ${method} ${path}`).toBe(404)
          const text = await res.text()
          expect(text, `${who} ${method} ${path}`).not.toContain(email('member'))
        }
      }
    }
    const [agency] = await db().select().from(organizations).where(eq(organizations.id, ids.agency!))
    expect(agency).toMatchObject({ name: 'Agência Vida', metadata: null })
  })

  it('says in the session and the workspace list what the user may do there', async () => {
    const expected = {
      owner: { write: true, manage: true, rename: true, delete: true, leave: true },
      admin: { write: true, manage: true, rename: false, delete: false, leave: true },
      member: { write: true, manage: false, rename: false, delete: false, leave: true },
      client: { write: false, manage: false, rename: false, delete: false, leave: true },
    }
    for (const [who, can] of Object.entries(expected)) {
      const session = await call(who, 'GET', '/session')
      expect(session.body.workspace, who).toMatchObject({ id: ids.agency, role: who, can })
      expect((await call(who, 'GET', '/workspaces')).body.active.can, who).toEqual(can)
    }
    expect((await call('nobody', 'GET', '/session')).body).toEqual({ user: null })
  })

  it('shows the brand in the session and serves its logo to every member', async () => {
    const png =
      'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII='
    expect((await call('client', 'GET', '/workspaces/current/brand/logo')).status).toBe(404)
    const saved = await call('owner', 'PUT', '/workspaces/current/brand', {
      name: 'Sol Digital',
      color: '#aa3300',
      logo: png,
    })
    expect(saved.status).toBe(200)
    expect((await call('client', 'GET', '/session')).body.workspace.brand).toEqual({
      name: 'Sol Digital',
      color: '#aa3300',
      logo: true,
      contact: null,
    })
    const logo = await fetch(`${farol.url}/api/workspaces/current/brand/logo`, {
      headers: { cookie: cookies.client! },
    })
    expect(logo.status).toBe(200)
    expect(logo.headers.get('content-type')).toBe('image/png')
    expect((await logo.arrayBuffer()).byteLength).toBeGreaterThan(60)
    expect((await call('nobody', 'GET', '/workspaces/current/brand/logo')).status).toBe(401)
  })

  it('writes the invitation in the invitee’s language, naming inviter, workspace and role', async () => {
    const sent = await call('owner', 'POST', '/workspaces/current/invitations', {
      email: email('rui'),
      role: 'client',
    })
    expect(sent.status).toBe(201)
    const [mail] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, email('rui')), eq(emailOutbox.kind, 'invitation')))
    expect(mail!.text).toContain('Hello Rui,')
    expect(mail!.text).toContain('owner.\u200blife invited you to the workspace')
    expect(mail!.text).toContain('“Agência Vida” on Farol, with the role of client.')
    const [stranger] = await Promise.all([
      call('owner', 'POST', '/workspaces/current/invitations', {
        email: 'ninguem@exemplo.pt',
        role: 'member',
      }),
    ])
    expect(stranger.status).toBe(201)
    const [pt] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, 'ninguem@exemplo.pt'), eq(emailOutbox.kind, 'invitation')))
    expect(pt!.text.startsWith('Olá,\n')).toBe(true)
    expect(pt!.text).toContain('com o papel de membro.')
  })

  it('limits the invitations a workspace sends in an hour, and those one person sends across workspaces', async () => {
    // Five sent from the agency so far (three accepted, two pending): the sixth passes, then a burst of
    // five at once is refused with the workspace's limit (6 an hour) and mails nobody.
    expect(
      (
        await call('owner', 'POST', '/workspaces/current/invitations', {
          email: 'sexto@exemplo.pt',
          role: 'client',
        })
      ).status,
    ).toBe(201)
    const burst = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('owner', 'POST', '/workspaces/current/invitations', {
          email: `rajada-${i}@exemplo.pt`,
          role: 'client',
        }),
      ),
    )
    expect(burst.map((r) => r.status)).toEqual([429, 429, 429, 429, 429])
    expect(burst[0]!.body.error).toEqual({
      code: 'INVITATION_RATE_WORKSPACE',
      message:
        'Este espaço de trabalho já enviou o máximo de convites permitido numa hora. Tente novamente mais tarde.',
    })
    // Cancelling does not give the hour back.
    const pending = await call('owner', 'GET', '/workspaces/current/members')
    const first = pending.body.invitations[0].id
    expect((await call('owner', 'DELETE', `/workspaces/current/invitations/${first}`)).status).toBe(204)
    expect(
      (
        await call('owner', 'POST', '/workspaces/current/invitations', {
          email: 'outra@exemplo.pt',
          role: 'client',
        })
      ).body.error.code,
    ).toBe('INVITATION_RATE_WORKSPACE')
    // In a new workspace of hers, the inviter's own limit (9 an hour) stops her after three more.
    expect((await call('owner', 'POST', '/workspaces', { name: 'Segunda' })).status).toBe(201)
    const second = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        call('owner', 'POST', '/workspaces/current/invitations', {
          email: `seg-${i}@exemplo.pt`,
          role: 'member',
        }),
      ),
    )
    expect(second.filter((r) => r.status === 201)).toHaveLength(3)
    expect(
      new Set(second.filter((r) => r.status !== 201).map((r) => `${r.status} ${r.body.error.code}`)),
    ).toEqual(new Set(['429 INVITATION_RATE_INVITER']))
    const [rajada] = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'invitation'), eq(emailOutbox.to, 'rajada-0@exemplo.pt')))
    expect(rajada).toBeUndefined()
    // Another person in the agency still has their own hour, but not the workspace's.
    expect(
      (
        await call('admin', 'POST', '/workspaces/current/invitations', {
          email: 'adm@exemplo.pt',
          role: 'client',
        })
      ).body.error.code,
    ).toBe('INVITATION_RATE_WORKSPACE')
    // Back to the agency for the rest.
    expect((await call('owner', 'POST', '/workspaces/active', { workspaceId: ids.agency })).status).toBe(200)
  })

  it('lets only the owner rename the workspace', async () => {
    for (const who of ['admin', 'member', 'client'])
      expect((await call(who, 'PATCH', '/workspaces/current', { name: 'Minha' })).status, who).toBe(403)
    expect((await call('owner', 'PATCH', '/workspaces/current', { name: ' ' })).body.error.code).toBe(
      'WORKSPACE_NAME',
    )
    expect((await call('owner', 'PATCH', '/workspaces/current', { name: 'Agência Vida Nova' })).status).toBe(
      200,
    )
    expect((await call('client', 'GET', '/workspaces')).body.active.name).toBe('Agência Vida Nova')
  })

  it('lets members and clients leave, never the last owner, never a personal workspace', async () => {
    expect((await call('client', 'POST', '/workspaces/current/leave')).status).toBe(204)
    const after = await call('client', 'GET', '/workspaces')
    expect(after.body.workspaces.map((w: { id: string }) => w.id)).not.toContain(ids.agency)
    expect(after.body.active.personal).toBe(true)
    expect((await call('client', 'GET', `/sites/${ids.site}/history`)).status).toBe(404)
    // Now in her personal workspace: it cannot be left.
    expect((await call('client', 'POST', '/workspaces/current/leave')).body.error.code).toBe(
      'PERSONAL_WORKSPACE',
    )
    expect((await call('owner', 'POST', '/workspaces/current/leave')).body.error.code).toBe(
      'LAST_OWNER_LEAVE',
    )
    expect((await call('member', 'POST', '/workspaces/current/leave')).status).toBe(204)
    const left = await db().select().from(members).where(eq(members.organizationId, ids.agency!))
    expect(left.map((m) => m.role).sort()).toEqual(['admin', 'owner'])
  })

  it('lets only the owner delete a team workspace, after typing its name, and erases what it held', async () => {
    const [owner] = await db()
      .select()
      .from(users)
      .where(eq(users.email, email('owner')))
    await db()
      .insert(reports)
      .values({ url: 'http://127.0.0.1:9/vida', userId: owner!.id, workspaceId: ids.agency })
    expect(
      (await call('admin', 'DELETE', '/workspaces/current', { confirm: 'Agência Vida Nova' })).status,
    ).toBe(403)
    expect(
      (await call('owner', 'DELETE', '/workspaces/current', { confirm: 'Agência' })).body.error.code,
    ).toBe('WORKSPACE_CONFIRM')
    expect((await call('owner', 'DELETE', '/workspaces/current')).body.error.code).toBe('WORKSPACE_CONFIRM')
    expect(
      (await call('owner', 'DELETE', '/workspaces/current', { confirm: 'Agência Vida Nova' })).status,
    ).toBe(204)
    for (const table of [organizations] as const)
      expect(await db().select().from(table).where(eq(table.id, ids.agency!))).toEqual([])
    expect(await db().select().from(trackedSites).where(eq(trackedSites.workspaceId, ids.agency!))).toEqual(
      [],
    )
    expect(await db().select().from(members).where(eq(members.organizationId, ids.agency!))).toEqual([])
    expect(await db().select().from(invitations).where(eq(invitations.organizationId, ids.agency!))).toEqual(
      [],
    )
    expect(await db().select().from(reports).where(eq(reports.url, 'http://127.0.0.1:9/vida'))).toEqual([])
    // The admin is back in their personal workspace; the owner's personal one cannot be deleted.
    expect((await call('admin', 'GET', '/workspaces')).body.active.personal).toBe(true)
    const personal = (await call('owner', 'GET', '/workspaces')).body.workspaces[0]
    expect(personal.personal).toBe(true)
    expect((await call('owner', 'POST', '/workspaces/active', { workspaceId: personal.id })).status).toBe(200)
    expect(
      (await call('owner', 'DELETE', '/workspaces/current', { confirm: personal.name })).body.error.code,
    ).toBe('PERSONAL_WORKSPACE')
    expect((await call('owner', 'GET', '/session')).body.workspace.can).toMatchObject({
      delete: false,
      leave: false,
    })
  })
})
