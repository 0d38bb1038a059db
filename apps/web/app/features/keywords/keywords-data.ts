// Pure helpers of the keyword page: the market choices, how figures read, the CSV, the writer link.
import type {
  KeywordIdea,
  KeywordResearchResult,
  LongTailIdea,
  ModifierGroup,
} from '@farol/engine/keywords/types.ts'
import { formatMoney, formatNumber } from '../ui/format.ts'

export type { KeywordIdea, KeywordResearchResult, LongTailIdea, ModifierGroup }

/** The page's country/language choice (issue #16): Portugal, Brasil, English. */
export const markets = {
  PT: { lang: 'pt', country: 'PT' },
  BR: { lang: 'pt', country: 'BR' },
  EN: { lang: 'en', country: 'US' },
} as const
export type MarketChoice = keyof typeof markets

export const groups: ModifierGroup[] = ['questions', 'prepositions', 'comparisons', 'alphabetical']

/** A figure nobody measured reads "—", never 0. */
export function figure(
  value: number | null,
  lang: 'pt' | 'en',
  style: 'number' | 'money' = 'number',
): string {
  if (value === null) return '—'
  return style === 'money' ? formatMoney(value, lang) : formatNumber(value, lang, 3)
}

function csvCell(value: string | number | null): string {
  if (value === null) return ''
  const text = String(value)
  // Quotes when needed (RFC 4180); a leading = + - @ would run as a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/** RFC 4180 CSV of the ideas shown; unknown figures are empty cells, never 0. */
/** What a translated export writes: the table's column names and its words for codes. */
export interface CsvWords {
  /** keyword, source, volume, cpc, difficulty, intent: the table's headers. */
  header: [string, string, string, string, string, string]
  source: (code: string) => string
  intent: (code: string) => string
}

/**
 * The ideas as CSV. With `words`: the columns the table shows, headed and valued in the page's language
 * (what the export button writes); without: every field, as codes.
 */
export function toCsv(ideas: (KeywordIdea | LongTailIdea)[], words?: CsvWords): string {
  if (words) {
    const lines = ideas.map((i) =>
      [
        i.keyword,
        words.source(i.source),
        i.volume,
        i.cpc,
        i.difficulty,
        i.intent ? words.intent(i.intent) : null,
      ]
        .map(csvCell)
        .join(','),
    )
    return `${[words.header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`
  }
  const header = ['keyword', 'source', 'volume', 'cpc', 'difficulty', 'intent', 'group', 'modifier']
  const rows = ideas.map((i) =>
    [
      i.keyword,
      i.source,
      i.volume,
      i.cpc,
      i.difficulty,
      i.intent,
      'group' in i ? i.group : null,
      'modifier' in i ? i.modifier : null,
    ]
      .map(csvCell)
      .join(','),
  )
  return `${[header.join(','), ...rows].join('\r\n')}\r\n`
}

/** The file name of an export: the seed, safe for file systems. */
export function csvFileName(seed: string, tab: 'related' | 'longTail'): string {
  const base = seed
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `${base || 'keywords'}-${tab === 'related' ? 'related' : 'long-tail'}.csv`
}

/** The writer prefills its main keyword from `title` (spec §2 "Writer"). */
export function writerLink(keyword: string): string {
  return `/suite/writer?${new URLSearchParams({ title: keyword })}`
}

/** Long-tail ideas of one group filter ('all' keeps every group). */
export function filterLongTail(ideas: LongTailIdea[], group: ModifierGroup | 'all'): LongTailIdea[] {
  return group === 'all' ? ideas : ideas.filter((i) => i.group === group)
}

/** Consecutive ideas by modifier, in the order given (the engine sorts them). */
export function byModifier(
  ideas: LongTailIdea[],
): { group: ModifierGroup; modifier: string; ideas: LongTailIdea[] }[] {
  const out: { group: ModifierGroup; modifier: string; ideas: LongTailIdea[] }[] = []
  for (const idea of ideas) {
    const last = out.at(-1)
    if (last && last.group === idea.group && last.modifier === idea.modifier) last.ideas.push(idea)
    else out.push({ group: idea.group, modifier: idea.modifier, ideas: [idea] })
  }
  return out
}
