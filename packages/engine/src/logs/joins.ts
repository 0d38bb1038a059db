// The joins only Farol can make: what the bots fetched (the log's aggregates) against what the site is
// (its latest crawl) and what the assistants said (AI-presence answers). Pure: the caller reads the crawl
// and the answers from their stores and passes them in.
import type { PageSummary } from './aggregate.ts'
import { BOTS, type BotEntry } from './bots-table.ts'

const byToken = new Map(BOTS.map((b) => [b.token, b]))

export interface CrawlPageFacts {
  url: string
  status: number | null
  redirectTo: string | null
  indexable: boolean
  inlinks: number
  linkScore: number | null
}

export interface CrawlFacts {
  startUrl: string
  crawledAt: string | null
  pages: CrawlPageFacts[]
}

export interface Citation {
  url: string
  /** ISO date of the answer. */
  date: string
  /** Operator of the assistant that cited it (OpenAI, Anthropic, Perplexity, Google…). */
  operator: string
  assistant: string
}

export interface BotVisitRow {
  path: string
  /** The crawl's status (or target for a redirect). */
  status: number | null
  redirectTo?: string | null
  hits: number
  bots: { token: string; hits: number; last: string }[]
}

export interface CrawlJoin {
  crawledAt: string | null
  broken: BotVisitRow[]
  redirected: BotVisitRow[]
  nonIndexable: BotVisitRow[]
  orphan: BotVisitRow[]
  /** The best-linked indexable pages no AI crawler (training or search) fetched in the log's period. */
  unfetched: { path: string; linkScore: number | null; inlinks: number }[]
}

export interface CitationRow {
  path: string
  assistant: string
  operator: string
  citedAt: string
  /** The operator's crawler that last fetched the page, and when; null when none did in the log. */
  lastFetch: string | null
  bot: string | null
  /** Never fetched in the log, or last fetched more than STALE_DAYS before the citation. */
  stale: boolean
}

export interface PresenceJoin {
  cited: CitationRow[]
  /** Pages fetched by user-triggered agents: people asking an assistant about this page. */
  userFetches: { path: string; hits: number; bots: { token: string; hits: number; last: string }[] }[]
}

/**
 * The addresses of the pages the bots fetched, on the crawl's origin: what the page store is asked about
 * (crawl/store/page-facts.ts pageFactsFor).
 */
export function fetchedUrls(startUrl: string, pages: readonly PageSummary[]): string[] {
  const origin = new URL(startUrl).origin
  return pages.map((p) => `${origin}${p.path}`)
}

/** A crawl's facts from the store's answers: the fetched pages' and the best-linked ones, once each. */
export function crawlFactsOf(
  startUrl: string,
  crawledAt: string | null,
  visited: readonly CrawlPageFacts[],
  best: readonly CrawlPageFacts[],
): CrawlFacts {
  const byUrl = new Map([...visited, ...best].map((p) => [p.url, p]))
  return { startUrl, crawledAt, pages: [...byUrl.values()] }
}

/** A crawl's facts from its result's pages (`farol crawl --json`, crawls stored before the page store). */
export function crawlFactsFromPages(
  startUrl: string,
  crawledAt: string | null,
  pages: readonly {
    url: string
    status: number | null
    redirectTo?: string | null
    indexable: boolean
    inlinks?: number
    linkScore?: number | null
  }[],
): CrawlFacts {
  return {
    startUrl,
    crawledAt,
    pages: pages.map((p) => ({
      url: p.url,
      status: p.status,
      redirectTo: p.redirectTo ?? null,
      indexable: p.indexable,
      inlinks: p.inlinks ?? 0,
      linkScore: p.linkScore ?? null,
    })),
  }
}

export const STALE_DAYS = 30
/** How many of the best-linked indexable pages are checked for AI crawler fetches. */
export const BEST_LINKED = 20

function pathOf(url: string, host: string): string | null {
  try {
    const u = new URL(url)
    return u.host === host ? u.pathname : null
  } catch {
    return null
  }
}

const isAiCrawler = (b: BotEntry | undefined) => b?.kind === 'ai' && b.purpose !== 'user'

