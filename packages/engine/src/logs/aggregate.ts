// The aggregates kept from a log: per bot (and its verdict), per page, robots.txt fetches and hits on
// disallowed paths. Memory grows with the number of bots and pages of the site, never with the number of
// lines; raw lines and IP addresses (personal data) are not kept, only counts.
import robotsParserModule from 'robots-parser'
import { type BotEntry, type BotKind, type BotPurpose, ownString } from './bots-table.ts'
import { dayOf } from './time.ts'
import type { LogHit } from './types.ts'
import type { Verdict } from './verify.ts'

type RobotsModule = typeof robotsParserModule
type RobotsParser = RobotsModule extends { default: infer F } ? F : RobotsModule
const robotsParser: RobotsParser =
  (robotsParserModule as unknown as { default?: RobotsParser }).default ??
  (robotsParserModule as unknown as RobotsParser)

/** Pages tracked at most (a scanner requesting random URLs must not grow memory without bound). */
const MAX_PAGES = 50_000
const MAX_SITE_PATHS = 200_000

export interface BotDay {
  day: string
  hits: number
}

export interface BotSummary {
  token: string
  operator: string
  kind: BotKind
  purpose: BotPurpose
  /** Hits that are this bot or may be (verified + unverified + outsideList); spoofed hits are counted apart. */
  hits: number
  verified: number
  /** Hits no method could check (no published list or reverse DNS, no resolver). */
  unverified: number
  /** Hits from addresses outside the operator's list when that list is too old (RANGES_FRESH_DAYS) to
   *  call them spoofed; `list` says which list and its date. Absent in analyses from before issue 42. */
  outsideList?: number
  /** The operator's published list this bot is checked against, and its date. */
  list?: BotList | null
  spoofed: number
  /** Distinct addresses behind the spoofed hits (a count; the addresses themselves are not kept). */
  spoofedSources: number
  bytes: number
  statuses: Record<string, number>
  days: BotDay[]
  /** Distinct pages fetched. */
  pages: number
  /** pages / the site's pages (from the crawl when joined, else distinct 2xx paths in the log). */
  share: number | null
  first: string | null
  last: string | null
  robotsFetches: number
  /** null when no robots.txt was given. */
  disallowedHits: number | null
  disallowedPaths: { path: string; hits: number }[]
}

export interface BotList {
  name: string
  /** ISO date of the list (when it was fetched from the operator); null when not known. */
  retrieved: string | null
  /** Recent enough that an address outside it is called spoofed. */
  fresh: boolean
}

export interface PageBotVisit {
  token: string
  hits: number
  first: string
  last: string
  lastStatus: number
}

export interface PageSummary {
  path: string
  hits: number
  bots: PageBotVisit[]
}

export interface Aggregates {
  period: { from: string | null; to: string | null }
  totals: {
    hits: number
    botHits: number
    aiHits: number
    searchEngineHits: number
    spoofedHits: number
    otherHits: number
  }
  sitePages: { count: number; source: 'crawl' | 'log' }
  bots: BotSummary[]
  pages: PageSummary[]
  pagesTruncated: boolean
  robotsTxt: 'given' | 'none'
}

interface BotAcc {
  bot: BotEntry
  verified: number
  unverified: number
  outsideList: number
  spoofed: number
  spoofedSources: Set<string>
  bytes: number
  statuses: Map<number, number>
  days: Map<string, number>
  pages: Set<string>
  first: number
  last: number
  robotsFetches: number
  disallowed: Map<string, number>
}

interface PageAcc {
  hits: number
  bots: Map<string, { hits: number; first: number; last: number; lastStatus: number }>
}

/** `/a/b?x#y` → `/a/b`: a page is a path; query strings are counted on their page. */
export function pagePath(path: string): string {
  const q = path.indexOf('?')
  const h = path.indexOf('#')
  const end = q === -1 ? h : h === -1 ? q : Math.min(q, h)
  return end === -1 ? path : path.slice(0, end)
}

