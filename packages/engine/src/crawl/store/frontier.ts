// The crawl frontier in PostgreSQL (PGlite or a real server). Leases make it safe to share: a worker
// takes URLs with FOR UPDATE SKIP LOCKED and a lease time, so two workers never take the same URL, and a
// worker killed with kill -9 only loses its leases until they expire, when another worker (or the retried
// job) takes them again. Every write is idempotent (INSERT … ON CONFLICT DO NOTHING, UPDATE to 'done'),
// so replaying a batch after a crash changes nothing.
import { type SQL, sql } from 'drizzle-orm'
import type { Frontier, FrontierCounts } from '../frontier.ts'
import type { CrawlPage, FrontierEntry } from '../types.ts'
import type { Db } from './db.ts'
import { readPages, writePages } from './store.ts'

/** Sorts sitemap-only URLs (no link depth) after every linked one. */
const NO_DEPTH = 2_147_483_647

export interface PgFrontierOptions {
  /** How long a leased URL stays taken before another worker may take it. Default 120 s. */
  leaseSeconds?: number
  /** Finished pages written per statement. Default 25. */
  batchSize?: number
  /** URLs leased per round trip and handed out from a local buffer (one lease reads the crawl's counts,
   *  which grows with it). Default 16. */
  leaseBatch?: number
}

type Row = Record<string, unknown>

async function query(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows?: Row[] } | Row[]
  return Array.isArray(result) ? result : (result.rows ?? [])
}

export class PgFrontier implements Frontier {
  private readonly db: Db
  private readonly crawlId: string
  private readonly leaseSeconds: number
  private readonly batchSize: number
  private pendingAdds: FrontierEntry[] = []
  private pendingPages: CrawlPage[] = []
  private readonly leaseBatch: number
  private leasedHere: FrontierEntry[] = []
  private leasing: Promise<FrontierEntry[]> | null = null
  /** The last lease's rows, so the callers that waited for it add them to the buffer once. */
  private taken: FrontierEntry[] | null = null

  constructor(db: Db, crawlId: string, options: PgFrontierOptions = {}) {
    this.db = db
    this.crawlId = crawlId
    this.leaseSeconds = options.leaseSeconds ?? 120
    this.batchSize = options.batchSize ?? 25
    this.leaseBatch = options.leaseBatch ?? 16
  }

  async add(entries: readonly FrontierEntry[]): Promise<void> {
    this.pendingAdds.push(...entries)
    if (this.pendingAdds.length >= 500) await this.flush()
  }

  async complete(page: CrawlPage): Promise<void> {
    this.pendingPages.push(page)
    if (this.pendingPages.length >= this.batchSize) await this.flush()
  }

  /** Writes buffered links and finished pages: links first, so a crash between the two only re-fetches. */
  async flush(): Promise<void> {
    const adds = this.pendingAdds
    const pages = this.pendingPages
    this.pendingAdds = []
    this.pendingPages = []
    for (let i = 0; i < adds.length; i += 500) {
      // One row per URL per statement (ON CONFLICT cannot touch a row twice in one command); first wins.
      const unique = new Map<string, FrontierEntry>()
      for (const e of adds.slice(i, i + 500)) if (!unique.has(e.url)) unique.set(e.url, e)
      const rows = [...unique.values()]
      const values = sql`SELECT ${this.crawlId}::uuid, * FROM unnest(${sql.param(rows.map((e) => e.url))}::text[],
        ${sql.param(rows.map((e) => e.depth))}::int[], ${sql.param(rows.map((e) => e.source))}::text[])`
      // A sitemap URL (no depth) later reached by a link takes the link's depth while still pending.
      await this.db.execute(sql`
        INSERT INTO site_crawl_urls (crawl_id, url, depth, source) ${values}
        ON CONFLICT (crawl_id, url) DO UPDATE SET depth = excluded.depth, source = excluded.source
        WHERE site_crawl_urls.depth IS NULL AND excluded.depth IS NOT NULL AND site_crawl_urls.state = 'pending'`)
    }
    if (pages.length > 0) {
      // The page store first (idempotent), then the 'done' mark: a crash between the two re-fetches.
      await writePages(this.db, this.crawlId, pages)
      // The crawl's done count moves with the rows that became done in the same statement: a replayed
      // batch changes neither.
      await this.db.execute(sql`
        WITH done AS (
          UPDATE site_crawl_urls SET state = 'done', lease_until = NULL
          WHERE crawl_id = ${this.crawlId}::uuid AND state <> 'done'
            AND url IN (SELECT unnest(${sql.param(pages.map((p) => p.url))}::text[]))
          RETURNING 1)
        UPDATE site_crawls SET done_pages = done_pages + (SELECT count(*) FROM done) WHERE id = ${this.crawlId}::uuid`)
    }
  }

  async lease(max: number, maxPages: number): Promise<FrontierEntry[]> {
    // Buffered entries are leased in the database already: they count against the budget and hold the
    // breadth-first barrier like any other lease.
    if (this.leasedHere.length === 0) {
      // One lease round trip at a time per process: concurrent callers wait for it and share its rows.
      this.leasing ??= this.leaseRows(Math.max(max, this.leaseBatch), maxPages).finally(() => {
        this.leasing = null
      })
      const rows = await this.leasing
      if (rows !== this.taken) {
        this.taken = rows
        this.leasedHere.push(...rows)
      }
    }
    return this.leasedHere.splice(0, max)
  }

