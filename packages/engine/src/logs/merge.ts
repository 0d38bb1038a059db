// Adds the aggregates of newly read log lines to the aggregates kept so far (a site whose log folder is
// read on a schedule: each run reads only what is new). Pure. Counts add up exactly; two figures can only
// be bounded, because the sets behind them are not kept (no IP address is stored):
// - spoofedSources: the larger of the two counts (the same impostor usually comes back);
// - sitePages from the log: the larger of the two (distinct 2xx paths of each part).
import type { Aggregates, BotSummary, PageBotVisit, PageSummary } from './aggregate.ts'

/** Same cap as the aggregator's: the pages with most bot hits are kept. */
export const MERGE_MAX_PAGES = 50_000

const minIso = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a < b ? a : b)
const maxIso = (a: string | null, b: string | null) => (a === null ? b : b === null ? a : a > b ? a : b)

function mergeCounts(a: Record<string, number>, b: Record<string, number>): Record<string, number> {
  const out = { ...a }
  for (const [k, v] of Object.entries(b)) out[k] = (out[k] ?? 0) + v
  return out
}

function mergeVisits(a: PageBotVisit[], b: PageBotVisit[]): PageBotVisit[] {
  const byToken = new Map(a.map((v) => [v.token, { ...v }]))
  for (const v of b) {
    const prev = byToken.get(v.token)
    if (!prev) {
      byToken.set(v.token, { ...v })
      continue
    }
    prev.hits += v.hits
    if (v.first < prev.first) prev.first = v.first
    if (v.last >= prev.last) {
      prev.last = v.last
      prev.lastStatus = v.lastStatus
    }
  }
  return [...byToken.values()].sort((x, y) => y.hits - x.hits)
}

export function mergePages(
  a: PageSummary[],
  b: PageSummary[],
  max = MERGE_MAX_PAGES,
): { pages: PageSummary[]; truncated: boolean } {
  const byPath = new Map(a.map((p) => [p.path, p]))
  for (const p of b) {
    const prev = byPath.get(p.path)
    byPath.set(
      p.path,
      prev ? { path: p.path, hits: prev.hits + p.hits, bots: mergeVisits(prev.bots, p.bots) } : p,
    )
  }
  const pages = [...byPath.values()].sort((x, y) => y.hits - x.hits || x.path.localeCompare(y.path))
  return { pages: pages.slice(0, max), truncated: pages.length > max }
}

function mergeBot(a: BotSummary, b: BotSummary): BotSummary {
  const days = new Map(a.days.map((d) => [d.day, d.hits]))
  for (const d of b.days) days.set(d.day, (days.get(d.day) ?? 0) + d.hits)
  const disallowed = new Map(a.disallowedPaths.map((d) => [d.path, d.hits]))
  for (const d of b.disallowedPaths) disallowed.set(d.path, (disallowed.get(d.path) ?? 0) + d.hits)
  return {
    ...b,
    hits: a.hits + b.hits,
    verified: a.verified + b.verified,
    unverified: a.unverified + b.unverified,
    outsideList: (a.outsideList ?? 0) + (b.outsideList ?? 0),
    spoofed: a.spoofed + b.spoofed,
    spoofedSources: Math.max(a.spoofedSources, b.spoofedSources),
    bytes: a.bytes + b.bytes,
    statuses: mergeCounts(a.statuses, b.statuses),
    days: [...days].sort((x, y) => x[0].localeCompare(y[0])).map(([day, hits]) => ({ day, hits })),
    pages: Math.max(a.pages, b.pages),
    first: minIso(a.first, b.first),
    last: maxIso(a.last, b.last),
    robotsFetches: a.robotsFetches + b.robotsFetches,
    disallowedHits:
      a.disallowedHits === null && b.disallowedHits === null
        ? null
        : (a.disallowedHits ?? 0) + (b.disallowedHits ?? 0),
    disallowedPaths: [...disallowed]
      .sort((x, y) => y[1] - x[1])
      .slice(0, 20)
      .map(([path, hits]) => ({ path, hits })),
  }
}

/** `previous` plus `next`: what the two reads of the same site's logs add up to. */
export function mergeAggregates(previous: Aggregates, next: Aggregates): Aggregates {
  const { pages, truncated } = mergePages(previous.pages, next.pages)
  const sitePages =
    next.sitePages.source === 'crawl'
      ? next.sitePages
      : previous.sitePages.source === 'crawl'
        ? previous.sitePages
        : { count: Math.max(previous.sitePages.count, next.sitePages.count), source: 'log' as const }
  // Distinct pages per bot, counted again over the merged pages (exact unless the page cap was reached).
  const pagesPerBot = new Map<string, number>()
  for (const p of pages) for (const v of p.bots) pagesPerBot.set(v.token, (pagesPerBot.get(v.token) ?? 0) + 1)
  const bots = new Map(previous.bots.map((b) => [b.token, b]))
  for (const b of next.bots) {
    const prev = bots.get(b.token)
    bots.set(b.token, prev ? mergeBot(prev, b) : b)
  }
  const merged = [...bots.values()].map((b) => {
    const count = Math.max(b.pages, pagesPerBot.get(b.token) ?? 0)
    return { ...b, pages: count, share: sitePages.count > 0 ? Math.min(1, count / sitePages.count) : null }
  })
  merged.sort((x, y) => y.hits - x.hits || y.spoofed - x.spoofed || x.token.localeCompare(y.token))
  const t = (k: keyof Aggregates['totals']) => previous.totals[k] + next.totals[k]
  return {
    period: {
      from: minIso(previous.period.from, next.period.from),
      to: maxIso(previous.period.to, next.period.to),
    },
    totals: {
      hits: t('hits'),
      botHits: t('botHits'),
      aiHits: t('aiHits'),
      searchEngineHits: t('searchEngineHits'),
      spoofedHits: t('spoofedHits'),
      otherHits: t('otherHits'),
    },
    sitePages,
    bots: merged,
    pages,
    pagesTruncated: previous.pagesTruncated || next.pagesTruncated || truncated,
    robotsTxt: previous.robotsTxt === 'given' || next.robotsTxt === 'given' ? 'given' : 'none',
  }
}