export interface AggregatorOptions {
  /** robots.txt content of the site, to count hits on paths it disallows for the bot. */
  robotsTxt?: string | null
  /** The site's origin (robots.txt rules are evaluated against it). */
  origin?: string
  /** Pages of the site from its crawl; when absent, distinct 2xx paths seen in the log stand in. */
  sitePages?: number | null
}

export class Aggregator {
  private readonly bots = new Map<string, BotAcc>()
  private readonly pages = new Map<string, PageAcc>()
  private pagesTruncated = false
  private readonly sitePaths = new Set<string>()
  private from = Number.POSITIVE_INFINITY
  private to = Number.NEGATIVE_INFINITY
  private readonly totals = {
    hits: 0,
    botHits: 0,
    aiHits: 0,
    searchEngineHits: 0,
    spoofedHits: 0,
    otherHits: 0,
  }
  private readonly robots: ReturnType<RobotsParser> | null
  private readonly allowCache = new Map<string, boolean>()
  private readonly origin: string
  private readonly options: AggregatorOptions

  constructor(options: AggregatorOptions = {}) {
    this.options = options
    this.origin = options.origin ?? 'http://site.invalid'
    this.robots =
      options.robotsTxt != null ? robotsParser(`${this.origin}/robots.txt`, options.robotsTxt) : null
  }

  /** Every request that is not a known bot: counted, and its page counted as a page of the site. */
  other(hit: LogHit): void {
    this.totals.hits++
    this.totals.otherHits++
    this.span(hit.time)
    this.sitePath(hit)
  }

  bot(hit: LogHit, bot: BotEntry, verdict: Verdict): void {
    this.totals.hits++
    this.span(hit.time)
    let acc = this.bots.get(bot.token)
    if (!acc) {
      acc = {
        bot,
        verified: 0,
        unverified: 0,
        outsideList: 0,
        spoofed: 0,
        spoofedSources: new Set(),
        bytes: 0,
        statuses: new Map(),
        days: new Map(),
        pages: new Set(),
        first: Number.POSITIVE_INFINITY,
        last: Number.NEGATIVE_INFINITY,
        robotsFetches: 0,
        disallowed: new Map(),
      }
      this.bots.set(bot.token, acc)
    }
    if (verdict === 'spoofed') {
      // Someone else using the bot's name: counted apart, kept out of what the bot fetched.
      acc.spoofed++
      if (acc.spoofedSources.size < 10_000) acc.spoofedSources.add(ownString(hit.ip))
      this.totals.spoofedHits++
      return
    }
    this.totals.botHits++
    if (bot.kind === 'ai') this.totals.aiHits++
    else this.totals.searchEngineHits++
    if (verdict === 'outside-list') acc.outsideList++
    else acc[verdict]++
    acc.bytes += hit.bytes
    acc.statuses.set(hit.status, (acc.statuses.get(hit.status) ?? 0) + 1)
    const day = dayOf(hit.time)
    acc.days.set(day, (acc.days.get(day) ?? 0) + 1)
    if (hit.time < acc.first) acc.first = hit.time
    if (hit.time > acc.last) acc.last = hit.time
    // Keys are copied before they are kept (ownString): a slice would pin its megabyte chunk of the file.
    const path = ownString(pagePath(hit.path))
    if (!path) return
    if (path === '/robots.txt') acc.robotsFetches++
    this.sitePath(hit)
    if (this.robots && path !== '/robots.txt' && !this.allowed(bot.token, hit.path))
      acc.disallowed.set(path, (acc.disallowed.get(path) ?? 0) + 1)
    if (acc.pages.size < MAX_PAGES) acc.pages.add(path)
    let page = this.pages.get(path)
    if (!page) {
      if (this.pages.size >= MAX_PAGES) {
        this.pagesTruncated = true
        return
      }
      page = { hits: 0, bots: new Map() }
      this.pages.set(path, page)
    }
    page.hits++
    const visit = page.bots.get(bot.token)
    if (!visit) page.bots.set(bot.token, { hits: 1, first: hit.time, last: hit.time, lastStatus: hit.status })
    else {
      visit.hits++
      if (hit.time < visit.first) visit.first = hit.time
      if (hit.time >= visit.last) {
        visit.last = hit.time
        visit.lastStatus = hit.status
      }
    }
  }

