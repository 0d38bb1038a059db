import type { Lang } from '~/lib/route-table.ts'

const locales: Record<Lang, string> = { pt: 'pt-PT', en: 'en-GB' }

/** Date and time in the page's language (spec §9: dates pt-PT). */
export function formatDateTime(iso: string, lang: Lang): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString(locales[lang], { dateStyle: 'medium', timeStyle: 'short' })
}

/** A number in the page's language, e.g. 2,5 in Portuguese. */
export function formatNumber(n: number, lang: Lang, digits = 1): string {
  return n.toLocaleString(locales[lang], { maximumFractionDigits: digits })
}

/** The host of an address without www, or the address itself when it does not parse. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '')
  } catch {
    return url
  }
}
