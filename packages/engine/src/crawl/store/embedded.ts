// The embedded database's settings and upkeep (issue 42 item 4). PGlite runs PostgreSQL as a single
// backend: there is no checkpointer process, so its write-ahead log is recycled only when it passes
// max_wal_size (1 GB by default), when the backend checkpoints by itself. A 100,000-page crawl left 1.1 GB
// of it on disk. A smaller max_wal_size makes the backend checkpoint every 64 MB of log; at a crawl's end
// an explicit CHECKPOINT and a VACUUM of the frontier's table (each URL's row rewritten as its state
// changes) leave the store compact. Both `farol crawl --store` and the server's embedded database use them.
import { sql } from 'drizzle-orm'
import type { Db } from './db.ts'

/** postgres -c settings for PGlite.create's startParams, after PGlite's own defaults. */
export const EMBEDDED_WAL_PARAMS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB']

/** At the end of a crawl on the embedded database: dead frontier rows reusable, the log checkpointed. */
export async function compactEmbeddedStore(db: Db): Promise<void> {
  await db.execute(sql`VACUUM site_crawl_urls`)
  await db.execute(sql`VACUUM site_crawl_pages`)
  await db.execute(sql`CHECKPOINT`)
}
