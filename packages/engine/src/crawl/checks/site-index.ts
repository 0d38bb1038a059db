// Lookups the site-wide checks share, built once per crawl from its tables: rows by URL and inbound links.

import type { Localized } from '../../types.ts'
import type { CrawlPage, CrawlTables, IssueDetail, Severity } from '../types.ts'

export interface Inlink {
  source: string
  text: string
  nofollow: boolean
  /** The redirecting URL the link names, when the link reaches this page through redirects. */
  via?: string
}

/** What a crawl's reader may tune in the checks. */
export interface SiteCheckOptions {
  /** Estimated similarity (0.5-1) from which two pages are near duplicates. Default 0.90. */
  nearDuplicateThreshold?: number
}

export interface SiteIndex {
  tables: CrawlTables
  options: SiteCheckOptions
  pages: readonly CrawlPage[]
  byUrl: ReadonlyMap<string, CrawlPage>
  /** Internal links by target, from every fetched page (self-links excluded). */
  inlinks: ReadonlyMap<string, Inlink[]>
  /** A page's inlinks as the figures count them (orphans, the inlink count): the links to it and the
   *  links to a URL whose redirects end at it (with `via`), a link from the page itself excepted. */
  linked: ReadonlyMap<string, Inlink[]>
  sitemap: ReadonlySet<string>
}

export function buildIndex(tables: CrawlTables, options: SiteCheckOptions = {}): SiteIndex {
  const byUrl = new Map<string, CrawlPage>()
  for (const page of tables.pages) byUrl.set(page.url, page)
  const inlinks = new Map<string, Inlink[]>()
  for (const page of tables.pages) {
    const seen = new Set<string>()
    for (const link of page.links) {
      if (!link.internal || link.url === page.url || seen.has(link.url)) continue
      seen.add(link.url)
      const list = inlinks.get(link.url)
      const entry = { source: page.url, text: link.text, nofollow: link.nofollow }
      if (list) list.push(entry)
      else inlinks.set(link.url, [entry])
    }
  }
  const linked = new Map<string, Inlink[]>()
  for (const [target, list] of inlinks) {
    const end = redirectEnd(byUrl, target)
    const into = end ?? target
    const entries = end ? list.filter((l) => l.source !== end).map((l) => ({ ...l, via: target })) : list
    if (end && !linked.has(target)) linked.set(target, [...list])
    const have = linked.get(into)
    if (have) have.push(...entries)
    else linked.set(into, [...entries])
  }
  for (const list of linked.values()) list.sort((a, b) => a.source.localeCompare(b.source))
  return {
    tables,
    options,
    pages: tables.pages,
    byUrl,
    inlinks,
    linked,
    sitemap: new Set(tables.sitemapUrls),
  }
}

/** A redirect row: a 3xx answer with a Location (the page store's PAGE_REDIRECT). */
const redirects = (page: CrawlPage | undefined): page is CrawlPage & { redirectTo: string } =>
  page !== undefined &&
  page.status !== null &&
  page.status >= 300 &&
  page.status < 400 &&
  page.redirectTo !== null

/**
 * Where following the redirects from `url` ends: the first URL of the crawl that does not redirect;
 * null when `url` does not redirect, or the redirects loop or lead to a URL the crawl has no row for.
 * The page store follows the same rule (store/link-graph.ts linkScoresOf).
 */
export function redirectEnd(byUrl: ReadonlyMap<string, CrawlPage>, url: string): string | null {
  const first = byUrl.get(url)
  if (!redirects(first)) return null
  const seen = new Set([url])
  let next = first.redirectTo
  for (;;) {
    if (seen.has(next)) return null
    const row = byUrl.get(next)
    if (!row) return null
    if (!redirects(row)) return next
    seen.add(next)
    next = row.redirectTo
  }
}

/** What one check found: the URLs to act on and, per URL, what explains it. */
export interface CheckResult {
  urls: string[]
  details?: Record<string, IssueDetail>
}

export interface SiteCheck {
  /** Stable id (the CLI's `type`, the UI's key). */
  id: string
  severity: Severity
  title: Localized
  description: Localized
  /** For a page-level problem (checks/on-page.ts): the page audit's check it counts across the site. */
  pageCheck?: string
  run(index: SiteIndex): CheckResult
}

export const isError = (page: CrawlPage | undefined): boolean =>
  page !== undefined &&
  !page.blockedByRobots &&
  (page.status === null ? page.error !== null : page.status >= 400)

export const isRedirect = (page: CrawlPage | undefined): boolean =>
  page !== undefined && page.status !== null && page.status >= 300 && page.status < 400

/** A fetched 200 HTML page (the only kind whose content the checks compare). */
export const isHtmlOk = (page: CrawlPage | undefined): page is CrawlPage =>
  page !== undefined && page.status === 200 && page.contentHash !== null

export function sourcesOf(index: SiteIndex, url: string): string[] {
  return (index.inlinks.get(url) ?? []).map((l) => l.source)
}

/** Groups pages by a key; returns the groups of two or more, each URL with the others of its group. */
export function duplicateGroups(
  pages: readonly CrawlPage[],
  key: (p: CrawlPage) => string | null,
): CheckResult {
  const groups = new Map<string, string[]>()
  for (const page of pages) {
    const k = key(page)
    if (!k) continue
    const group = groups.get(k)
    if (group) group.push(page.url)
    else groups.set(k, [page.url])
  }
  const urls: string[] = []
  const details: Record<string, IssueDetail> = {}
  for (const [value, group] of groups) {
    if (group.length < 2) continue
    for (const url of group) {
      urls.push(url)
      details[url] = { value, duplicates: group.filter((u) => u !== url) }
    }
  }
  return { urls, details }
}
