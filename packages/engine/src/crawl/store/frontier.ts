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
  /** Finished pages written per statement. Default 100 (a slow crawl writes sooner: every progress report
   *  flushes). */
  batchSize?: number
  /** The fewest URLs leased per round trip and handed out from a local buffer (one lease reads the
   *  crawl's counts). Default 16. */
  leaseBatch?: number
  /** The most URLs leased per round trip. Default 256. */
  maxLeaseBatch?: number
  /** On the embedded database (PGlite, which has no checkpointer: decision 043), a CHECKPOINT after every
   *  this many pages written, so the write-ahead log is recycled during the crawl. Default: never. */
  checkpointEvery?: number
}

/** A lease takes about this much of the crawl's recent pace: enough that a fast crawl rarely waits for a
 *  lease round trip, and far inside the lease time, so a slow (polite) crawl never holds a URL long
 *  enough for its lease to run out before it is fetched. */
const LEASE_AHEAD_MS = 5_000
/** URLs remembered as queued, about 20 MB at most. */
const QUEUED_MEMORY = 200_000

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
  /** URLs this process has queued with a depth (most links point to a known URL: six in seven on a
   *  template site), so they are not sent again. Bounded: emptied when full, the database still dedupes. */
  private readonly queued = new Set<string>()
  private pendingPages: CrawlPage[] = []
  private readonly leaseBatch: number
  private readonly maxLeaseBatch: number
  private leasedHere: FrontierEntry[] = []
  private leasing: Promise<void> | null = null
  /** URLs handed out since the last lease started, and when it started: the crawl's pace. */
  private handedOut = 0
  private lastLeaseAt = 0
  /** Every flush's links so far: written, or the first failure among them. */
  private linksWritten: Promise<void> = Promise.resolve()
  private readonly checkpointEvery: number
  /** Pages written since the last CHECKPOINT. */
  private sinceCheckpoint = 0

  constructor(db: Db, crawlId: string, options: PgFrontierOptions = {}) {
    this.db = db
    this.crawlId = crawlId
    this.leaseSeconds = options.leaseSeconds ?? 120
    this.batchSize = options.batchSize ?? 100
    this.leaseBatch = options.leaseBatch ?? 16
    this.maxLeaseBatch = Math.max(this.leaseBatch, options.maxLeaseBatch ?? 256)
    this.checkpointEvery = options.checkpointEvery ?? 0
  }

  async add(entries: readonly FrontierEntry[]): Promise<void> {
    for (const entry of entries) {
      // A link to a URL this process has already queued changes nothing (DO NOTHING, and its depth
      // is already the smallest: the crawl goes breadth-first). A sitemap URL (no depth) is not
      // remembered: a link to it later must still give it a depth.
      if (entry.depth !== null) {
        if (this.queued.has(entry.url)) continue
        if (this.queued.size >= QUEUED_MEMORY) this.queued.clear()
        this.queued.add(entry.url)
      }
      this.pendingAdds.push(entry)
    }
    if (this.pendingAdds.length >= 500) await this.flush()
  }

  async complete(page: CrawlPage): Promise<void> {
    this.pendingPages.push(page)
    if (this.pendingPages.length >= this.batchSize) await this.flush()
  }

  /**
   * Writes buffered links and finished pages: links first, so a crash between the two only re-fetches.
   * Flushes overlap, but a page is marked done only once every earlier flush's links are written too: its
   * links can sit in the flush before the one that holds the page (added just before that flush began,
   * the page completed just after). A flush ends when every link buffered so far is in the table.
   */
  flush(): Promise<void> {
    const adds = this.pendingAdds
    const pages = this.pendingPages
    this.pendingAdds = []
    this.pendingPages = []
    const links = this.writeLinks(adds)
    // A failed write leaves this chain rejected: no later page is marked done (the crawl fails and its
    // retry re-fetches them). Handled here, awaited below and by every later flush.
    const linksWritten = Promise.all([this.linksWritten, links]).then(() => {})
    linksWritten.catch(() => {})
    this.linksWritten = linksWritten
    return this.writeDone(pages, links, linksWritten)
  }

  private async writeLinks(adds: FrontierEntry[]): Promise<void> {
    for (let i = 0; i < adds.length; i += 500) {
      // One row per URL per statement (ON CONFLICT cannot touch a row twice in one command); first wins.
      const unique = new Map<string, FrontierEntry>()
      for (const e of adds.slice(i, i + 500)) if (!unique.has(e.url)) unique.set(e.url, e)
      // Inserted in URL order: two flushes inserting the same new URLs wait for each other in one order,
      // never in a cycle (deadlock). Known URLs (most links) are left alone, unlocked: DO NOTHING.
      const rows = [...unique.values()].sort((a, b) => (a.url < b.url ? -1 : a.url > b.url ? 1 : 0))
      const c = sql`${this.crawlId}::uuid`
      // A sitemap URL (no depth) later reached by a link takes the link's depth while still pending. The
      // EXISTS is evaluated once: with no such URL in the crawl (the usual case) the join is skipped.
      await this.db.execute(sql`
        WITH v AS (SELECT * FROM unnest(${sql.param(rows.map((e) => e.url))}::text[],
            ${sql.param(rows.map((e) => e.depth))}::int[], ${sql.param(rows.map((e) => e.source))}::text[])
            WITH ORDINALITY AS v(url, depth, source, n)),
          ins AS (INSERT INTO site_crawl_urls (crawl_id, url, depth, source)
            SELECT ${c}, url, depth, source FROM v ORDER BY n ON CONFLICT (crawl_id, url) DO NOTHING
            RETURNING 1),
          -- The crawl's URL count moves with the rows inserted in the same statement (a replay adds 0).
          counted AS (UPDATE site_crawls SET queued_urls = queued_urls + (SELECT count(*) FROM ins)
            WHERE id = ${c})
        UPDATE site_crawl_urls u SET depth = v.depth, source = v.source FROM v
        WHERE EXISTS (SELECT 1 FROM site_crawl_urls WHERE crawl_id = ${c} AND state = 'pending' AND depth IS NULL)
          AND u.crawl_id = ${c} AND u.url = v.url AND u.depth IS NULL AND v.depth IS NOT NULL
          AND u.state = 'pending'`)
    }
  }

  private async writeDone(
    pages: CrawlPage[],
    links: Promise<void>,
    linksWritten: Promise<void>,
  ): Promise<void> {
    await links
    if (pages.length > 0) {
      // The page store first (idempotent), then the 'done' mark: a crash between the two re-fetches.
      await writePages(this.db, this.crawlId, pages)
      await linksWritten
      // The crawl's done count moves with the rows that became done in the same statement: a replayed
      // batch changes neither.
      await this.db.execute(sql`
        WITH done AS (
          UPDATE site_crawl_urls SET state = 'done', lease_until = NULL
          WHERE crawl_id = ${this.crawlId}::uuid AND state <> 'done'
            AND url IN (SELECT unnest(${sql.param(pages.map((p) => p.url))}::text[]))
          RETURNING 1)
        UPDATE site_crawls SET done_pages = done_pages + (SELECT count(*) FROM done) WHERE id = ${this.crawlId}::uuid`)
      this.sinceCheckpoint += pages.length
      if (this.checkpointEvery > 0 && this.sinceCheckpoint >= this.checkpointEvery) {
        this.sinceCheckpoint = 0
        await this.db.execute(sql`CHECKPOINT`)
      }
    }
    await linksWritten
  }

  async lease(max: number, maxPages: number): Promise<FrontierEntry[]> {
    // Buffered entries are leased in the database already: they count against the budget and hold the
    // breadth-first barrier like any other lease.
    if (this.leasedHere.length === 0) await this.refill(max, maxPages)
    const entries = this.leasedHere.splice(0, max)
    this.handedOut += entries.length
    // The next lease is asked for while the buffer's last half is fetched, so a fast crawl does not stop
    // for a round trip every batch. Its error, if any, is met again by the next awaited lease.
    if (entries.length > 0 && this.leasedHere.length <= this.nextBatch() / 2)
      this.refill(max, maxPages).catch(() => {})
    return entries
  }

  /** The size of the next lease: about LEASE_AHEAD_MS of the pace since the last one, within bounds. */
  private nextBatch(): number {
    // Over at least a second: just after a lease, one URL handed out in a millisecond is no pace.
    const elapsed = Math.max(1000, performance.now() - this.lastLeaseAt)
    const pace = this.lastLeaseAt > 0 ? (this.handedOut / elapsed) * LEASE_AHEAD_MS : 0
    return Math.min(this.maxLeaseBatch, Math.max(this.leaseBatch, Math.ceil(pace)))
  }

  /** One lease round trip at a time per process: concurrent callers wait for it and share its rows. */
  private refill(max: number, maxPages: number): Promise<void> {
    if (!this.leasing) {
      const size = Math.max(max, this.nextBatch())
      this.handedOut = 0
      this.lastLeaseAt = performance.now()
      this.leasing = this.leaseRows(size, maxPages)
        .then((rows) => {
          this.leasedHere.push(...rows)
        })
        .finally(() => {
          this.leasing = null
        })
    }
    return this.leasing
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
      // The rows are picked once, in a materialised CTE: as `url IN (SELECT … LIMIT n FOR UPDATE SKIP
      // LOCKED)` the planner may rescan the subquery for each row of the crawl (a nested loop without
      // Materialize, chosen once the table's statistics say it is small, e.g. after a VACUUM), and each
      // rescan skips the rows this statement has just updated and returns the next n: a lease of 32 took
      // every pending URL at that depth, and a crawl limited to 5 pages fetched 40 (decision 043).
      const take = (which: SQL, limit: number) =>
        query(
          txDb,
          sql`WITH picked AS MATERIALIZED (
            SELECT url FROM site_crawl_urls WHERE crawl_id = ${c} AND ${atDepth} AND ${which}
            ORDER BY seq LIMIT ${limit} FOR UPDATE SKIP LOCKED)
          UPDATE site_crawl_urls u SET state = 'leased', lease_until = now() + make_interval(secs => ${this.leaseSeconds})
          FROM picked WHERE u.crawl_id = ${c} AND u.url = picked.url
          RETURNING u.url, u.depth, u.source`,
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
    // A lease asked for ahead is counted once it has landed (its rows are leased, not pending).
    await this.leasing?.catch(() => {})
    await this.flush()
    const c = sql`${this.crawlId}::uuid`
    // Pending (expired leases included) is what is neither done nor leased now: from the counts on the
    // crawl's row and the live leases (few: the workers' buffers), never a count of the pending URLs.
    const [row] = await query(
      this.db,
      sql`SELECT done_pages AS done, queued_urls AS queued,
        (SELECT count(*)::int FROM site_crawl_urls WHERE crawl_id = ${c} AND state = 'leased' AND lease_until >= now()) AS leased
        FROM site_crawls WHERE id = ${c}`,
    )
    const done = Number(row?.done ?? 0)
    const leased = Number(row?.leased ?? 0)
    return { done, pending: Math.max(0, Number(row?.queued ?? 0) - done - leased), leased }
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
