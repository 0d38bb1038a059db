// The production database path survives PostgreSQL ending its connections (a restart, an administrator's
// pg_terminate_backend): the idle connection's error is a warning, not the end of the process, and the
// next query gets a new connection.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freshPostgres, tempDataDir, testDatabaseUrl } from '../../../test/helpers.ts'
import { type Database, openDatabase } from './database.ts'

describe.skipIf(!testDatabaseUrl)('openDatabase on PostgreSQL', () => {
  let pg: Awaited<ReturnType<typeof freshPostgres>>
  let database: Database
  beforeAll(async () => {
    pg = await freshPostgres()
    database = await openDatabase({ databaseUrl: pg.url, dataDir: tempDataDir() })
  }, 60_000)
  afterAll(async () => {
    await database?.close()
    await pg?.drop()
  })

  it('keeps going when PostgreSQL ends an idle connection', async () => {
    await database.ping()
    const warnings: string[] = []
    const onWarning = (w: Error) => warnings.push(w.message)
    process.on('warning', onWarning)
    try {
      const admin = new (await import('pg')).default.Client({ connectionString: testDatabaseUrl })
      await admin.connect()
      const { rows } = await admin.query(
        'select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [new URL(pg.url).pathname.slice(1)],
      )
      await admin.end()
      expect(rows.length).toBeGreaterThan(0)
      await expect.poll(() => warnings.length, { timeout: 10_000 }).toBeGreaterThan(0)
      expect(warnings[0]).toMatch(/PostgreSQL ended an idle connection/)
      await database.ping()
    } finally {
      process.off('warning', onWarning)
    }
  })
})
