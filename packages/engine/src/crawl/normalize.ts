// Minimal URL normalisation: only what cannot change which resource a server returns. Scheme and host
// case, the default port, the fragment, dot segments and percent-encoding case (WHATWG URL does most of
// it). `www.`, a trailing slash and query parameters stay: servers may answer each differently, and a
// site-wide check that merged them would hide the very duplicates it should report.

/** Hex digits of a percent-escape to upper case, and unreserved characters (RFC 3986 §2.3) decoded. */
function normalizeEscapes(part: string): string {
  return part.replace(/%([0-9a-fA-F]{2})/g, (_, hex: string) => {
    const code = Number.parseInt(hex, 16)
    const char = String.fromCharCode(code)
    return /[A-Za-z0-9\-._~]/.test(char) ? char : `%${hex.toUpperCase()}`
  })
}

/** The normalised absolute URL, or null when it does not parse or is not http(s). */
export function normalizeUrl(raw: string, base?: string): string | null {
  let url: URL
  try {
    url = base === undefined ? new URL(raw) : new URL(raw, base)
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  // Each setter re-serialises the whole URL, so only the parts that change are set (a crawl normalises
  // every link of every page). An empty fragment (`/a#`) has hash '' but still shows in href.
  if (url.href.includes('#')) url.hash = ''
  // WHATWG URL already lowercases the scheme and host, drops the default port and resolves dot segments.
  // Without a '%', normalizeEscapes has nothing to change.
  if (url.pathname.includes('%')) url.pathname = normalizeEscapes(url.pathname)
  if (url.search.includes('%')) url.search = normalizeEscapes(url.search)
  // `http://a.com/?` and `http://a.com/` are the same request.
  const href = url.href
  return href.endsWith('?') ? href.slice(0, -1) : href
}

export interface ScopeOptions {
  /** Also crawl subdomains of the start host (blog.example.com for example.com). Default false. */
  includeSubdomains?: boolean
}

/** The host that defines the crawl's scope (the start URL's, `www.` kept). */
export function scopeHost(startUrl: string): string {
  return new URL(startUrl).hostname
}

/** Whether a URL belongs to the crawl: the start host, or a subdomain of it when asked. */
export function inScope(url: string, host: string, options: ScopeOptions = {}): boolean {
  let hostname: string
  try {
    hostname = new URL(url).hostname
  } catch {
    return false
  }
  if (hostname === host) return true
  if (!options.includeSubdomains) return false
  const bare = host.replace(/^www\./, '')
  return hostname === bare || hostname.endsWith(`.${bare}`)
}

/** `/a/b?x=1` -> `https://h/a/b`: the key the query-variant limit counts under. */
export function pathKey(url: string): string {
  const q = url.indexOf('?')
  return q === -1 ? url : url.slice(0, q)
}
