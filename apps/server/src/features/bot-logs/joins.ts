// The joins of an analysis with the site's latest crawl (site-audit's read module) and its latest AI
// presence run. The presence runs have no read module yet: the stored answers are read here from the
// task row, only their cited URLs, dates and model keys.
import type { PageSummary } from '@farol/engine/logs/aggregate.ts'
import {
  type Citation,
  type CrawlFacts,
  type CrawlJoin,
  crawlFactsFromPages,
  joinWithCrawl,
  joinWithPresence,
  operatorOfProvider,
  type PresenceJoin,
} from '@farol/engine/logs/joins.ts'
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { tasks } from '../../platform/db/schema.ts'
import { crawlFactsFromStore, hasStoredPages, latestCrawl } from '../site-audit/public.ts'
import type { LogScope } from './store.ts'

export interface BotLogJoins {
  crawl: CrawlJoin | null
  presence: (PresenceJoin & { runAt: string | null }) | null
}

/**
 * The latest crawl's facts about the pages the bots fetched and about its best-linked indexable pages,
 * from the crawl's page store (at 100k pages the fetched ones are mostly outside the result's top pages).
 * A crawl from before the page store has only its result's pages: those are used. The assembly is the
 * engine's (logs/joins.ts), the same `farol logs --crawl` uses.
 */
async function crawlFacts(
  db: Db,
  scope: LogScope,
  siteUrl: string,
  fetched: PageSummary[],
): Promise<CrawlFacts | null> {
  const row = await latestCrawl(db, { workspaceId: scope.workspaceId }, siteUrl)
  if (!row) return null
  const crawledAt = row.finishedAt?.toISOString() ?? null
  if (await hasStoredPages(db, row.id))
    return crawlFactsFromStore(db, { id: row.id, startUrl: row.url, crawledAt }, fetched)
  const pages = (row.results as { pages?: Parameters<typeof crawlFactsFromPages>[2] } | null)?.pages
  if (!Array.isArray(pages)) return null
  return crawlFactsFromPages(row.url, crawledAt, pages)
}

interface StoredAnswer {
  modelKey: string
  modelLabel: string
  status: string
  date: string
  sources?: { url: string }[]
}

async function citations(
  db: Db,
  scope: LogScope,
  siteUrl: string,
): Promise<{ runAt: string | null; list: Citation[] } | null> {
  const host = new URL(siteUrl).host
  const candidates = await db
    .select({ id: tasks.id, url: tasks.url })
    .from(tasks)
    .where(
      and(
        eq(tasks.workspaceId, scope.workspaceId),
        eq(tasks.kind, 'llm_presence'),
        eq(tasks.status, 'success'),
      ),
    )
    .orderBy(desc(tasks.finishedAt))
    .limit(50)
  const match = candidates.find((c) => {
    try {
      return new URL(c.url).host === host
    } catch {
      return false
    }
  })
  if (!match) return null
  const [row] = await db
    .select({ results: tasks.results, finishedAt: tasks.finishedAt })
    .from(tasks)
    .where(eq(tasks.id, match.id))
  const answers = (row?.results as { report?: { answers?: StoredAnswer[] } } | null)?.report?.answers ?? []
  const list: Citation[] = []
  for (const a of answers) {
    const operator = operatorOfProvider(a.modelKey)
    if (a.status !== 'ok' || !operator) continue
    for (const s of a.sources ?? [])
      list.push({ url: s.url, date: a.date, operator, assistant: a.modelLabel })
  }
  return { runAt: row?.finishedAt?.toISOString() ?? null, list }
}

export async function joinsFor(
  db: Db,
  scope: LogScope,
  siteUrl: string,
  pages: PageSummary[],
): Promise<BotLogJoins> {
  const [crawl, cited] = await Promise.all([
    crawlFacts(db, scope, siteUrl, pages),
    citations(db, scope, siteUrl),
  ])
  return {
    crawl: crawl ? joinWithCrawl(pages, crawl) : null,
    presence: cited ? { runAt: cited.runAt, ...joinWithPresence(pages, cited.list, siteUrl) } : null,
  }
}
