// Opens Farol's database: embedded PGlite under the data directory by default, PostgreSQL when
// DATABASE_URL is set. Both speak PostgreSQL, so one schema and one set of migrations serve both.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { EMBEDDED_WAL_PARAMS } from '@farol/engine/crawl/store/embedded.ts'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import * as schema from './schema.ts'

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

export interface Database {
  kind: 'pglite' | 'postgres'
  db: Db
  /** The PGlite instance when embedded (pg-boss runs on it); null on PostgreSQL. */
  pglite: PGlite | null
  /** The connection string when on PostgreSQL; null when embedded. */
  url: string | null
  /** A trivial round trip, for health checks. */
  ping(): Promise<void>
  close(): Promise<void>
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl)
  return openPglite(path.join(options.dataDir, 'pgdata'))
}

async function openPglite(dir: string): Promise<Database> {
  mkdirSync(dir, { recursive: true })
  const releaseLock = acquireLock(`${dir}.lock`)
  let pglite: PGlite
  try {
    seedFromTemplate(dir)
    // A bounded write-ahead log (engine crawl/store/embedded.ts: PGlite has no checkpointer process).
    pglite = await PGlite.create(dir, { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_WAL_PARAMS] })
    await migratePglite(drizzlePglite(pglite, { schema }), { migrationsFolder })
  } catch (error) {
    releaseLock()
    throw error
  }
  const db = drizzlePglite(pglite, { schema })
  return {
    kind: 'pglite',
    db: db as unknown as Db,
    pglite,
    url: null,
    ping: async () => {
      await pglite.query('select 1')
    },
    close: async () => {
      if (!pglite.closed) await pglite.close()
      releaseLock()
    },
  }
}

/**
 * A new embedded database costs 6-13 s on this hardware (PGlite's initdb in WebAssembly, then every
 * migration); a copy of one already migrated costs 0.2 s. The test suites open hundreds, so they set
 * FAROL_PGLITE_TEMPLATE to a migrated data directory made once per run (scripts/vitest-global-setup.ts).
 * The migrations still run after the copy, so a template older than the code only costs time.
 */
function seedFromTemplate(dir: string) {
  const template = process.env.FAROL_PGLITE_TEMPLATE
  if (!template || existsSync(path.join(dir, 'PG_VERSION'))) return
  cpSync(template, dir, { recursive: true })
}

export class DatabaseInUseError extends Error {
  readonly pid: number
  constructor(pid: number) {
    super(`The embedded database is in use by another Farol process (pid ${pid}). Stop it first.`)
    this.name = 'DatabaseInUseError'
    this.pid = pid
  }
}

/**
 * PGlite is single-process: two processes opening one data directory would corrupt it. A lock file
 * holding the owner's pid refuses a second opener; a lock left by a killed process is taken over.
 */
export function acquireLock(file: string): () => void {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch {
    const owner = Number(readFileSync(file, 'utf8'))
    if (owner && owner !== process.pid && isAlive(owner)) throw new DatabaseInUseError(owner)
    writeFileSync(file, String(process.pid))
  }
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8')) === process.pid) rmSync(file)
    } catch {
      // Already gone: nothing to release.
    }
  }
}

/**
 * Whether the lock's owner still runs. A pid killed with kill -9 lingers as a zombie until its parent
 * reaps it (signal 0 still reaches it), yet it will never touch the database again: it counts as gone.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !isZombie(pid)
}

/** Linux: the state letter after the command name in /proc/<pid>/stat ("Z" zombie, "X" dead). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3)
    return state === 'Z' || state === 'X'
  } catch {
    // The process ended between the two looks (gone), unless there is no /proc at all (macOS).
    return existsSync('/proc/self/stat')
  }
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  // An idle connection can be ended under the pool (PostgreSQL restarted, an administrator's
  // pg_terminate_backend). The pool drops that client and opens a new one when asked; without a listener
  // its 'error' event would end the whole process.
  pool.on('error', (error) => process.emitWarning(`PostgreSQL ended an idle connection: ${error.message}`))
  const db = drizzlePg(pool, { schema })
  await migratePg(db, { migrationsFolder })
  return {
    kind: 'postgres',
    db: db as unknown as Db,
    pglite: null,
    url,
    ping: async () => {
      await pool.query('select 1')
    },
    close: () => pool.end(),
  }
}
