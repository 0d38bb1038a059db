// Pure helpers of the page: money in the page's language, a place's name, the answers a filter keeps.
import { formatMoney } from '../ui/format.ts'
import type { AnswerRow } from './overviews-api.ts'

/** US dollars as DataForSEO bills them, to the tenth of a cent ("0,018 US$" / "US$0.018"). */
export const usd = (amount: number, lang: 'pt' | 'en') => formatMoney(amount, lang, 'USD', 4)

export type AnswerFilter = 'all' | 'cited' | 'notCited' | 'none'

export function filterAnswers(rows: AnswerRow[], filter: AnswerFilter): AnswerRow[] {
  if (filter === 'cited') return rows.filter((r) => r.cited)
  if (filter === 'notCited') return rows.filter((r) => r.shown && !r.cited)
  if (filter === 'none') return rows.filter((r) => !r.shown)
  return rows
}

/** Google Ads location codes of the places the page names; any other shows its code. */
export const placeNames: Record<number, 'PT' | 'BR'> = { 2620: 'PT', 2076: 'BR' }
