/**
 * URL rules of the analyze forms (spec §5) and the projectId rule (spec §3).
 * No format check here: the suite validates addresses itself.
 */

const schemePattern = /^[a-z][a-z0-9+.-]*:\/\//i

/** Whether an address was typed with its scheme (`https://a.pt`), not as `a.pt` or `a.pt:8080`. */
export function hasScheme(raw: string): boolean {
  return schemePattern.test(raw.trim())
}

/** Trims, prefixes https:// when there is no scheme and drops a leading www. Empty → null. */
export function normalizeAnalysisUrl(raw: string | null | undefined): string | null {
  const trimmed = (raw ?? '').trim()
  if (!trimmed) return null
  const withScheme = schemePattern.test(trimmed) ? trimmed : `https://${trimmed}`
  return withScheme.replace(/^([a-z][a-z0-9+.-]*:\/\/)www\./i, '$1')
}

/** Host without protocol, www or path, plus a timestamp; non-alphanumerics become dashes. */
export function makeProjectId(url: string, now: number = Date.now()): string {
  const host = url
    .trim()
    .replace(schemePattern, '')
    .replace(/^www\./i, '')
    .split(/[/?#]/)[0]!
    .toLowerCase()
  return `${host}-${now}`.replace(/[^a-z0-9]/gi, '-')
}

/** The suite address an analysis request lands on. */
export function suiteHref(url: string, projectId: string): string {
  const params = new URLSearchParams({ url, projectId })
  return `/suite?${params.toString()}`
}
