// The embedded database's settings and upkeep (issue 42 item 4, decision 043). PGlite runs PostgreSQL as a
// single backend in single-user mode: there is no checkpointer process, and a standalone backend never
// requests a checkpoint for the log's volume, so the write-ahead log grows until someone runs CHECKPOINT
// (a 100,000-page crawl left 1.1 GB of it on disk). The frontier runs one every EMBEDDED_CHECKPOINT_PAGES
// pages during a crawl; at a crawl's end a VACUUM of the frontier's table (each URL's row rewritten as its
// state changes) and of the pages, and a CHECKPOINT, leave the store compact; max_wal_size bounds how
// much recycled log a checkpoint keeps. Both `farol crawl --store` and the server's embedded database use them.
import { sql } from 'drizzle-orm'
import type { Db } from './db.ts'

/**
 * Pages written between two CHECKPOINTs during a crawl on the embedded database (PgFrontier's
 * checkpointEvery). PGlite's backend runs in single-user mode, where PostgreSQL never requests a
 * checkpoint for the log's volume (only a postmaster's checkpointer does): max_wal_size alone left 737 MB
 * of log at 60,000 pages. A page writes ~12 MB of log per 1,000 pages on the bench's site.
 */
export const EMBEDDED_CHECKPOINT_PAGES = 5000

/** postgres -c settings for PGlite.create's startParams, after PGlite's own defaults. */
export const EMBEDDED_WAL_PARAMS = ['-c', 'max_wal_size=64MB', '-c', 'min_wal_size=32MB']

/** At the end of a crawl on the embedded database: dead frontier rows reusable, the log checkpointed. */
export async function compactEmbeddedStore(db: Db): Promise<void> {
  await db.execute(sql`VACUUM site_crawl_urls`)
  await db.execute(sql`VACUUM site_crawl_pages`)
  await db.execute(sql`CHECKPOINT`)
}
