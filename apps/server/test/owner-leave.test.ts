// An owner leaves a workspace only while another owner stays (issue 40 item 7): the last owner is told,
// in their language, to make another member an owner first or delete the workspace; with a second owner
// the first leaves and the workspace goes on. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { apiCaller, freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

describe.each(databases)('an owner leaving on $kind', ({ url }) => {
  let farol: RunningFarol
  let drop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const pg = url ? await url() : undefined
    drop = pg?.drop
    const config = testConfig({
      port: await freePort(),
      databaseUrl: pg?.url,
      env: { FAROL_WORKERS: '0', FAROL_RATE_LIMIT_SIGN_UP: '50', FAROL_RATE_LIMIT_SIGN_IN: '50' },
    })
    farol = await startFarol(config, createLogger('silent'))
  }, 120_000)
  afterAll(async () => {
    await farol?.stop()
    await drop?.()
  })

  it('refuses the last owner with a translated message and lets an owner go while another stays', async () => {
    const cookies: Partial<Record<string, string>> = {}
    const call = apiCaller(() => farol.url, cookies)
    const stamp = Math.random().toString(36).slice(2, 8)
    const email = (p: string) => `${p}.${stamp}@sair.pt`
    for (const p of ['ana', 'bia']) cookies[p] = await signedInUser(farol, email(p))
    const agency = (await call('ana', 'POST', '/workspaces', { name: `Agência ${stamp}` })).body as {
      id: string
    }
    // An owner is offered leaving (the abilities the interface reads).
    const session = await call('ana', 'GET', '/session')
    expect((session.body as { workspace: { can: { leave: boolean } } }).workspace.can.leave).toBe(true)

    const alone = await fetch(`${farol.url}/api/workspaces/current/leave`, {
      method: 'POST',
      headers: { cookie: cookies.ana!, origin: farol.url, 'accept-language': 'pt' },
    })
    expect(alone.status).toBe(409)
    expect(await alone.json()).toMatchObject({
      error: {
        code: 'LAST_OWNER_LEAVE',
        message:
          'É o único proprietário deste espaço de trabalho: torne outro membro proprietário antes de sair, ou elimine o espaço de trabalho.',
      },
    })
    const english = await fetch(`${farol.url}/api/workspaces/current/leave?lang=en`, {
      method: 'POST',
      headers: { cookie: cookies.ana!, origin: farol.url, 'accept-language': 'en' },
    })
    expect((await english.json()).error.message).toMatch(/^You are the only owner of this workspace/)

    // Bia joins and is made an owner: now Ana may leave, and Bia keeps the workspace.
    const inv = (
      await call('ana', 'POST', '/workspaces/current/invitations', { email: email('bia'), role: 'member' })
    ).body as { id: string }
    expect((await call('bia', 'POST', `/invitations/${inv.id}/accept`)).status).toBe(200)
    const team = (await call('ana', 'GET', '/workspaces/current/members')).body as {
      members: { id: string; userId: string }[]
    }
    const [bia] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, email('bia')))
    const biaMember = team.members.find((m) => m.userId === bia!.id)!
    expect(
      (await call('ana', 'PATCH', `/workspaces/current/members/${biaMember.id}`, { role: 'owner' })).status,
    ).toBe(200)
    expect((await call('ana', 'POST', '/workspaces/current/leave')).status).toBe(204)
    const left = (await call('ana', 'GET', '/workspaces')).body as { workspaces: { id: string }[] }
    expect(left.workspaces.map((w) => w.id)).not.toContain(agency.id)
    expect((await call('bia', 'POST', '/workspaces/active', { workspaceId: agency.id })).status).toBe(200)
    const rest = (await call('bia', 'GET', '/workspaces/current/members')).body as {
      members: { userId: string; role: string }[]
    }
    expect(rest.members.map((m) => m.role)).toEqual(['owner'])
  })
})
