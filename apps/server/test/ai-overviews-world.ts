// The world the AI Overviews tests share (issue 43): the loopback DataForSEO fake, Farol on PGlite or a new
// PostgreSQL database pointed at it, and signed-in users, started before a describe's tests and stopped
// after. `env` adds to DataForSEO's (other fakes' addresses); `users` are names, signed in as
// `<name>.<tag>.<backend>@exemplo.pt`, whose cookies `call` uses.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll } from 'vitest'
import {
  type FakeDataForSeoSerp,
  startFakeDataForSeoSerp,
} from '../../../packages/engine/test/fakes/dataforseo-serp.ts'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import type { Config } from '../src/platform/config.ts'
import { members, siteKeywords, trackedSites, users } from '../src/platform/db/schema.ts'
import { createLogger } from '../src/platform/log.ts'
import { apiCaller, freePort, freshPostgres, signedInUser, testConfig, testDatabaseUrl } from './helpers.ts'

/** PGlite always; PostgreSQL when TEST_DATABASE_URL is set. */
export const overviewsBackends = ['pglite', ...(testDatabaseUrl ? ['postgres'] : [])]

export interface OverviewsWorld {
  farol: RunningFarol
  fake: FakeDataForSeoSerp
  config: Config
  cookies: Record<string, string>
  emailOf(name: string): string
  call: ReturnType<typeof apiCaller>
}

export function overviewsWorld(
  backend: string,
  options: { tag: string; users: string[]; env?: () => Record<string, string> },
): OverviewsWorld {
  let drop: (() => Promise<void>) | undefined
  const world = {
    cookies: {} as Record<string, string>,
    emailOf: (name: string) => `${name}.${options.tag}.${backend}@exemplo.pt`,
  } as OverviewsWorld
  world.call = apiCaller(() => world.farol.url, world.cookies)
  beforeAll(async () => {
    world.fake = await startFakeDataForSeoSerp()
    const pg = backend === 'postgres' ? await freshPostgres() : null
    drop = pg?.drop
    world.config = testConfig({
      port: await freePort(),
      ...(pg ? { databaseUrl: pg.url } : {}),
      env: {
        DATAFORSEO_LOGIN: world.fake.login,
        DATAFORSEO_PASSWORD: world.fake.password,
        DATAFORSEO_URL: world.fake.origin,
        ...options.env?.(),
      },
    })
    world.farol = await startFarol(world.config, createLogger('silent'))
    for (const name of options.users)
      world.cookies[name] = await signedInUser(world.farol, world.emailOf(name))
  }, 120_000)
  afterAll(async () => {
    await world.farol?.stop()
    await drop?.()
    await world.fake?.close()
  })
  return world
}

/**
 * `name`'s personal workspace (made at their first request) with https://www.exemplo.pt/ tracked and two
 * keywords, inserted as the sites API would, without the baseline audit.
 */
export async function seededTrackedSite(world: OverviewsWorld, name: string, frequency: 'daily' | 'weekly') {
  await world.call(name, 'GET', '/ai-overviews/status')
  const db = world.farol.database.db
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, world.emailOf(name)))
  const [membership] = await db.select().from(members).where(eq(members.userId, user!.id))
  const workspaceId = membership!.organizationId
  const [site] = await db
    .insert(trackedSites)
    .values({ userId: user!.id, workspaceId, url: 'https://www.exemplo.pt/', frequency })
    .returning()
  await db.insert(siteKeywords).values([
    { siteId: site!.id, keyword: 'seguro auto citado' },
    { siteId: site!.id, keyword: 'seguro concorrentes' },
  ])
  return { userId: user!.id, workspaceId, siteId: site!.id }
}
