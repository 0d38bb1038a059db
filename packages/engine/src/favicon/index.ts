// A site's favicon, fetched through the same SSRF guard as every audit request, so the product can show
// it without sending the visitor's browser to a third-party favicon service.
import { load } from 'cheerio'
import type { GuardOptions } from '../fetch/guard.ts'
import { safeFetch } from '../fetch/index.ts'

export interface Favicon {
  contentType: string
  bytes: Uint8Array
  sourceUrl: string
}

/** Icon links of a page, best first: larger declared sizes first, SVG before bitmaps, /favicon.ico last. */
export function faviconCandidates(html: string, baseUrl: string): string[] {
  const $ = load(html)
  const scored: { url: string; score: number }[] = []
  $('link[rel][href]').each((_, el) => {
    const rel = ($(el).attr('rel') ?? '').toLowerCase().split(/\s+/)
    if (!rel.includes('icon') && !rel.includes('apple-touch-icon')) return
    let url: string
    try {
      url = new URL($(el).attr('href')!, baseUrl).href
    } catch {
      return
    }
    if (!/^https?:/.test(url)) return
    const sizes = ($(el).attr('sizes') ?? '').match(/(\d+)x\d+/)
    const size = sizes ? Number(sizes[1]) : 0
    const svg = ($(el).attr('type') ?? '').includes('svg') || /\.svg(\?|$)/i.test(url)
    scored.push({ url, score: svg ? 1000 : size || (rel.includes('apple-touch-icon') ? 180 : 16) })
  })
  const ordered = scored.sort((a, b) => b.score - a.score).map((s) => s.url)
  ordered.push(new URL('/favicon.ico', baseUrl).href)
  return [...new Set(ordered)]
}

export async function fetchFavicon(siteUrl: string, options: GuardOptions = {}): Promise<Favicon | null> {
  let candidates: string[]
  try {
    const page = await safeFetch(siteUrl, {
      ...options,
      accept: 'html',
      maxBytes: 2 * 1024 * 1024,
      totalTimeoutMs: 10_000,
    })
    candidates = faviconCandidates(page.body, page.finalUrl)
  } catch {
    candidates = [new URL('/favicon.ico', siteUrl).href]
  }
  for (const url of candidates.slice(0, 3)) {
    try {
      const icon = await safeFetch(url, {
        ...options,
        accept: 'image',
        keepBytes: true,
        maxBytes: 256 * 1024,
        totalTimeoutMs: 8_000,
      })
      if (icon.status === 200 && icon.bytes && icon.bytes.length > 0 && icon.contentType) {
        return { contentType: icon.contentType, bytes: icon.bytes, sourceUrl: icon.finalUrl }
      }
    } catch {
      // Try the next candidate: a missing or refused icon is normal.
    }
  }
  return null
}
