import { afterAll, beforeAll, describe } from 'vitest'
import { type Database, openDatabase } from '../src/platform/db/database.ts'
import { freshPostgres, tempDataDir, testDatabaseUrl } from './helpers.ts'

/**
 * `body`'s tests on a new embedded database, then on a new PostgreSQL one when TEST_DATABASE_URL is set
 * (each a copy of the run's migrated template, decision 046), closed and dropped after. The title takes
 * the backend's name for its %s.
 */
export function describeOnEachDatabase(title: string, body: (database: () => Database) => void) {
  const backends: [string, string | null][] = [['PGlite', null]]
  if (testDatabaseUrl) backends.push(['PostgreSQL', testDatabaseUrl])
  describe.each(backends)(title, (_name, serverUrl) => {
    let database: Database
    let drop: (() => Promise<void>) | null = null
    beforeAll(async () => {
      if (serverUrl) {
        const fresh = await freshPostgres(serverUrl)
        drop = fresh.drop
        database = await openDatabase({ databaseUrl: fresh.url, dataDir: tempDataDir() })
      } else database = await openDatabase({ dataDir: tempDataDir() })
    }, 120_000)
    afterAll(async () => {
      await database?.close()
      await drop?.()
    })
    body(() => database)
  })
}
