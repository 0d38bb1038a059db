// The end of a site crawl on the embedded database (issue 42 item 4, decision 043): PGlite runs PostgreSQL
// as one backend with no checkpointer or autovacuum, so the crawl's dead frontier rows and its write-ahead
// log stay until someone cleans them; `farol crawl --store` does it at a crawl's end, and so does the
// server's site_crawl task when its database is PGlite. On PostgreSQL nothing is done: its own processes
// do this, and CHECKPOINT needs a privileged role. During the crawl, the frontier checkpoints the embedded
// database every EMBEDDED_CHECKPOINT_PAGES pages (its single-user backend never does by itself).
import { compactEmbeddedStore, EMBEDDED_CHECKPOINT_PAGES } from '@farol/engine/crawl/store/embedded.ts'
import type { PgFrontierOptions } from '@farol/engine/crawl/store/frontier.ts'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'

/** Compacts the embedded database after a crawl; returns whether it did (false on PostgreSQL). */
export async function compactAfterCrawl(db: Db, config: Pick<Config, 'databaseUrl'>): Promise<boolean> {
  if (config.databaseUrl) return false
  await compactEmbeddedStore(db)
  return true
}

/** The crawl frontier's options for the server's database: periodic checkpoints on PGlite only. */
export function frontierOptions(config: Pick<Config, 'databaseUrl'>): PgFrontierOptions {
  return config.databaseUrl ? {} : { checkpointEvery: EMBEDDED_CHECKPOINT_PAGES }
}
