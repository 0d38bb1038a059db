// The figures go through the one formatter (features/ui/format.ts); these names stay for their callers.
export { formatDateTime, formatNumber } from '../../ui/format.ts'

/** The host of an address without www, or the address itself when it does not parse. */
export function domainOf(url: string): string {
  try {
    return new URL(url).hostname.replace(/^www\./i, '')
  } catch {
    return url
  }
}
