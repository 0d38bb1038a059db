/**
 * Pure: a URL's `host` (it keeps a non-default port and lowercases the name), or null when it is not a
 * URL. A crawl's scope is exactly its start host, so a crawl concerns every address on that host.
 */
export function hostOf(url: string): string | null {
  try {
    return new URL(url).host
  } catch {
    return null
  }
}

/** Host of a full http(s) URL without `www.`, or null when the text is not one (spec: 'URL inválido'). */
export function bareDomain(text: string): string | null {
  try {
    const u = new URL(text.trim())
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return null
    if (!u.hostname.includes('.') && u.hostname !== 'localhost') return null
    return u.hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return null
  }
}
