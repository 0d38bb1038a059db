import { type ScoreBand, scoreBand } from '@farol/engine/scores/index.ts'
import type { Lang } from '~/lib/route-table.ts'
import { formatDate, formatDay } from '../ui/format.ts'

// Dates and numbers through the one formatter (features/ui/format.ts).
export { formatDateTime, formatNumber } from '../ui/format.ts'

/** Long date for the report header, e.g. "3 de junho de 2026". */
export function formatLongDate(iso: string, lang: Lang): string {
  return formatDate(iso, lang, 'long')
}

/** A period's day (stored as UTC midnight), the same in every time zone. */
export function formatUtcDay(iso: string, lang: Lang): string {
  return formatDay(iso, lang, 'long')
}

/** The last day of a period whose end is exclusive (the next period's first instant). */
export function lastDayOf(endIso: string): string {
  const end = new Date(endIso)
  if (Number.isNaN(end.getTime())) return endIso
  return new Date(end.getTime() - 86_400_000).toISOString()
}

/** Pure: "60 → 66 (+6)", the last score alone when the first is unknown, null without any. */
export function periodTrend(
  points: { total: number | null; llm: number | null }[],
  key: 'total' | 'llm',
): string | null {
  const from = points[0]?.[key] ?? null
  const to = points.at(-1)?.[key] ?? null
  if (to === null) return null
  if (from === null) return String(to)
  const diff = to - from
  return `${from} → ${to} (${diff > 0 ? '+' : ''}${diff})`
}

/** The host of an address without www, or the address itself when it does not parse. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./i, '')
  } catch {
    return url
  }
}

/**
 * The full address of a report's page, as a list shows it: every report of a site is told apart by its
 * path and query (a list by host only named them all alike). `https://` is implied; `http://` is kept.
 */
export function addressOf(url: string): string {
  try {
    const parsed = new URL(url)
    const rest = `${parsed.host}${parsed.pathname === '/' && !parsed.search ? '' : parsed.pathname}${parsed.search}`
    return parsed.protocol === 'https:' ? rest : `${parsed.protocol}//${rest}`
  } catch {
    return url
  }
}

export type ScoreLabel = ScoreBand

/** The band's word, as on the web (scores/index.ts): 90-100 Bom, 50-89 A melhorar, 0-49 Fraco. */
export function scoreLabel(n: number): ScoreLabel {
  return scoreBand(n)
}

const tones: Record<ScoreBand, { text: string; bg: string; ring: string }> = {
  good: { text: 'text-green-800', bg: 'bg-green-50', ring: 'border-green-600' },
  'needs-improvement': { text: 'text-amber-800', bg: 'bg-amber-50', ring: 'border-amber-500' },
  poor: { text: 'text-red-800', bg: 'bg-red-50', ring: 'border-red-600' },
}

/** The band's colours (text AA on white, soft background). */
export function scoreTone(n: number): { text: string; bg: string; ring: string } {
  return tones[scoreBand(n)]
}

/** Lighthouse descriptions are Markdown with "[Learn more](…)" links: keep the words, drop the links. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]+)`/g, '$1')
    .trim()
}
