// Site crawl: frontier interface, crawler, per-page facts, site-wide checks (pure functions over tables).
export { siteCheckById, siteChecks, siteIssues, siteLinkScores } from './checks/index.ts'
export {
  type ComparableCrawl,
  type CrawlComparisonCounts,
  compareCrawls,
  type IssueTypeChange,
  STATUS_CHANGES_LISTED,
} from './compare.ts'
export { type CrawlOptions, type CrawlRun, crawl } from './crawler.ts'
export { type Frontier, type FrontierCounts, MemoryFrontier } from './frontier.ts'
export { inScope, normalizeUrl } from './normalize.ts'
export { buildCrawlReport, type CrawlReport, type PageSummary } from './report.ts'
export { sampleByTemplate, type TemplateSample, urlTemplate } from './sample.ts'
export {
  type SiteAuditIssue,
  type SiteAuditSummary,
  SUMMARY_EXAMPLES,
  summarizeSiteIssues,
} from './summary.ts'
export type * from './types.ts'