export function joinWithCrawl(pages: PageSummary[], crawl: CrawlFacts): CrawlJoin {
  const host = new URL(crawl.startUrl).host
  const startPath = new URL(crawl.startUrl).pathname
  const visits = new Map(pages.map((p) => [p.path, p]))
  const out: CrawlJoin = {
    crawledAt: crawl.crawledAt,
    broken: [],
    redirected: [],
    nonIndexable: [],
    orphan: [],
    unfetched: [],
  }
  const row = (page: CrawlPageFacts, path: string, visit: PageSummary): BotVisitRow => ({
    path,
    status: page.status,
    ...(page.redirectTo ? { redirectTo: page.redirectTo } : {}),
    hits: visit.hits,
    bots: visit.bots.map((b) => ({ token: b.token, hits: b.hits, last: b.last })),
  })
  for (const page of crawl.pages) {
    const path = pathOf(page.url, host)
    if (path === null) continue
    const visit = visits.get(path)
    if (visit) {
      if (page.status !== null && page.status >= 400) out.broken.push(row(page, path, visit))
      else if (page.status !== null && page.status >= 300) out.redirected.push(row(page, path, visit))
      else if (page.status === 200 && !page.indexable) out.nonIndexable.push(row(page, path, visit))
      else if (page.status === 200 && page.inlinks === 0 && path !== startPath)
        out.orphan.push(row(page, path, visit))
    }
  }
  const best = crawl.pages
    .filter((p) => p.indexable && p.linkScore !== null)
    .sort((a, b) => (b.linkScore ?? 0) - (a.linkScore ?? 0) || b.inlinks - a.inlinks)
    .slice(0, BEST_LINKED)
  for (const page of best) {
    const path = pathOf(page.url, host)
    if (path === null) continue
    const fetchedByAi = visits.get(path)?.bots.some((b) => isAiCrawler(byToken.get(b.token)))
    if (!fetchedByAi) out.unfetched.push({ path, linkScore: page.linkScore, inlinks: page.inlinks })
  }
  const byHits = (a: BotVisitRow, b: BotVisitRow) => b.hits - a.hits || a.path.localeCompare(b.path)
  out.broken.sort(byHits)
  out.redirected.sort(byHits)
  out.nonIndexable.sort(byHits)
  out.orphan.sort(byHits)
  return out
}

export function joinWithPresence(pages: PageSummary[], citations: Citation[], siteUrl: string): PresenceJoin {
  const host = new URL(siteUrl).host
  const visits = new Map(pages.map((p) => [p.path, p]))
  const seen = new Set<string>()
  const cited: CitationRow[] = []
  for (const c of citations) {
    const path = pathOf(c.url, host)
    if (path === null) continue
    // One row per page and assistant: its latest citation.
    const key = `${path} ${c.assistant}`
    if (seen.has(key)) continue
    seen.add(key)
    const latest = citations
      .filter((x) => x.assistant === c.assistant && pathOf(x.url, host) === path)
      .reduce((a, b) => (a.date >= b.date ? a : b))
    const fetches = (visits.get(path)?.bots ?? []).filter(
      (b) => byToken.get(b.token)?.operator === c.operator && b.token,
    )
    const last = fetches.reduce<{ token: string; last: string } | null>(
      (a, b) => (!a || b.last > a.last ? b : a),
      null,
    )
    const stale = !last || Date.parse(latest.date) - Date.parse(last.last) > STALE_DAYS * 86_400_000
    cited.push({
      path,
      assistant: c.assistant,
      operator: c.operator,
      citedAt: latest.date,
      lastFetch: last?.last ?? null,
      bot: last?.token ?? null,
      stale,
    })
  }
  const userFetches = pages
    .map((p) => ({
      path: p.path,
      bots: p.bots.filter(
        (b) => byToken.get(b.token)?.purpose === 'user' && byToken.get(b.token)?.kind === 'ai',
      ),
    }))
    .filter((p) => p.bots.length > 0)
    .map((p) => ({
      path: p.path,
      hits: p.bots.reduce((s, b) => s + b.hits, 0),
      bots: p.bots.map((b) => ({ token: b.token, hits: b.hits, last: b.last })),
    }))
    .sort((a, b) => b.hits - a.hits || a.path.localeCompare(b.path))
  return { cited, userFetches }
}

/** Which operator's crawlers answer for an assistant's provider key (the presence runs' model keys). */
export function operatorOfProvider(provider: string): string | null {
  const p = provider.toLowerCase()
  if (p.startsWith('openai')) return 'OpenAI'
  if (p.startsWith('anthropic')) return 'Anthropic'
  if (p.startsWith('perplexity')) return 'Perplexity'
  if (p.startsWith('google')) return 'Google'
  return null
}
