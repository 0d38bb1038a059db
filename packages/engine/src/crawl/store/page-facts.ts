// The crawl's facts about given pages, read from the page store (site_crawl_pages, scores from
// site_crawl_scores) rather than the crawl result's top pages: the bot-log joins ask about the URLs the
// bots fetched, which at 100k pages are mostly not among the result's best-linked ones. Indexed lookups
// by (crawl_id, url), in chunks, and the best-linked indexable pages of the crawl. The server's
// site-audit read module and `farol logs --crawl <store>` both read through these.
import { sql } from 'drizzle-orm'
import type { PageSummary } from '../../logs/aggregate.ts'
import {
  BEST_LINKED,
  type CrawlFacts,
  type CrawlPageFacts,
  crawlFactsOf,
  fetchedUrls,
} from '../../logs/joins.ts'
import type { Db } from './db.ts'
import { rowsOf, SCORED_PAGES } from './store.ts'

const CHUNK = 5000

const factsOf = (r: Record<string, unknown>): CrawlPageFacts => ({
  url: String(r.url),
  status: r.status === null || r.status === undefined ? null : Number(r.status),
  redirectTo: r.redirect_to === null || r.redirect_to === undefined ? null : String(r.redirect_to),
  indexable: Boolean(r.indexable),
  inlinks: Number(r.inlinks ?? 0),
  linkScore: r.link_score === null || r.link_score === undefined ? null : Number(r.link_score),
})

/** The stored facts of those of `urls` the crawl has (any others are simply absent). */
export async function pageFactsFor(
  db: Db,
  crawlId: string,
  urls: readonly string[],
): Promise<CrawlPageFacts[]> {
  const out: CrawlPageFacts[] = []
  for (let i = 0; i < urls.length; i += CHUNK) {
    const rows = await rowsOf(
      db,
      sql`SELECT p.url, p.status, p.redirect_to, p.indexable, s.inlinks, s.link_score FROM ${SCORED_PAGES}
        WHERE p.crawl_id = ${crawlId}::uuid AND p.url = ANY(${sql.param(urls.slice(i, i + CHUNK))}::text[])`,
    )
    out.push(...rows.map(factsOf))
  }
  return out
}

/** The crawl's `limit` best-linked indexable pages (link score, then inlinks: the join's order). */
export async function bestLinkedPages(db: Db, crawlId: string, limit: number): Promise<CrawlPageFacts[]> {
  const rows = await rowsOf(
    db,
    sql`SELECT p.url, p.status, p.redirect_to, p.indexable, s.inlinks, s.link_score FROM ${SCORED_PAGES}
      WHERE p.crawl_id = ${crawlId}::uuid AND p.indexable AND s.link_score IS NOT NULL
      ORDER BY s.link_score DESC, coalesce(s.inlinks, 0) DESC, p.url ASC LIMIT ${limit}`,
  )
  return rows.map(factsOf)
}

/** Whether the crawl's pages are in the store (crawls from before the store keep them in the result). */
export async function hasStoredPages(db: Db, crawlId: string): Promise<boolean> {
  const rows = await rowsOf(db, sql`SELECT 1 FROM site_crawl_pages WHERE crawl_id = ${crawlId}::uuid LIMIT 1`)
  return rows.length > 0
}

/**
 * What the bot-log join needs from a stored crawl (logs/joins.ts joinWithCrawl): the facts of the pages
 * the bots fetched and of the crawl's best-linked indexable pages. The server (the site's latest crawl)
 * and `farol logs --crawl <store>` both call this.
 */
export async function crawlFactsFromStore(
  db: Db,
  crawl: { id: string; startUrl: string; crawledAt: string | null },
  fetched: readonly PageSummary[],
): Promise<CrawlFacts> {
  const [visited, best] = await Promise.all([
    pageFactsFor(db, crawl.id, fetchedUrls(crawl.startUrl, fetched)),
    bestLinkedPages(db, crawl.id, BEST_LINKED),
  ])
  return crawlFactsOf(crawl.startUrl, crawl.crawledAt, visited, best)
}
