// One crawl's stored result for its owner, read by the public API and the MCP tools. Today the whole
// result sits in the task row; when the crawl page store lands, only this function changes (the callers
// page through what it returns).
import type { Db } from '../../platform/db/database.ts'
import { taskFor, type WorkspaceAccess } from '../../tenancy/access.ts'
import type { SiteCrawlResult } from './capability.ts'

export interface StoredCrawl {
  id: string
  url: string
  status: string
  finishedAt: Date | null
  result: SiteCrawlResult | null
}

/** A site_crawl task `taskId` this access may read (tenancy/access.ts) with its (possibly partial)
 *  result; null otherwise. */
export async function readCrawl(
  db: Db,
  access: WorkspaceAccess,
  taskId: string,
): Promise<StoredCrawl | null> {
  const row = await taskFor(db, access, taskId)
  if (row?.kind !== 'site_crawl' || !row.userId) return null
  const result = row.results as SiteCrawlResult | null
  const usable = result && Array.isArray(result.issues) && Array.isArray(result.pages)
  return {
    id: row.id,
    url: row.url,
    status: row.status,
    finishedAt: row.finishedAt,
    result: usable ? result : null,
  }
}
