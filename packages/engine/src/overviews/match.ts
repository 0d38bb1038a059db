// Whether a cited URL is the site's. Google's references carry whatever link it followed: tracking
// parameters, text fragments (#:~:text=…), www. or not, mobile (m.) hosts, AMP pages and Google's AMP
// cache. A citation is the site's when its host IS the site's host or one of its subdomains, after those
// prefixes are set aside; the path never counts (another site may well have the host name in its path).

/** Query parameters that say where a click came from, not which page it is. */
const tracking =
  /^(utm_[a-z_]+|gclid|gbraid|wbraid|dclid|fbclid|msclkid|yclid|srsltid|mc_cid|mc_eid|_ga|_gl)$/i

/** Host prefixes that name the same site: www (www2…), the mobile host and the AMP host. */
const samePrefix = /^(?:www\d*|m|mobile|amp)\./

/** Pure: a host without the prefixes that name the same site, lowercased, no trailing dot. */
export function bareHost(host: string): string {
  let h = host.toLowerCase().replace(/\.$/, '')
  while (samePrefix.test(h) && h.split('.').length > 2) h = h.replace(samePrefix, '')
  return h
}

/**
 * Pure: the page behind an AMP cache or Google AMP viewer address (`x-pt.cdn.ampproject.org/c/s/x.pt/…`,
 * `www.google.com/amp/s/x.pt/…`), else the address itself. Null when it is not an http(s) URL.
 */
export function unwrapAmp(raw: string): URL | null {
  let url: URL
  try {
    url = new URL(raw.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  const cache = url.hostname.endsWith('.cdn.ampproject.org')
    ? /^\/[cvi]\/(s\/)?(.+)$/.exec(url.pathname)
    : /(^|\.)google\.[a-z.]+$/.test(url.hostname)
      ? /^\/amp\/(s\/)?(.+)$/.exec(url.pathname)
      : null
  if (!cache) return url
  try {
    return new URL(`${cache[1] ? 'https' : 'http'}://${cache[2]}${url.search}`)
  } catch {
    return url
  }
}

/**
 * Pure: the address as the page it names: AMP unwrapped, no fragment, no tracking parameters, no
 * trailing slash (except the root). This is the URL shown and joined with crawl facts.
 */
export function cleanUrl(raw: string): string | null {
  const url = unwrapAmp(raw)
  if (!url) return null
  url.hash = ''
  for (const key of [...url.searchParams.keys()]) if (tracking.test(key)) url.searchParams.delete(key)
  url.hostname = url.hostname.toLowerCase()
  if (url.pathname.length > 1 && url.pathname.endsWith('/')) url.pathname = url.pathname.replace(/\/+$/, '')
  return url.toString()
}

/** Pure: the host a cited address belongs to (AMP unwrapped, prefixes set aside), or null. */
export function citedHost(raw: string): string | null {
  const url = unwrapAmp(raw)
  return url ? bareHost(url.hostname) : null
}

/** Pure: the site's own host from what the user typed ("https://www.x.pt/", "x.pt", "m.x.pt"). */
export function siteHostOf(site: string): string | null {
  const text = site.trim()
  if (!text) return null
  try {
    return bareHost(new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`).hostname)
  } catch {
    return null
  }
}

/** Pure: whether a cited address is on the site (its host, or a subdomain of it). */
export function isSiteUrl(raw: string, site: string): boolean {
  const host = citedHost(raw)
  const own = siteHostOf(site)
  if (!host || !own) return false
  return host === own || host.endsWith(`.${own}`)
}
