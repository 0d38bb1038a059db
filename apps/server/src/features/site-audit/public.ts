// What other features may read of the site audit: a site's latest crawl and its summary, the page store's
// facts per URL, and the crawl tables' upkeep (retention, IndexNow's changed URLs).
export type { SiteCrawlResult } from './capability.ts'
export { crawlFactsFromStore, hasStoredPages } from './page-facts.ts'
export { type CrawledPage, crawledPagesOf } from './page-lookup.ts'
export { changedUrls, deleteCrawls, previousCrawl, sweepStrayCrawlRows } from './store.ts'
export { type CrawlScope, crawlScopeOf, latestCrawl, latestSiteAudit } from './summary.ts'
