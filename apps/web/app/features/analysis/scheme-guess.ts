/**
 * Addresses typed without a scheme ("exemplo.pt"). The forms add https:// (spec §5) and the suite's query
 * carries the normalised address, so the tab remembers which addresses were typed without one: their
 * tasks are requested as typed, and the server then tries http when https cannot connect.
 */
import { hasScheme } from '~/lib/analysis-url.ts'

const key = 'farol.schemeGuessed'

function read(): string[] {
  try {
    const parsed = JSON.parse(sessionStorage.getItem(key) ?? '[]')
    return Array.isArray(parsed) ? parsed.filter((u): u is string => typeof u === 'string') : []
  } catch {
    return []
  }
}

/** Called by a form with what was typed and the address it became. */
export function rememberTyped(typed: string, normalized: string): void {
  try {
    const others = read().filter((u) => u !== normalized)
    const next = hasScheme(typed) ? others : [...others, normalized].slice(-20)
    sessionStorage.setItem(key, JSON.stringify(next))
  } catch {
    // Storage unavailable: the address is analysed over https only.
  }
}

/** The address to send to the task API: without its scheme when it was typed without one. */
export function requestAddress(normalized: string): string {
  return read().includes(normalized) ? normalized.replace(/^https:\/\//i, '') : normalized
}
