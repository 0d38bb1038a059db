// The PostgreSQL frontier lives in the engine (shared with `farol crawl --store`, decision 029); the
// per-user page quota is the server's.
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { rowsOf } from './store.ts'

export { ensureCrawl, PgFrontier } from '@farol/engine/crawl/store/frontier.ts'

/** Pages a user's crawls fetched in the last 24 hours (the page quota counts these). */
export async function pagesCrawledToday(db: Db, userId: string, exceptCrawl?: string): Promise<number> {
  const [row] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS n FROM site_crawl_urls u JOIN site_crawls c ON c.id = u.crawl_id
      WHERE c.user_id = ${userId} AND c.created_at > now() - interval '24 hours' AND u.state = 'done'
        AND c.id <> ${exceptCrawl ?? '00000000-0000-0000-0000-000000000000'}::uuid`,
  )
  return Number(row?.n ?? 0)
}