  private async leaseRows(max: number, maxPages: number): Promise<FrontierEntry[]> {
    await this.flush()
    // One lease at a time per crawl (a transaction-scoped advisory lock): the page budget and the
    // breadth-first barrier are read and acted on atomically, across processes.
    return this.db.transaction(async (tx) => {
      const txDb = tx as unknown as Db
      await txDb.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${this.crawlId}))`)
      // Each figure from the queue index (crawl_id, state, depth, seq) or the crawl's row, never a scan of
      // the crawl: at 200,000 URLs a count per lease made the crawl quadratic. Live leases are few (the
      // workers' buffers), the done count is kept on the crawl's row by flush().
      const c = sql`${this.crawlId}::uuid`
      const [state] = await query(
        txDb,
        sql`SELECT
          (SELECT done_pages FROM site_crawls WHERE id = ${c}) AS done,
          (SELECT count(*)::int FROM site_crawl_urls WHERE crawl_id = ${c} AND state = 'leased' AND lease_until >= now()) AS live,
          (SELECT min(coalesce(depth, ${NO_DEPTH})) FROM site_crawl_urls WHERE crawl_id = ${c} AND state = 'leased' AND lease_until >= now()) AS leased_depth,
          least(
            (SELECT coalesce(depth, ${NO_DEPTH}) FROM site_crawl_urls WHERE crawl_id = ${c} AND state = 'pending' ORDER BY depth NULLS LAST LIMIT 1),
            (SELECT min(coalesce(depth, ${NO_DEPTH})) FROM site_crawl_urls WHERE crawl_id = ${c} AND state = 'leased' AND lease_until < now())
          ) AS next_depth`,
      )
      const used = Number(state?.done ?? 0) + Number(state?.live ?? 0)
      const room = Math.min(max, maxPages - used)
      const nextDepth =
        state?.next_depth === null || state?.next_depth === undefined ? null : Number(state.next_depth)
      if (room <= 0 || nextDepth === null) return []
      // Breadth-first exactness: nothing deeper while a shallower URL is still being fetched.
      if (
        state?.leased_depth !== null &&
        state?.leased_depth !== undefined &&
        Number(state.leased_depth) < nextDepth
      )
        return []
      const atDepth = nextDepth === NO_DEPTH ? sql`depth IS NULL` : sql`depth = ${nextDepth}`
      const take = (which: SQL, limit: number) =>
        query(
          txDb,
          sql`UPDATE site_crawl_urls SET state = 'leased', lease_until = now() + make_interval(secs => ${this.leaseSeconds})
          WHERE crawl_id = ${c} AND url IN (
            SELECT url FROM site_crawl_urls WHERE crawl_id = ${c} AND ${atDepth} AND ${which}
            ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          RETURNING url, depth, source`,
        )
      // Expired leases first (a killed worker's URLs), then pending ones, in discovery order.
      const rows = await take(sql`state = 'leased' AND lease_until < now()`, room)
      if (rows.length < room) rows.push(...(await take(sql`state = 'pending'`, room - rows.length)))
      return rows.map((r) => ({
        url: String(r.url),
        depth: r.depth === null ? null : Number(r.depth),
        source: r.source as FrontierEntry['source'],
      }))
    })
  }

  async counts(): Promise<FrontierCounts> {
    await this.flush()
    const c = sql`${this.crawlId}::uuid`
    const [row] = await query(
      this.db,
      sql`SELECT (SELECT done_pages FROM site_crawls WHERE id = ${c}) AS done,
        (SELECT count(*)::int FROM site_crawl_urls WHERE crawl_id = ${c} AND (state = 'pending' OR (state = 'leased' AND lease_until < now()))) AS pending,
        (SELECT count(*)::int FROM site_crawl_urls WHERE crawl_id = ${c} AND state = 'leased' AND lease_until >= now()) AS leased`,
    )
    return {
      done: Number(row?.done ?? 0),
      pending: Number(row?.pending ?? 0),
      leased: Number(row?.leased ?? 0),
    }
  }

  async addSitemapUrls(urls: readonly string[]): Promise<void> {
    for (let i = 0; i < urls.length; i += 1000) {
      const values = sql.join(
        [...new Set(urls.slice(i, i + 1000))].map((u) => sql`(${this.crawlId}::uuid, ${u})`),
        sql`, `,
      )
      await this.db.execute(
        sql`INSERT INTO site_crawl_sitemap (crawl_id, url) VALUES ${values} ON CONFLICT DO NOTHING`,
      )
    }
  }

  /** Every stored page with its links: for small crawls and tests (the server's task never calls it). */
  async pages(): Promise<CrawlPage[]> {
    await this.flush()
    return readPages(this.db, this.crawlId)
  }

  async sitemapUrls(): Promise<string[]> {
    const rows = await query(
      this.db,
      sql`SELECT url FROM site_crawl_sitemap WHERE crawl_id = ${this.crawlId}::uuid`,
    )
    return rows.map((r) => String(r.url))
  }
}

/** Creates the crawl's row once (a retried job finds it and resumes). */
export async function ensureCrawl(
  db: Db,
  crawl: { id: string; userId: string | null; startUrl: string; maxPages: number },
): Promise<void> {
  await db.execute(sql`INSERT INTO site_crawls (id, user_id, start_url, max_pages)
    VALUES (${crawl.id}::uuid, ${crawl.userId}, ${crawl.startUrl}, ${crawl.maxPages}) ON CONFLICT (id) DO NOTHING`)
}
