/**
 * The one formatter of numbers, percentages, durations and dates (issue 41, item 3): every figure a page
 * shows goes through Intl in the page's language, pt-PT or en-GB (spec §9: dates pt-PT), so Portuguese
 * reads "17,8 s" and "98,4 %" and English "17.8 s" and "98.4%" on every page alike. Pure.
 */
import type { Lang } from '~/lib/route-table.ts'

const intlLocale: Record<Lang, string> = { pt: 'pt-PT', en: 'en-GB' }

// Building an Intl formatter costs more than formatting with it; a table formats hundreds of figures.
const numbers = new Map<string, Intl.NumberFormat>()
function numberFormat(lang: Lang, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${lang}:${JSON.stringify(options)}`
  let f = numbers.get(key)
  if (!f) {
    f = new Intl.NumberFormat(intlLocale[lang], options)
    numbers.set(key, f)
  }
  return f
}
const dates = new Map<string, Intl.DateTimeFormat>()
function dateFormat(lang: Lang, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${lang}:${JSON.stringify(options)}`
  let f = dates.get(key)
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocale[lang], options)
    dates.set(key, f)
  }
  return f
}

/** A number, at most `digits` decimals: "2,5" / "2.5", "1234" → "1234" (pt) / "1,234" (en). */
export function formatNumber(n: number, lang: Lang, digits = 1): string {
  return numberFormat(lang, { maximumFractionDigits: digits }).format(n)
}

/** A number with exactly `digits` decimals: CLS 0.1 → "0,10" / "0.10". */
export function formatFixed(n: number, lang: Lang, digits: number): string {
  return numberFormat(lang, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n)
}

/** A count: a whole number with the language's grouping. */
export function formatCount(n: number, lang: Lang): string {
  return numberFormat(lang, { maximumFractionDigits: 0 }).format(n)
}

/** A share from 0 to 1 as a percentage: 0.984 → "98,4 %" / "98.4%". */
export function formatPercent(share: number, lang: Lang, digits = 1): string {
  return numberFormat(lang, { style: 'percent', maximumFractionDigits: digits }).format(share)
}

/** Seconds: 17.8 → "17,8 s" / "17.8 s"; `fixed` keeps the decimals of a round value ("2,0 s"). */
export function formatSeconds(seconds: number, lang: Lang, digits = 1, fixed = false): string {
  return `${numberFormat(lang, { minimumFractionDigits: fixed ? digits : 0, maximumFractionDigits: digits }).format(seconds)} s`
}

/** Milliseconds, whole: 180.4 → "180 ms". */
export function formatMilliseconds(ms: number, lang: Lang): string {
  return `${formatCount(Math.round(ms), lang)} ms`
}

/** An amount of money: 0.0123 USD → "0,0123 US$" / "US$0.0123". */
export function formatMoney(amount: number, lang: Lang, currency = 'USD', digits = 2): string {
  return numberFormat(lang, {
    style: 'currency',
    currency,
    minimumFractionDigits: Math.min(2, digits),
    maximumFractionDigits: digits,
  }).format(amount)
}

function toDate(value: string | number | Date): Date | null {
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** Date and time: "28/11/2026, 10:00" / "28 Nov 2026, 10:00". An unreadable value is shown as given. */
export function formatDateTime(value: string | number | Date, lang: Lang): string {
  const date = toDate(value)
  return date ? dateFormat(lang, { dateStyle: 'medium', timeStyle: 'short' }).format(date) : String(value)
}

/** A date: medium "28/11/2026" / "28 Nov 2026", long "28 de novembro de 2026" / "28 November 2026". */
export function formatDate(
  value: string | number | Date,
  lang: Lang,
  style: 'short' | 'medium' | 'long' = 'medium',
): string {
  const date = toDate(value)
  return date ? dateFormat(lang, { dateStyle: style }).format(date) : String(value)
}

/** A calendar day stored as UTC midnight ("2026-11-22"), the same day in every time zone. */
export function formatDay(
  value: string | number | Date,
  lang: Lang,
  style: 'short' | 'medium' | 'long' = 'medium',
): string {
  const date = toDate(
    typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value,
  )
  return date ? dateFormat(lang, { dateStyle: style, timeZone: 'UTC' }).format(date) : String(value)
}

const lists = new Map<Lang, Intl.ListFormat>()
/** A list of words: "a, b e c" / "a, b and c". */
export function formatList(items: string[], lang: Lang): string {
  let f = lists.get(lang)
  if (!f) {
    f = new Intl.ListFormat(intlLocale[lang], { type: 'conjunction' })
    lists.set(lang, f)
  }
  return f.format(items)
}
