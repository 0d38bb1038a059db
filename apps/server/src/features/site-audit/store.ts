// The crawl's page store lives in the engine (shared with `farol crawl --store`, decision 029).
export * from '@farol/engine/crawl/store/store.ts'

import { rowsOf } from '@farol/engine/crawl/store/store.ts'
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'

/**
 * The crawl of the same start URL that finished most recently before this one finished (before now while
 * it is finishing), in the same workspace (its task's;
 * a row from before migration 0034 without one: its maker's personal workspace), whoever made it there;
 * null without one. Replaces the engine store's (same user, any workspace: decision 044): a crawl of a
 * personal workspace is never compared with a team's, nor the other way round. An anonymous crawl (no
 * workspace) compares with anonymous ones, as the engine's did. By end, not by start: of two overlapping
 * crawls the one that ends last compares with the other, so IndexNow never submits the same changes twice.
 */
export async function previousCrawl(
  db: Db,
  crawlId: string,
): Promise<{ id: string; finishedAt: string } | null> {
  const workspaceOf = (crawl: string, task: string) =>
    sql.raw(`coalesce(${task}.workspace_id, md5('personal:' || coalesce(${task}.user_id, ${crawl}.user_id)))`)
  const [row] = await rowsOf(
    db,
    sql`SELECT p.id, p.finished_at FROM site_crawls c
      LEFT JOIN tasks ct ON ct.id = c.id
      JOIN site_crawls p ON p.start_url = c.start_url AND p.id <> c.id
      LEFT JOIN tasks pt ON pt.id = p.id
      WHERE c.id = ${crawlId}::uuid AND p.finished_at IS NOT NULL
        AND p.finished_at < coalesce(c.finished_at, now())
        AND ${workspaceOf('p', 'pt')} IS NOT DISTINCT FROM ${workspaceOf('c', 'ct')}
      ORDER BY p.finished_at DESC LIMIT 1`,
  )
  return row ? { id: String(row.id), finishedAt: new Date(row.finished_at as string).toISOString() } : null
}
