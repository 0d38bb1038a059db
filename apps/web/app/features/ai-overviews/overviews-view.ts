// Pure helpers of the page: money in the page's language, a place's name, the answers a filter keeps.
import type { AnswerRow } from './overviews-api.ts'

const locales = { pt: 'pt-PT', en: 'en-GB' } as const

/** US dollars as DataForSEO bills them, to the tenth of a cent ("0,024 US$" / "US$0.024"). */
export function usd(amount: number, lang: 'pt' | 'en'): string {
  return new Intl.NumberFormat(locales[lang], {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(amount)
}

export type AnswerFilter = 'all' | 'cited' | 'notCited' | 'none'

export function filterAnswers(rows: AnswerRow[], filter: AnswerFilter): AnswerRow[] {
  if (filter === 'cited') return rows.filter((r) => r.cited)
  if (filter === 'notCited') return rows.filter((r) => r.shown && !r.cited)
  if (filter === 'none') return rows.filter((r) => !r.shown)
  return rows
}

/** Google Ads location codes of the places the page names; any other shows its code. */
export const placeNames: Record<number, 'PT' | 'BR'> = { 2620: 'PT', 2076: 'BR' }
