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
