// One site_crawl worker for `npm run bench:crawl`, in its own process so its peak RSS is its own: the
// server path (PgFrontier, the page store, the checks as queries) on PostgreSQL when DATABASE_URL is set
// (a fresh database, dropped at the end), else on PGlite in a temporary directory (then the database runs
// inside this process and its memory counts here).
// Usage: node bench/crawl-worker.ts <startUrl> <pages> <concurrency>; prints one JSON line.
import { execFileSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { RESULT_PAGES } from '../apps/server/src/features/site-audit/capability.ts'
import { ensureCrawl, PgFrontier } from '../apps/server/src/features/site-audit/frontier.ts'
import {
  finishCrawl,
  issueSummaries,
  listPages,
  rowsOf,
  sampleFromStore,
} from '../apps/server/src/features/site-audit/store.ts'
import { openDatabase } from '../apps/server/src/platform/db/database.ts'
import { crawl } from '../packages/engine/src/crawl/crawler.ts'
import {
  compactEmbeddedStore,
  EMBEDDED_CHECKPOINT_PAGES,
} from '../packages/engine/src/crawl/store/embedded.ts'

const [startUrl, pagesArg, concurrencyArg] = process.argv.slice(2) as [string, string, string]
const pages = Number(pagesArg)
const serverUrl = process.env.DATABASE_URL || null

let databaseUrl: string | undefined
let dropDatabase = async () => {}
if (serverUrl) {
  const name = `farol_bench_${process.pid}_${Date.now()}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  databaseUrl = url.href
  // FAROL_BENCH_KEEP=1 keeps the database (its URL and the crawl's id go to stderr) for bench/crawl-finish.ts.
  dropDatabase = async () => {
    if (process.env.FAROL_BENCH_KEEP) return
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
    await client.end()
  }
}
const dataDir = mkdtempSync(path.join(tmpdir(), 'farol-bench-'))
const database = await openDatabase({ ...(databaseUrl ? { databaseUrl } : {}), dataDir })
try {
  const id = randomUUID()
  await ensureCrawl(database.db, { id, userId: null, startUrl, maxPages: pages })
  if (process.env.FAROL_BENCH_KEEP) console.error(`kept: ${databaseUrl ?? dataDir} crawl ${id}`)
  // The worker's resident memory before the crawl (the database open, nothing crawled): what it grows from.
  const idle = process.memoryUsage().rss
  let peak = 0
  // RSS at each tenth of the crawl: flat past the batch buffers, or growing with the page count.
  const tenths: number[] = []
  const walTenths: number[] = []
  const walBytes = () => {
    const dir = path.join(dataDir, 'pgdata', 'pg_wal')
    return readdirSync(dir).reduce(
      (sum, f) => sum + (statSync(path.join(dir, f)).isFile() ? statSync(path.join(dir, f)).size : 0),
      0,
    )
  }
  let done = 0
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss)
  }, 200)
  const started = performance.now()
  const run = await crawl(startUrl, {
    frontier: new PgFrontier(
      database.db,
      id,
      serverUrl ? {} : { checkpointEvery: EMBEDDED_CHECKPOINT_PAGES },
    ),
    keepPages: false,
    maxPages: pages,
    maxSeconds: 7200,
    concurrency: Number(concurrencyArg),
    allowPrivate: true,
    onProgress(p) {
      done = p.pages
      while (tenths.length < Math.floor((10 * done) / pages)) {
        tenths.push(process.memoryUsage().rss)
        // The write-ahead log at each tenth (PGlite): bounded by the frontier's checkpoints, or growing.
        if (!serverUrl) walTenths.push(walBytes())
      }
    },
  })
  const crawlEnd = performance.now()
  // Where the end of the crawl goes: each step's seconds (checks of one name summed).
  const steps = new Map<string, number>()
  await finishCrawl(database.db, id, {}, (step, ms) => steps.set(step, (steps.get(step) ?? 0) + ms))
  const summaryAt = performance.now()
  const issues = await issueSummaries(database.db, id)
  // The rest of what the task's result holds (capability.ts): the best-linked pages and the sample.
  await listPages(database.db, id, { sort: 'linkScore', limit: RESULT_PAGES })
  await sampleFromStore(database.db, id)
  const issuesAt = performance.now()
  steps.set('summary, top pages, sample', issuesAt - summaryAt)
  // The embedded database's end-of-crawl upkeep (what `farol crawl --store` does): log checkpointed,
  // frontier rows vacuumed.
  if (!serverUrl) await compactEmbeddedStore(database.db)
  steps.set('compact', performance.now() - issuesAt)
  clearInterval(sample)
  peak = Math.max(peak, process.memoryUsage().rss)
  const duMb = (dir: string) => Number(execFileSync('du', ['-sb', dir]).toString().split('\t')[0]) / 2 ** 20
  const walMb = serverUrl ? null : Math.round(duMb(path.join(dataDir, 'pgdata', 'pg_wal')))
  const size = serverUrl
    ? Number((await rowsOf(database.db, sql`SELECT pg_database_size(current_database()) AS n`))[0]!.n)
    : Number(execFileSync('du', ['-sb', dataDir]).toString().split('\t')[0])
  process.stdout.write(
    `${JSON.stringify({
      backend: serverUrl ? 'PostgreSQL' : 'PGlite',
      pages: run.stats.pages,
      seconds: (crawlEnd - started) / 1000,
      urlsPerSecond: run.stats.pages / ((crawlEnd - started) / 1000),
      peakRssMb: Math.round(peak / 2 ** 20),
      maxRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
      rssByTenthMb: tenths.map((r) => Math.round(r / 2 ** 20)),
      walByTenthMb: walTenths.map((r) => Math.round(r / 2 ** 20)),
      databaseMb: Math.round(size / 2 ** 20),
      walMb,
      idleRssMb: Math.round(idle / 2 ** 20),
      growthMb: Math.round((peak - idle) / 2 ** 20),
      issuesSeconds: (issuesAt - crawlEnd) / 1000,
      endSteps: [...steps]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([step, ms]) => `${step} ${(ms / 1000).toFixed(1)} s`),
      issues: issues.map((i) => `${i.type} ${i.count}`),
    })}\n`,
  )
} finally {
  await database.close()
  await dropDatabase()
  rmSync(dataDir, { recursive: true, force: true })
}
