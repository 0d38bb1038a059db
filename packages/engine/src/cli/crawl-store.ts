// `farol crawl --store <dir>`: the crawl on the server's page store (crawl/store/, decision 029) in an
// embedded PGlite database on disk. The frontier and the pages go to the database in batches as the crawl
// goes, the checks run as the server's queries, and the report is read back in chunks: stdout gets the
// same text and --json as the in-memory path, with nothing that grows with the crawl held in the process.
// An unfinished crawl of the same start URL in the store resumes; a finished one stays and a new crawl
// starts beside it.
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { siteChecks } from '../crawl/checks/index.ts'
import type { SiteCheckOptions } from '../crawl/checks/site-index.ts'
import type { ComparableCrawl, CrawlComparisonCounts } from '../crawl/compare.ts'
import type { CrawlOptions, CrawlRun } from '../crawl/crawler.ts'
import { normalizeUrl } from '../crawl/normalize.ts'
import type { Db } from '../crawl/store/db.ts'
import { compactEmbeddedStore, EMBEDDED_CHECKPOINT_PAGES } from '../crawl/store/embedded.ts'
import { ensureCrawl, PgFrontier } from '../crawl/store/frontier.ts'
import type { CrawlStore } from '../crawl/store/open.ts'
import {
  finishCrawl,
  issueSummaries,
  listPages,
  pageOf,
  rowsOf,
  signatureText,
} from '../crawl/store/store.ts'
import type { CrawlProgress, CrawlStats } from '../crawl/types.ts'
import { parseTargetUrl } from '../fetch/guard.ts'

/** The statistics target of the end-of-crawl ANALYZE in the store (PostgreSQL's default: 100). */
const STATISTICS_TARGET = 10

/** Rows read per round trip when the report is written out. */
const CHUNK = 1000

export interface StoreCrawl {
  id: string
  /** The crawl was found unfinished in the store and goes on; pages it had stored then. */
  resumed: { createdAt: string; pages: number } | null
}

/** The crawl to run in the store: the unfinished one of this start URL (resumed), else a new one. */
export async function storeCrawlFor(
  db: Db,
  url: string,
  options: { allowPrivate: boolean; maxPages: number },
): Promise<StoreCrawl> {
  // The key is the URL as the crawler normalises its start (what site_crawls.start_url holds).
  const start = normalizeUrl(parseTargetUrl(url, { allowPrivate: options.allowPrivate }).href) ?? url
  const [last] = await rowsOf(
    db,
    sql`SELECT id, created_at, finished_at, done_pages FROM site_crawls
      WHERE start_url = ${start} AND user_id IS NULL ORDER BY created_at DESC LIMIT 1`,
  )
  if (last && last.finished_at === null) {
    const id = String(last.id)
    // One process per store (the lock): leases left by a killed run are nobody's, so they go back now
    // rather than after their lease time.
    await db.execute(sql`UPDATE site_crawl_urls SET state = 'pending', lease_until = NULL
      WHERE crawl_id = ${id}::uuid AND state = 'leased'`)
    await db.execute(sql`UPDATE site_crawls SET max_pages = ${options.maxPages} WHERE id = ${id}::uuid`)
    return {
      id,
      resumed: {
        createdAt: new Date(last.created_at as string).toISOString(),
        pages: Number(last.done_pages),
      },
    }
  }
  const id = randomUUID()
  await ensureCrawl(db, { id, userId: null, startUrl: start, maxPages: options.maxPages })
  return { id, resumed: null }
}

export interface StoreRunResult {
  run: CrawlRun
  stats: CrawlStats
}

/** Crawls into the store (pages written in batches), then runs the checks as queries. */
export async function crawlIntoStore(
  store: CrawlStore,
  target: StoreCrawl,
  url: string,
  options: CrawlOptions & { onProgress: (p: CrawlProgress) => void },
  checks: SiteCheckOptions,
): Promise<StoreRunResult> {
  const { crawl } = await import('../crawl/crawler.ts')
  const frontier = new PgFrontier(store.db, target.id, {
    batchSize: 100,
    leaseBatch: 32,
    checkpointEvery: EMBEDDED_CHECKPOINT_PAGES,
  })
  const run = await crawl(url, { ...options, frontier, keepPages: false })
  await frontier.flush()
  const before = target.resumed?.pages ?? 0
  // This run's rate: a resumed crawl's earlier pages were not fetched now.
  const stats: CrawlStats = {
    ...run.stats,
    urlsPerSecond: run.stats.seconds > 0 ? (run.stats.pages - before) / run.stats.seconds : 0,
  }
  if (run.stoppedBy !== 'aborted') {
    // ANALYZE's sample of 300 x default_statistics_target rows is held in PGlite's WebAssembly heap, which
    // never shrinks: at the default (100) the four tables' samples grew it by 137 MB at 100,000 pages,
    // the CLI's largest step (decision 043). This session is the store's only one.
    await store.db.execute(sql`SET default_statistics_target = ${sql.raw(String(STATISTICS_TARGET))}`)
    await finishCrawl(store.db, target.id, checks)
    await compactEmbeddedStore(store.db)
  }
  return { run, stats }
}

