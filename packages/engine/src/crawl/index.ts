// Site crawl: frontier interface, crawler, per-page facts, site-wide checks (pure functions over tables).
export {
  DEFAULT_NEAR_DUPLICATE_THRESHOLD,
  isHtmlPage,
  isNearDuplicateThreshold,
  NearDuplicateFinder,
  type NearDuplicateOptions,
  type NearDuplicatePair,
  nearDuplicatePairs,
  onPageChecks,
  problemsOf,
  type SiteCheckOptions,
  siteCheckById,
  siteChecks,
  siteIssues,
  siteLinkScores,
} from './checks/index.ts'
export {
  type ComparableCrawl,
  type CrawlComparisonCounts,
  compareCrawls,
  type IssueTypeChange,
  STATUS_CHANGES_LISTED,
} from './compare.ts'
export { type CrawlOptions, type CrawlRun, crawl } from './crawler.ts'
export { type Frontier, type FrontierCounts, MemoryFrontier } from './frontier.ts'
export { decodeSignature, encodeSignature, MINHASH_SIZE, minhash, similarity } from './minhash.ts'
export { inScope, normalizeUrl } from './normalize.ts'
export { VERIFICATION_META, VERIFICATION_PATH, verificationTokens, verifyOwner } from './owner.ts'
export { ADAPTIVE_CEILING, type PaceReason } from './politeness.ts'
export { buildCrawlReport, type CrawlReport, type PageSummary } from './report.ts'
export { sampleByTemplate, type TemplateSample, urlTemplate } from './sample.ts'
export {
  type SiteAuditIssue,
  type SiteAuditSummary,
  SUMMARY_EXAMPLES,
  summarizeSiteIssues,
} from './summary.ts'
export type * from './types.ts'
