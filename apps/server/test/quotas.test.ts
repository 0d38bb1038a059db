// Quotas hold under concurrency (issue 40): 30 creations fired at once through the HTTP API store exactly the
// limit and refuse the rest with the quota's own error, for tracked sites (per workspace), API tokens (per
// user), webhooks (per site) and pending invitations (per workspace), on PGlite and, when TEST_DATABASE_URL
// is set, on PostgreSQL, where a count-then-insert let 21 tokens and 6 webhooks through.
import { randomBytes } from 'node:crypto'
import { and, count, eq, isNull, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import {
  apiTokens,
  emailOutbox,
  invitations,
  siteWebhooks,
  trackedSites,
  users,
} from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { apiCaller, freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

const attempts = 30

describe.each(databases)('quotas under concurrent creations on $kind', ({ url }) => {
  let farol: RunningFarol
  let drop: (() => Promise<void>) | undefined
  const cookies: Record<string, string> = {}
  const call = apiCaller(() => farol.url, cookies)

  beforeAll(async () => {
    const pg = url ? await url() : undefined
    drop = pg?.drop
    const config = testConfig({
      port: await freePort(),
      databaseUrl: pg?.url,
      // No workers: a tracked site's baseline run is not what these tests are about.
      env: {
        FAROL_ALLOW_PRIVATE_TARGETS: '1',
        FAROL_SITES_PER_USER: '5',
        FAROL_WORKERS: '0',
        // The pending-invitation quota is tested here, apart from the hourly limits (workspaces-lifecycle).
        FAROL_INVITATIONS_PER_HOUR: '1000',
        FAROL_INVITATIONS_PER_INVITER_HOUR: '1000',
      },
    })
    farol = await startFarol(config, createLogger('silent'))
    for (const who of ['sofia', 'tomas', 'ulisses', 'vera'])
      cookies[who] = await signedInUser(farol, `${who}.quota@exemplo.pt`)
  }, 180_000)
  afterAll(async () => {
    await farol?.stop()
    await drop?.()
  })

  /** Fires every request at once; the answers' status codes and error codes, in any order. */
  async function burst(who: string, path: string, body: (i: number) => unknown) {
    const answers = await Promise.all(
      Array.from({ length: attempts }, (_, i) => call(who, 'POST', `${path}?lang=en`, body(i))),
    )
    return {
      created: answers.filter((a) => a.status === 201).length,
      refused: answers.filter((a) => a.status !== 201).map((a) => `${a.status} ${a.body?.error?.code}`),
      message: answers.find((a) => a.status !== 201)?.body?.error?.message as string | undefined,
    }
  }

  it('stores exactly FAROL_SITES_PER_USER tracked sites per workspace', async () => {
    const result = await burst('sofia', '/sites', (i) => ({ url: `http://127.0.0.1:9/quota-${i}` }))
    expect(result.created).toBe(5)
    expect(new Set(result.refused)).toEqual(new Set(['409 SITES_LIMIT']))
    expect(result.refused).toHaveLength(attempts - 5)
    expect(result.message).toMatch(/limit of tracked sites/)
    const [sofia] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'sofia.quota@exemplo.pt'))
    const [stored] = await farol.database.db
      .select({ n: count() })
      .from(trackedSites)
      .where(eq(trackedSites.userId, sofia!.id))
    expect(stored!.n).toBe(5)
  })

  it('stores exactly 20 active API tokens per user', async () => {
    const result = await burst('tomas', '/account/tokens', (i) => ({ name: `script ${i}`, scopes: ['read'] }))
    expect(result.created).toBe(20)
    expect(new Set(result.refused)).toEqual(new Set(['400 TOKEN_LIMIT']))
    expect(result.message).toMatch(/maximum number of API tokens/)
    const [tomas] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'tomas.quota@exemplo.pt'))
    const [stored] = await farol.database.db
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, tomas!.id), isNull(apiTokens.revokedAt)))
    expect(stored!.n).toBe(20)
  })

  it('stores exactly 5 webhooks per site', async () => {
    const site = await call('ulisses', 'POST', '/sites', { url: 'http://127.0.0.1:9/hooks' })
    expect(site.status).toBe(201)
    const result = await burst('ulisses', `/sites/${site.body.id}/webhooks`, (i) => ({
      url: `http://127.0.0.1:9/hook-${i}`,
      events: ['alert'],
    }))
    expect(result.created).toBe(5)
    expect(new Set(result.refused)).toEqual(new Set(['409 WEBHOOK_LIMIT']))
    expect(result.message).toMatch(/webhooks/)
    const [stored] = await farol.database.db
      .select({ n: count() })
      .from(siteWebhooks)
      .where(eq(siteWebhooks.siteId, site.body.id))
    expect(stored!.n).toBe(5)
  })

  it('keeps at most 100 pending invitations per workspace', async () => {
    const workspace = await call('vera', 'POST', '/workspaces', { name: 'Agência Quota' })
    expect(workspace.status).toBe(201)
    const [vera] = await farol.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'vera.quota@exemplo.pt'))
    // 90 already pending: the burst of 30 meets the limit at its 11th.
    const week = new Date(Date.now() + 7 * 86_400_000)
    await farol.database.db.insert(invitations).values(
      Array.from({ length: 90 }, (_, i) => ({
        id: randomBytes(12).toString('base64url'),
        organizationId: workspace.body.id,
        email: `ja-${i}@exemplo.pt`,
        role: 'member',
        status: 'pending',
        expiresAt: week,
        inviterId: vera!.id,
      })),
    )
    const result = await burst('vera', '/workspaces/current/invitations', (i) => ({
      email: `convidado-${i}@exemplo.pt`,
      role: 'member',
    }))
    expect(result.created).toBe(10)
    expect(new Set(result.refused)).toEqual(new Set(['409 INVITATION_LIMIT']))
    expect(result.message).toMatch(/pending invitations/)
    const [stored] = await farol.database.db
      .select({ n: count() })
      .from(invitations)
      .where(and(eq(invitations.organizationId, workspace.body.id), eq(invitations.status, 'pending')))
    expect(stored!.n).toBe(100)
    // A refused invitation sent no email: one per invitation kept.
    const [mailed] = await farol.database.db
      .select({ n: count() })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.kind, 'invitation'), like(emailOutbox.to, 'convidado-%')))
    expect(mailed!.n).toBe(10)
  })
})