// --- The report, read back in chunks ---

type Write = (chunk: string) => Promise<void>

/** JSON.stringify(value, null, 2) placed at `pad` (what the whole document's stringify writes there). */
const nested = (value: unknown, pad: string) => JSON.stringify(value, null, 2).replace(/\n/g, `\n${pad}`)

/** Writes `"key": [ … ]` (or `{ … }`) with the elements `items` yields, as JSON.stringify(…, null, 2) would. */
async function streamed(
  write: Write,
  pad: string,
  key: string,
  open: '[' | '{',
  items: AsyncIterable<string>,
): Promise<void> {
  const close = open === '[' ? ']' : '}'
  let first = true
  for await (const item of items) {
    await write(`${first ? `${pad}${JSON.stringify(key)}: ${open}\n` : ',\n'}${pad}  ${item}`)
    first = false
  }
  await write(first ? `${pad}${JSON.stringify(key)}: ${open}${close}` : `\n${pad}${close}`)
}

/** The issue types the crawl has, in the checks' order (the in-memory report's). */
async function issueTypes(db: Db, crawlId: string): Promise<string[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT DISTINCT type FROM site_crawl_issues WHERE crawl_id = ${crawlId}::uuid`,
  )
  const found = new Set(rows.map((r) => String(r.type)))
  return siteChecks.map((c) => c.id).filter((id) => found.has(id))
}

/** One issue type's rows by URL, keyset-paged. */
async function* issueRows(db: Db, crawlId: string, type: string) {
  let after = ''
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`SELECT url, detail FROM site_crawl_issues WHERE crawl_id = ${crawlId}::uuid AND type = ${type}
        AND url > ${after} ORDER BY url LIMIT ${CHUNK}`,
    )
    for (const r of rows) yield { url: String(r.url), detail: r.detail === null ? null : jsonOf(r.detail) }
    if (rows.length < CHUNK) return
    after = String(rows[rows.length - 1]!.url)
  }
}

const jsonOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)

async function hasDetails(db: Db, crawlId: string, type: string): Promise<boolean> {
  const [row] = await rowsOf(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM site_crawl_issues WHERE crawl_id = ${crawlId}::uuid AND type = ${type}
      AND detail IS NOT NULL) AS yes`,
  )
  return Boolean(row?.yes)
}

/**
 * The report's pages (crawl/report.ts PageSummary: the row without links and signature, with inlinks,
 * outlinks and link score), breadth-first by depth then URL: the order is sorted once into a temporary
 * table of (rank, id), then the rows are read by rank in chunks.
 */
async function* pageSummaries(db: Db, crawlId: string): AsyncGenerator<Record<string, unknown>> {
  const c = sql`${crawlId}::uuid`
  await db.execute(sql`DROP TABLE IF EXISTS farol_page_order`)
  await db.execute(sql`CREATE TEMP TABLE farol_page_order AS
    SELECT row_number() OVER (ORDER BY depth NULLS LAST, url) AS k, id FROM site_crawl_pages WHERE crawl_id = ${c}`)
  await db.execute(sql`CREATE INDEX ON farol_page_order (k)`)
  try {
    for (let from = 1; ; from += CHUNK) {
      const rows = await rowsOf(
        db,
        sql`SELECT p.*, s.inlinks, s.link_score, ${signatureText} AS minhash FROM farol_page_order o
          JOIN site_crawl_pages p ON p.crawl_id = ${c} AND p.id = o.id
          LEFT JOIN site_crawl_scores s ON s.crawl_id = p.crawl_id AND s.page_id = p.id
          WHERE o.k >= ${from} AND o.k < ${from + CHUNK} ORDER BY o.k`,
      )
      if (rows.length === 0) return
      const urls = rows.map((r) => String(r.url))
      const hreflang = await rowsOf(
        db,
        sql`SELECT source, target, lang FROM site_crawl_edges WHERE crawl_id = ${c} AND kind = 'hreflang'
          AND source = ANY(${sql.param(urls)}::text[])`,
      )
      const by = new Map<string, { lang: string; url: string }[]>()
      for (const h of hreflang) {
        const list = by.get(String(h.source)) ?? []
        list.push({ lang: String(h.lang), url: String(h.target) })
        by.set(String(h.source), list)
      }
      for (const r of rows) {
        const {
          links: _links,
          minhash: _minhash,
          sketch: _sketch,
          ...page
        } = pageOf(r, [], by.get(String(r.url)) ?? [])
        yield {
          ...page,
          inlinks: Number(r.inlinks ?? 0),
          outlinks: Number(r.outlinks),
          linkScore: r.link_score === null ? null : Number(r.link_score),
        }
      }
    }
  } finally {
    await db.execute(sql`DROP TABLE IF EXISTS farol_page_order`)
  }
}

