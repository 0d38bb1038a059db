// robots.txt (obeyed: blocked URLs are recorded, never fetched; Crawl-delay sets the host's pace) and
// sitemaps (urlset and sitemap index, followed to a bounded number of files). Both are fetched with the
// engine's safe fetcher, so the SSRF guard applies to them and to their redirects too.
import robotsParserModule from 'robots-parser'
import { fetchText, type SafeFetchOptions } from '../fetch/fetcher.ts'
import { normalizeUrl } from './normalize.ts'

/** The token our robots.txt rules are matched under (`User-agent: FarolBot`, else `*`). */
export const ROBOTS_AGENT = 'FarolBot'

export interface RobotsRules {
  isAllowed(url: string): boolean
  /** Crawl-delay in seconds for our agent, when set. */
  crawlDelay: number | undefined
  sitemaps: string[]
}

interface ParsedRobots {
  isAllowed(url: string, ua?: string): boolean | undefined
  getCrawlDelay(ua?: string): number | undefined
  getSitemaps(): string[]
}

const robotsParser = robotsParserModule as unknown as (url: string, content: string) => ParsedRobots

export function parseRobotsTxt(robotsUrl: string, content: string | null): RobotsRules {
  if (!content) return { isAllowed: () => true, crawlDelay: undefined, sitemaps: [] }
  const parsed = robotsParser(robotsUrl, content)
  return {
    isAllowed: (url) => parsed.isAllowed(url, ROBOTS_AGENT) !== false,
    crawlDelay: parsed.getCrawlDelay(ROBOTS_AGENT),
    sitemaps: parsed.getSitemaps(),
  }
}

/** robots.txt of an origin. No file, or an error answer, means no rules (as search engines read a 4xx);
 *  a 5xx or an unreachable file is read as "no rules" too: the crawl reports the pages it then sees. */
export async function loadRobots(origin: string, options: SafeFetchOptions): Promise<RobotsRules> {
  const url = new URL('/robots.txt', origin).href
  const artifact = await fetchText(url, options)
  return parseRobotsTxt(url, artifact.content)
}

export interface ParsedSitemap {
  urls: string[]
  /** Child sitemaps of a sitemap index. */
  sitemaps: string[]
}

function decodeXmlText(text: string): string {
  return text
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .trim()
}

/** A sitemap's <loc> entries. A sitemap index lists sitemaps, a urlset lists pages (sitemaps.org 0.9). */
export function parseSitemap(xml: string, base: string): ParsedSitemap {
  const isIndex = /<(?:[\w-]+:)?sitemapindex[\s>]/i.test(xml)
  const out: ParsedSitemap = { urls: [], sitemaps: [] }
  for (const match of xml.matchAll(/<(?:[\w-]+:)?loc>([\s\S]*?)<\/(?:[\w-]+:)?loc>/gi)) {
    const url = normalizeUrl(decodeXmlText(match[1] ?? ''), base)
    if (!url) continue
    if (isIndex) out.sitemaps.push(url)
    else out.urls.push(url)
  }
  return out
}

export interface SitemapLimits {
  maxFiles: number
  maxUrls: number
}

/** Each page's <lastmod> in a urlset, by its normalised <loc>; pages without one are absent. */
export function sitemapLastmods(xml: string, base: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const block of xml.matchAll(/<(?:[\w-]+:)?url[\s>]([\s\S]*?)<\/(?:[\w-]+:)?url>/gi)) {
    const body = block[1] ?? ''
    const loc = /<(?:[\w-]+:)?loc>([\s\S]*?)<\/(?:[\w-]+:)?loc>/i.exec(body)
    const lastmod = /<(?:[\w-]+:)?lastmod>([\s\S]*?)<\/(?:[\w-]+:)?lastmod>/i.exec(body)
    const url = loc ? normalizeUrl(decodeXmlText(loc[1] ?? ''), base) : null
    const when = lastmod ? decodeXmlText(lastmod[1] ?? '') : ''
    if (url && when) out.set(url, when)
  }
  return out
}

export interface SitemapEntry {
  url: string
  /** The sitemap's <lastmod> as written (W3C datetime), or null. */
  lastmod: string | null
}

/** Reads sitemaps breadth-first from the given files, following indexes; returns the pages with lastmod. */
export async function readSitemapEntries(
  start: readonly string[],
  options: SafeFetchOptions,
  limits: SitemapLimits = { maxFiles: 50, maxUrls: 50_000 },
): Promise<SitemapEntry[]> {
  const queue = [...new Set(start)]
  const seen = new Set(queue)
  const entries = new Map<string, string | null>()
  let files = 0
  while (queue.length > 0 && files < limits.maxFiles && entries.size < limits.maxUrls) {
    const file = queue.shift()!
    files++
    const artifact = await fetchText(file, options)
    if (!artifact.content) continue
    const parsed = parseSitemap(artifact.content, file)
    const lastmods = parsed.urls.length ? sitemapLastmods(artifact.content, file) : new Map<string, string>()
    for (const url of parsed.urls)
      if (entries.size < limits.maxUrls && !entries.has(url)) entries.set(url, lastmods.get(url) ?? null)
    for (const child of parsed.sitemaps) {
      if (!seen.has(child)) {
        seen.add(child)
        queue.push(child)
      }
    }
  }
  return [...entries].map(([url, lastmod]) => ({ url, lastmod }))
}

/** Reads sitemaps breadth-first from the given files, following indexes; returns the page URLs found. */
export async function readSitemaps(
  start: readonly string[],
  options: SafeFetchOptions,
  limits: SitemapLimits = { maxFiles: 50, maxUrls: 50_000 },
): Promise<string[]> {
  return (await readSitemapEntries(start, options, limits)).map((e) => e.url)
}
