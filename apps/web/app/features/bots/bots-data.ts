// Pure helpers of the AI crawlers page: the shapes the API answers with, how several chosen files become
// one upload, the chart's series and the bot table's filter.

import type { Aggregates, BotSummary, PageSummary } from '@farol/engine/logs/aggregate.ts'
import type { BotPurpose } from '@farol/engine/logs/bots-table.ts'
import type { Lang } from '~/lib/route-table.ts'
// The shapes are the engine's own (results typed end to end), not a copy that could drift.
import { formatPercent } from '../ui/format.ts'

export type { BotSummary }

type Purpose = BotPurpose
export type PageRow = PageSummary

export interface VisitRow {
  path: string
  status: number | null
  redirectTo?: string | null
  hits: number
  bots: { token: string; hits: number; last: string }[]
}

/** The operators' IP lists in use and the server's scheduled refresh (issue 42). */
export interface RangesView {
  refresh: { on: boolean; everySeconds: number; lastCheck: string | null; failed: number }
  lists: {
    name: string
    operator: string
    retrieved: string | null
    fresh: boolean
    /** 'none': no copy at all (never fetched, none shipped): its bot's requests cannot be checked by list. */
    source: 'refreshed' | 'shipped' | 'none'
    checkedAt: string | null
    error: string | null
  }[]
}

export interface BotsView {
  /** Absent from servers before issue 42. */
  lists?: RangesView
  analysis: {
    id: string
    siteUrl: string
    createdAt: string
    files: {
      name: string
      format: string | null
      lines: number
      malformed: number
      malformedExamples: { line: number; text: string }[]
    }[]
    summary: Omit<Aggregates, 'pages'>
  } | null
  joins: {
    crawl: {
      crawledAt: string | null
      broken: VisitRow[]
      redirected: VisitRow[]
      nonIndexable: VisitRow[]
      orphan: VisitRow[]
      unfetched: { path: string; linkScore: number | null; inlinks: number }[]
    } | null
    presence: {
      runAt: string | null
      cited: {
        path: string
        assistant: string
        citedAt: string
        lastFetch: string | null
        bot: string | null
        stale: boolean
      }[]
      userFetches: { path: string; hits: number; bots: { token: string; hits: number; last: string }[] }[]
    } | null
  } | null
}

/**
 * Several chosen files sent as one body: plain logs are joined with a newline between them, and gzip
 * files back to back (a multi-member gzip stream, which gunzip reads whole). A mix of both cannot be one
 * stream: null, and the page asks for one kind at a time.
 */
export function combineFiles(files: File[]): Blob | null {
  if (!files.length) return null
  const gz = files.map((f) => f.name.toLowerCase().endsWith('.gz'))
  if (gz.some(Boolean) && !gz.every(Boolean)) return null
  if (gz[0]) return new Blob(files)
  return new Blob(files.flatMap((f, i) => (i ? ['\n', f] : [f])))
}

/** One row per day with a column per bot (the chart's data), days in order, missing days as 0. */
export function dailySeries(
  bots: BotSummary[],
  top = 6,
): { days: Record<string, number | string>[]; tokens: string[] } {
  const chosen = [...bots]
    .sort((a, b) => b.hits - a.hits)
    .slice(0, top)
    .filter((b) => b.hits > 0)
  const days = new Map<string, Record<string, number | string>>()
  for (const b of chosen)
    for (const d of b.days) {
      const row = days.get(d.day) ?? { day: d.day }
      row[b.token] = d.hits
      days.set(d.day, row)
    }
  const rows = [...days.values()].sort((a, b) => String(a.day).localeCompare(String(b.day)))
  for (const row of rows) for (const b of chosen) row[b.token] ??= 0
  return { days: rows, tokens: chosen.map((b) => b.token) }
}

export type BotFilter = 'all' | Purpose | 'search-engine' | 'spoofed'

export function filterBots(bots: BotSummary[], filter: BotFilter): BotSummary[] {
  if (filter === 'all') return bots
  if (filter === 'spoofed') return bots.filter((b) => b.spoofed > 0)
  if (filter === 'search-engine') return bots.filter((b) => b.kind === 'search-engine')
  return bots.filter((b) => b.kind === 'ai' && b.purpose === filter)
}

export const percent = (share: number | null, lang: Lang) =>
  share === null ? '–' : formatPercent(share, lang, 1)

/** The bot table's columns, in its order (their words: bots.json, bots.columns). */
export const botColumns = [
  'bot',
  'purpose',
  'hits',
  'verified',
  'unverified',
  'outsideList',
  'spoofed',
  'pages',
  'share',
  'robots',
  'disallowed',
  'last',
] as const
export type BotColumn = (typeof botColumns)[number]

/**
 * Shown until the user changes the columns: who, why, how many and how trustworthy, and when; few enough
 * that the table fits its box at 1280 px (issue 41 item 4). Pages, share and robots.txt are in the chooser.
 */
export const defaultBotColumns: BotColumn[] = [
  'bot',
  'purpose',
  'hits',
  'verified',
  'unverified',
  'outsideList',
  'spoofed',
  'last',
]

/** The columns chosen, in the table's order; the bot is always there. */
export const visibleBotColumns = (chosen: readonly BotColumn[]): BotColumn[] =>
  botColumns.filter((c) => c === 'bot' || chosen.includes(c))
