// A few pages' facts in the latest crawl of their site made in a scope (Google's AI answers show each cited,
// or expected but not cited, URL beside them, issue 43): status, indexable, canonical, words. Looked up in
// the page store by address, trying the forms one page goes by (http/https, www. or not, trailing slash).
import { and, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { siteCrawlPages } from '../../platform/db/schema.ts'
import { type CrawlScope, latestCrawl } from './summary.ts'

export interface CrawledPage {
  status: number | null
  indexable: boolean
  canonical: string | null
  words: number
  redirectTo: string | null
}

/** Pure: the addresses one page may have been crawled under. */
export function addressForms(url: string): string[] {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return []
  }
  // A page cited on its mobile or AMP host is the same page of the site.
  const host = u.hostname.replace(/^(www|m|mobile|amp)\./, '')
  const path = u.pathname === '/' ? '/' : u.pathname.replace(/\/+$/, '')
  const paths = path === '/' ? ['/'] : [path, `${path}/`]
  const out: string[] = []
  for (const scheme of ['https:', 'http:'])
    for (const h of [host, `www.${host}`])
      for (const p of paths) out.push(`${scheme}//${h}${u.port ? `:${u.port}` : ''}${p}${u.search}`)
  return out
}

/** The facts of `urls` in the scope's latest crawl of `siteUrl`'s host; null without such a crawl. */
export async function crawledPagesOf(
  db: Db,
  scope: CrawlScope,
  siteUrl: string,
  urls: readonly string[],
): Promise<{ crawlId: string; finishedAt: string | null; pages: Map<string, CrawledPage> } | null> {
  const crawl = await latestCrawl(db, scope, siteUrl)
  if (!crawl) return null
  const forms = new Map<string, string>()
  for (const url of urls) for (const form of addressForms(url)) if (!forms.has(form)) forms.set(form, url)
  const pages = new Map<string, CrawledPage>()
  const wanted = [...forms.keys()]
  for (let i = 0; i < wanted.length; i += 1000) {
    const rows = await db
      .select({
        url: siteCrawlPages.url,
        status: siteCrawlPages.status,
        indexable: siteCrawlPages.indexable,
        canonical: siteCrawlPages.canonical,
        words: siteCrawlPages.wordCount,
        redirectTo: siteCrawlPages.redirectTo,
      })
      .from(siteCrawlPages)
      .where(
        and(eq(siteCrawlPages.crawlId, crawl.id), inArray(siteCrawlPages.url, wanted.slice(i, i + 1000))),
      )
    // The exact address first, then the other forms in their order.
    for (const row of rows.sort((a, b) => wanted.indexOf(a.url) - wanted.indexOf(b.url))) {
      const url = forms.get(row.url)!
      if (pages.has(url) && row.url !== url) continue
      const { url: _, ...facts } = row
      pages.set(url, facts)
    }
  }
  return { crawlId: crawl.id, finishedAt: crawl.finishedAt?.toISOString() ?? null, pages }
}
