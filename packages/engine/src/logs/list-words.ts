// How Farol says that a bot's address is outside its operator's published list, in both languages: the
// CLI (`farol logs`) and /suite/bots say the same words. A list older than RANGES_FRESH_DAYS cannot call
// an address outside it fake (operators add ranges), so it says which list and how old it is instead.
import type { Lang } from '../types.ts'
import type { BotSummary } from './aggregate.ts'
import { RANGES_FRESH_DAYS } from './ranges-fresh.ts'

const MONTHS = {
  pt: ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'],
  en: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
} as const

/** A list's date as people read it: "4 mai 2026" / "4 May 2026" (UTC); null stays "sem data"/"undated". */
export function listDay(iso: string | null, lang: Lang): string {
  const d = iso ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso) : null
  if (!d || Number.isNaN(d.getTime())) return lang === 'pt' ? 'sem data' : 'undated'
  return `${d.getUTCDate()} ${MONTHS[lang][d.getUTCMonth()]} ${d.getUTCFullYear()}`
}

/** "fora da lista publicada pela OpenAI em 4 mai 2026" / "outside the list OpenAI published on 4 May 2026". */
export function outsideListWords(operator: string, retrieved: string | null, lang: Lang): string {
  return lang === 'pt'
    ? `fora da lista publicada pela ${operator} em ${listDay(retrieved, 'pt')}`
    : `outside the list ${operator} published on ${listDay(retrieved, 'en')}`
}

/**
 * The note under a bot's row when some of its requests came from outside a list too old to judge them:
 * "GPTBot: 30 pedidos fora da lista publicada pela OpenAI em 4 mai 2026 …". Null when there are none.
 */
export function outsideListNote(
  bot: Pick<BotSummary, 'token' | 'operator' | 'outsideList' | 'list'>,
  lang: Lang,
): string | null {
  const n = bot.outsideList ?? 0
  if (!n || !bot.list) return null
  const where = outsideListWords(bot.operator, bot.list.retrieved, lang)
  return lang === 'pt'
    ? `${bot.token}: ${n} ${n === 1 ? 'pedido' : 'pedidos'} ${where}. A lista tem mais de ${RANGES_FRESH_DAYS} dias e o operador pode ter acrescentado endereços desde então: podem ser falsos, mas não é certo.`
    : `${bot.token}: ${n} ${n === 1 ? 'request' : 'requests'} ${where}. The list is more than ${RANGES_FRESH_DAYS} days old and the operator may have added addresses since: they may be fake, but it is not certain.`
}
