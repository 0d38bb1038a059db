// `farol logs --crawl <store dir | crawl JSON>`: the crawl the log is joined with, read the way the server
// reads a site's latest crawl (crawl/store/page-facts.ts crawlFactsFromStore, logs/joins.ts
// crawlFactsFromPages), so the CLI's joins are the server's.
import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import type { PageSummary } from '../logs/aggregate.ts'
import { type CrawlFacts, crawlFactsFromPages } from '../logs/joins.ts'

/** Why a --crawl path cannot be used; the CLI says it in the user's language. */
export class CrawlSourceError extends Error {
  readonly problem: 'missing' | 'not-a-crawl' | 'no-crawl-of-site'
  readonly where: string
  constructor(problem: CrawlSourceError['problem'], where: string) {
    super(`${problem}: ${where}`)
    this.problem = problem
    this.where = where
  }
}

interface JsonPage {
  url: string
  status: number | null
  source?: string
  fetchedAt?: string
  redirectTo?: string | null
  indexable: boolean
  inlinks?: number
  linkScore?: number | null
}

/** A `farol crawl --json` file: its start page (else the site) and the latest fetch as the crawl's date. */
function factsFromJson(file: string, site: URL): CrawlFacts {
  let json: { pages?: JsonPage[] }
  try {
    json = JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    throw new CrawlSourceError('not-a-crawl', file)
  }
  const pages = json?.pages
  if (!Array.isArray(pages) || pages.some((p) => typeof p?.url !== 'string'))
    throw new CrawlSourceError('not-a-crawl', file)
  const start = pages.find((p) => p.source === 'start')?.url ?? site.href
  if (new URL(start).host !== site.host) throw new CrawlSourceError('no-crawl-of-site', file)
  const crawledAt = pages.reduce<string | null>(
    (last, p) => (p.fetchedAt && (!last || p.fetchedAt > last) ? p.fetchedAt : last),
    null,
  )
  return crawlFactsFromPages(start, crawledAt, pages)
}

/** The latest finished crawl of the site's host in a `farol crawl --store` folder. */
async function factsFromStore(dir: string, site: URL, fetched: readonly PageSummary[]): Promise<CrawlFacts> {
  // A folder that is not a store is refused, never turned into an empty one.
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new CrawlSourceError('not-a-crawl', dir)
  const { sql } = await import('drizzle-orm')
  const { openCrawlStore } = await import('../crawl/store/open.ts')
  const { rowsOf } = await import('../crawl/store/store.ts')
  const { crawlFactsFromStore } = await import('../crawl/store/page-facts.ts')
  const store = await openCrawlStore(dir)
  try {
    const crawls = await rowsOf(
      store.db,
      sql`SELECT id, start_url, finished_at FROM site_crawls WHERE finished_at IS NOT NULL
        ORDER BY finished_at DESC`,
    )
    const crawl = crawls.find((c) => new URL(String(c.start_url)).host === site.host)
    if (!crawl) throw new CrawlSourceError('no-crawl-of-site', dir)
    const finished = crawl.finished_at as Date | string
    return await crawlFactsFromStore(
      store.db,
      {
        id: String(crawl.id),
        startUrl: String(crawl.start_url),
        crawledAt: new Date(finished).toISOString(),
      },
      fetched,
    )
  } finally {
    await store.close()
  }
}

export async function crawlFactsFromPath(
  where: string,
  site: URL,
  fetched: readonly PageSummary[],
): Promise<CrawlFacts> {
  let isDir: boolean
  try {
    isDir = statSync(where).isDirectory()
  } catch {
    throw new CrawlSourceError('missing', where)
  }
  return isDir ? factsFromStore(where, site, fetched) : factsFromJson(where, site)
}
