// Issue 40's role × resource × action matrix (tenant-matrix.ts) on PGlite and on PostgreSQL: one server
// per database, seeded through the API; any leak, wrong refusal, 5xx or departure left undone fails it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RunningFarol, startFarol } from '../src/composition/server.ts'
import { createLogger } from '../src/platform/log.ts'
import { freePort, freshPostgres, testConfig, testDatabaseUrl } from './helpers.ts'
import { type MatrixResult, runTenantMatrix } from './tenant-matrix.ts'

const databases = [
  { kind: 'PGlite', url: undefined as undefined | (() => Promise<{ url: string; drop(): Promise<void> }>) },
  ...(testDatabaseUrl ? [{ kind: 'PostgreSQL', url: () => freshPostgres() }] : []),
]

describe.each(databases)('tenant matrix on $kind', ({ url }) => {
  let farol: RunningFarol
  let drop: (() => Promise<void>) | undefined
  let result: MatrixResult

  beforeAll(async () => {
    const pg = url ? await url() : undefined
    drop = pg?.drop
    const config = testConfig({
      port: await freePort(),
      databaseUrl: pg?.url,
      env: {
        FAROL_WORKERS: '0',
        FAROL_ALLOW_PRIVATE_TARGETS: '1',
        FAROL_RATE_LIMIT_SIGN_UP: '50',
        FAROL_RATE_LIMIT_SIGN_IN: '50',
      },
    })
    farol = await startFarol(config, createLogger('silent'))
    result = await runTenantMatrix(farol, config)
  }, 300_000)
  afterAll(async () => {
    await farol?.stop()
    await drop?.()
  })

  it('a departure hands the site to the workspace and takes the leaver’s webhooks, recipients, invitations and tokens', () => {
    expect(result.departure).toEqual([])
  })

  it('no role, outsider, removed member or token reaches what it may not, over every route family and MCP tool', () => {
    expect(result.misses).toEqual([])
    expect(result.leaked).toBe(0)
    expect(result.errors).toBe(0)
    expect(result.wronglyRefused).toBe(0)
    // Every role tried every resource: the matrix is not empty, and most of it is refusals.
    expect(result.tried).toBeGreaterThan(500)
    expect(result.refused).toBeGreaterThan(200)
  })
})
