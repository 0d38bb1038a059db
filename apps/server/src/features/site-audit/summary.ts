// The site audit as the dashboard's recommendations and the PDF report see it: the user's latest finished
// site_crawl of the analysed address's host, summarised (issue types with counts and example URLs).
import { type SiteAuditSummary, summarizeSiteIssues } from '@farol/engine/crawl/index.ts'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import { hostOf } from '../../platform/host.ts'
import type { SiteCrawlResult } from './capability.ts'

/**
 * The summary of a finished crawl's stored result; null when the result lacks what a summary needs (a
 * row written before the result had its final shape).
 */
function summaryOf(row: { url: string; finishedAt: Date | null; results: unknown }): SiteAuditSummary | null {
  const result = row.results as Partial<SiteCrawlResult> | null
  if (!result || !Array.isArray(result.issues) || !row.finishedAt) return null
  return {
    url: row.url,
    crawledAt: row.finishedAt.toISOString(),
    pages: result.stats?.pages ?? result.progress?.pages ?? 0,
    issues: summarizeSiteIssues(result.issues),
    ...(result.comparison
      ? {
          comparison: {
            previousAt: result.comparison.previousAt,
            newIssues: result.comparison.newIssues,
            fixedIssues: result.comparison.fixedIssues,
          },
        }
      : {}),
  }
}

/**
 * Whose crawls are looked through: a workspace's (every crawl made in it, tenancy/access.ts's rule), or an
 * account's made outside any workspace (an anonymous-era row; never another workspace's).
 */
export type CrawlScope = { workspaceId: string } | { userId: string }

/** Pure: the scope of a row that has a workspace and a maker (a task, an access's workspace and user). */
export function crawlScopeOf(row: { workspaceId: string | null; userId: string }): CrawlScope {
  return row.workspaceId ? { workspaceId: row.workspaceId } : { userId: row.userId }
}

/** How many of a user's newest finished crawls are looked through for one with the wanted host. */
const CANDIDATES = 100

/**
 * The latest finished site_crawl of `userId` whose start URL has the same host as `url`, summarised; null
 * without one.
 */
export async function latestSiteAudit(
  db: Db,
  scope: CrawlScope,
  url: string,
): Promise<SiteAuditSummary | null> {
  const row = await latestCrawl(db, scope, url)
  return row ? summaryOf(row) : null
}

/**
 * The stored row of that crawl (its whole result), or null. Only ids and addresses are read to choose (a
 * crawl's stored result is large), then the chosen row's result.
 */
export async function latestCrawl(
  db: Db,
  scope: CrawlScope,
  url: string,
): Promise<{ id: string; url: string; finishedAt: Date | null; input: unknown; results: unknown } | null> {
  const host = hostOf(url)
  if (!host) return null
  const candidates = await db
    .select({ id: tasks.id, url: tasks.url })
    .from(tasks)
    .where(
      and(
        'workspaceId' in scope
          ? eq(tasks.workspaceId, scope.workspaceId)
          : and(eq(tasks.userId, scope.userId), isNull(tasks.workspaceId)),
        eq(tasks.kind, 'site_crawl'),
        eq(tasks.status, 'success'),
      ),
    )
    .orderBy(desc(tasks.finishedAt), desc(tasks.createdAt))
    .limit(CANDIDATES)
  const match = candidates.find((c) => hostOf(c.url) === host)
  if (!match) return null
  const [row] = await db
    .select({
      id: tasks.id,
      url: tasks.url,
      finishedAt: tasks.finishedAt,
      input: tasks.input,
      results: tasks.results,
    })
    .from(tasks)
    .where(eq(tasks.id, match.id))
  return row ?? null
}