/** The --json document (crawl.ts crawlJson's shape and layout) written in chunks from the store. */
export async function writeStoreJson(
  db: Db,
  crawlId: string,
  write: Write,
  stats: CrawlStats,
  render: CrawlRun['render'],
  comparison: CrawlComparisonCounts | null,
): Promise<void> {
  await write(`{\n  "stats": ${nested(stats, '  ')},\n`)
  if (render) await write(`  "render": ${nested(render, '  ')},\n`)
  const types = await issueTypes(db, crawlId)
  await write(types.length === 0 ? '  "issues": [],\n' : '  "issues": [')
  const pad = '      '
  for (const [i, type] of types.entries()) {
    await write(`${i === 0 ? '' : ','}\n    {\n${pad}"type": ${JSON.stringify(type)},\n`)
    await streamed(
      write,
      pad,
      'urls',
      '[',
      mapped(issueRows(db, crawlId, type), (r) => JSON.stringify(r.url)),
    )
    if (await hasDetails(db, crawlId, type)) {
      await write(',\n')
      const withDetail = filtered(issueRows(db, crawlId, type), (r) => r.detail !== null)
      await streamed(
        write,
        pad,
        'details',
        '{',
        mapped(withDetail, (r) => `${JSON.stringify(r.url)}: ${nested(r.detail, `${pad}  `)}`),
      )
    }
    await write('\n    }')
  }
  if (types.length > 0) await write('\n  ],\n')
  await streamed(
    write,
    '  ',
    'pages',
    '[',
    mapped(pageSummaries(db, crawlId), (p) => nested(p, '    ')),
  )
  if (comparison) await write(`,\n  "comparison": ${nested(comparison, '  ')}`)
  await write('\n}\n')
}

async function* mapped<T, U>(items: AsyncIterable<T>, f: (item: T) => U): AsyncGenerator<U> {
  for await (const item of items) yield f(item)
}

async function* filtered<T>(items: AsyncIterable<T>, keep: (item: T) => boolean): AsyncGenerator<T> {
  for await (const item of items) if (keep(item)) yield item
}

/** What the text report needs: each issue's count and first URLs, and the ten best-linked pages. */
export async function storeTextReport(db: Db, crawlId: string, stats: CrawlStats) {
  const issues = await issueSummaries(db, crawlId, 5)
  const top = await listPages(db, crawlId, { sort: 'linkScore', limit: 10 })
  return {
    stats,
    issues: issues.map((i) => ({ ...i, details: i.details as Record<string, never> })),
    pages: top.rows.filter((p) => p.linkScore !== null),
  }
}

/**
 * The crawl as `compareCrawls` reads a --json file: every issue URL by type and every page's status. Only
 * with --compare, whose previous crawl is held whole anyway.
 */
export async function comparableFromStore(db: Db, crawlId: string): Promise<ComparableCrawl> {
  const issues: { type: string; urls: string[] }[] = []
  for (const type of await issueTypes(db, crawlId)) {
    const urls: string[] = []
    for await (const r of issueRows(db, crawlId, type)) urls.push(r.url)
    issues.push({ type, urls })
  }
  const pages: { url: string; status: number | null }[] = []
  let after = ''
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`SELECT url, status FROM site_crawl_pages WHERE crawl_id = ${crawlId}::uuid AND url > ${after}
        ORDER BY url LIMIT ${CHUNK * 5}`,
    )
    for (const r of rows)
      pages.push({ url: String(r.url), status: r.status === null ? null : Number(r.status) })
    if (rows.length < CHUNK * 5) break
    after = String(rows[rows.length - 1]!.url)
  }
  return { issues, pages }
}