  private span(t: number) {
    if (t < this.from) this.from = t
    if (t > this.to) this.to = t
  }

  private sitePath(hit: LogHit) {
    if (hit.status < 200 || hit.status >= 300 || this.sitePaths.size >= MAX_SITE_PATHS || !hit.path) return
    const path = pagePath(hit.path)
    if (!this.sitePaths.has(path)) this.sitePaths.add(ownString(path))
  }

  private allowed(token: string, path: string): boolean {
    const key = `${token} ${path}`
    let ok = this.allowCache.get(key)
    if (ok === undefined) {
      ok = this.robots?.isAllowed(`${this.origin}${path.startsWith('/') ? path : `/${path}`}`, token) ?? true
      if (this.allowCache.size > 100_000) this.allowCache.clear()
      this.allowCache.set(key, ok)
    }
    return ok
  }

  result(): Aggregates {
    const iso = (t: number) => (Number.isFinite(t) ? new Date(t).toISOString() : null)
    const sitePages =
      this.options.sitePages != null
        ? { count: this.options.sitePages, source: 'crawl' as const }
        : { count: this.sitePaths.size, source: 'log' as const }
    const bots: BotSummary[] = [...this.bots.values()].map((a) => ({
      token: a.bot.token,
      operator: a.bot.operator,
      kind: a.bot.kind,
      purpose: a.bot.purpose,
      hits: a.verified + a.unverified + a.outsideList,
      verified: a.verified,
      unverified: a.unverified,
      outsideList: a.outsideList,
      spoofed: a.spoofed,
      spoofedSources: a.spoofedSources.size,
      bytes: a.bytes,
      statuses: Object.fromEntries(
        [...a.statuses].sort((x, y) => x[0] - y[0]).map(([k, v]) => [String(k), v]),
      ),
      days: [...a.days].sort((x, y) => x[0].localeCompare(y[0])).map(([day, hits]) => ({ day, hits })),
      pages: a.pages.size,
      share: sitePages.count > 0 ? Math.min(1, a.pages.size / sitePages.count) : null,
      first: iso(a.first),
      last: iso(a.last),
      robotsFetches: a.robotsFetches,
      disallowedHits: this.robots ? [...a.disallowed.values()].reduce((s, n) => s + n, 0) : null,
      disallowedPaths: [...a.disallowed]
        .sort((x, y) => y[1] - x[1])
        .slice(0, 20)
        .map(([path, hits]) => ({ path, hits })),
    }))
    bots.sort((x, y) => y.hits - x.hits || y.spoofed - x.spoofed || x.token.localeCompare(y.token))
    const pages: PageSummary[] = [...this.pages].map(([path, p]) => ({
      path,
      hits: p.hits,
      bots: [...p.bots]
        .map(([token, v]) => ({
          token,
          hits: v.hits,
          first: new Date(v.first).toISOString(),
          last: new Date(v.last).toISOString(),
          lastStatus: v.lastStatus,
        }))
        .sort((x, y) => y.hits - x.hits),
    }))
    pages.sort((x, y) => y.hits - x.hits || x.path.localeCompare(y.path))
    return {
      period: { from: iso(this.from), to: iso(this.to) },
      totals: { ...this.totals },
      sitePages,
      bots,
      pages,
      pagesTruncated: this.pagesTruncated,
      robotsTxt: this.robots ? 'given' : 'none',
    }
  }
}
