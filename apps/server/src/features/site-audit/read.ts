// One crawl's stored result for its owner, read by the public API and the MCP tools. Today the whole
// result sits in the task row; when the crawl page store lands, only this function changes (the callers
// page through what it returns).
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import type { SiteCrawlResult } from './capability.ts'

export interface StoredCrawl {
  id: string
  url: string
  status: string
  finishedAt: Date | null
  result: SiteCrawlResult | null
}

/** The user's site_crawl task `taskId` with its (possibly partial) result; null when not theirs. */
export async function readCrawl(db: Db, userId: string, taskId: string): Promise<StoredCrawl | null> {
  if (!z.uuid().safeParse(taskId).success) return null
  const [row] = await db
    .select({
      id: tasks.id,
      url: tasks.url,
      status: tasks.status,
      finishedAt: tasks.finishedAt,
      results: tasks.results,
    })
    .from(tasks)
    .where(and(eq(tasks.id, taskId), eq(tasks.userId, userId), eq(tasks.kind, 'site_crawl')))
  if (!row) return null
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
