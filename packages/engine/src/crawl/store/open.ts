// `farol crawl --store <dir>`: the page store in an embedded PGlite database on disk. The directory is
// created when missing; an existing one must be empty or a store made by this (PGlite's PG_VERSION file
// is there): pointing --store at a folder of other files must not fill it with a database.
import { spawn } from 'node:child_process'
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs'
import path from 'node:path'
import type { Db } from './db.ts'
import { EMBEDDED_WAL_PARAMS } from './embedded.ts'
import { CRAWL_TABLES_SQL } from './schema.ts'

export type StoreProblem = 'not-a-directory' | 'not-a-store' | 'cannot-create' | 'in-use'

export class StoreError extends Error {
  readonly problem: StoreProblem
  constructor(problem: StoreProblem, detail: string) {
    super(`${problem}: ${detail}`)
    this.name = 'StoreError'
    this.problem = problem
  }
}

export interface CrawlStore {
  db: Db
  dir: string
  /** Bytes on disk (the database's files). */
  size(): number
  close(): Promise<void>
}

/** PGlite's own file in a data directory it made: what tells a store from a folder of other files. */
const MARK = 'PG_VERSION'
/** Our lock beside PGlite's files (PostgreSQL ignores unknown files in its data directory). */
const LOCK = 'farol.lock'

/** Checks the path without touching anything: throws StoreError for what cannot be a store. */
export function checkStorePath(dir: string): void {
  if (!existsSync(dir)) return
  if (!statSync(dir).isDirectory()) throw new StoreError('not-a-directory', dir)
  const entries = readdirSync(dir)
  if (entries.length > 0 && !entries.includes(MARK)) throw new StoreError('not-a-store', dir)
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** PGlite is single-process: a second process on the same directory would corrupt it. */
function lock(dir: string): () => void {
  const file = path.join(dir, LOCK)
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' })
  } catch {
    const owner = Number(readFileSync(file, 'utf8'))
    if (owner && owner !== process.pid && isAlive(owner))
      throw new StoreError('in-use', `${dir} (pid ${owner})`)
    writeFileSync(file, String(process.pid))
  }
  return () => {
    try {
      if (Number(readFileSync(file, 'utf8')) === process.pid) unlinkSync(file)
    } catch {}
  }
}

function du(dir: string): number {
  let total = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    total += entry.isDirectory() ? du(full) : statSync(full).size
  }
  return total
}

/**
 * Makes a new PGlite database in `dir` in a short-lived process of its own (decision 043). PGlite's initdb
 * runs a second PostgreSQL and initdb's WebAssembly beside the first and grows to ~1.05 GB resident
 * (0.67 GB with Liftoff code only) before it drops back; in the CLI's own process that was the crawl's
 * peak (1.27 GB maxRSS at 10,000 pages). Reopening the made directory costs ~0.35 GB.
 */
async function createDatabase(dir: string, startParams: string[]): Promise<void> {
  const pglite = import.meta.resolve('@electric-sql/pglite')
  const code = `const { PGlite } = await import(${JSON.stringify(pglite)})
const pg = await PGlite.create(process.argv[1], { startParams: [...PGlite.defaultStartParams, ...JSON.parse(process.argv[2])] })
await pg.close()`
  // Liftoff code only (cli/liftoff.ts): initdb's peak 673 MB instead of 1,074 MB, and no slower.
  const args = ['--liftoff-only', '--input-type=module', '-e', code, dir, JSON.stringify(startParams)]
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-2000)
  })
  const exit = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject)
    child.once('exit', resolve)
  })
  if (exit !== 0 || !existsSync(path.join(dir, MARK)))
    throw new Error(`could not create the database in ${dir}: ${stderr.trim() || `exit ${exit}`}`)
}

/** Opens (or creates) the store in `dir` with the crawl tables. */
export async function openCrawlStore(dir: string): Promise<CrawlStore> {
  const resolved = path.resolve(dir)
  checkStorePath(resolved)
  try {
    mkdirSync(resolved, { recursive: true })
  } catch (e) {
    throw new StoreError('cannot-create', `${resolved}: ${(e as Error).message}`)
  }
  const release = lock(resolved)
  try {
    const { PGlite } = await import('@electric-sql/pglite')
    const { drizzle } = await import('drizzle-orm/pglite')
    if (!existsSync(path.join(resolved, MARK))) await createDatabase(resolved, EMBEDDED_WAL_PARAMS)
    const pglite = await PGlite.create(resolved, {
      startParams: [...PGlite.defaultStartParams, ...EMBEDDED_WAL_PARAMS],
    })
    await pglite.exec(CRAWL_TABLES_SQL)
    return {
      db: drizzle(pglite) as unknown as Db,
      dir: resolved,
      size: () => du(resolved),
      close: async () => {
        if (!pglite.closed) await pglite.close()
        release()
      },
    }
  } catch (e) {
    release()
    throw e
  }
}
