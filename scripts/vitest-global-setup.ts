// Made once per `vitest run`, before any test file: one migrated embedded database and one migrated
// PostgreSQL database that every test's new database starts as a copy of. Building either from nothing
// costs each test file seconds (PGlite's initdb in WebAssembly and 37 migrations: 6-13 s; PostgreSQL's
// migrations: 1.6 s); a copy costs 0.2 s. The code under test still runs its migrations on the copy.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { createPostgresTemplate } from '../apps/server/test/helpers.ts'

export default async function setup() {
  const dir = mkdtempSync(path.join(tmpdir(), 'farol-template-'))
  const serverUrl = process.env.TEST_DATABASE_URL
  const [embedded, postgres] = await Promise.all([
    openDatabase({ dataDir: dir }),
    serverUrl ? createPostgresTemplate(serverUrl) : null,
  ])
  await embedded.close()
  process.env.FAROL_PGLITE_TEMPLATE = path.join(dir, 'pgdata')
  if (postgres) process.env.FAROL_PG_TEMPLATE = postgres.name

  return async () => {
    rmSync(dir, { recursive: true, force: true })
    await postgres?.drop()
  }
}
