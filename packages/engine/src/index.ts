// Public API of the engine. The server and the web app import from here only; the result types are the
// API's response types.

// The stages, for callers that run them on their own (workers, tests).
export {
  AI_CRAWLERS,
  type AiCrawlerGroup,
  type AioRecommendation,
  type AioScores,
  type AioStrength,
  type AioWeakness,
  analyzeAio,
} from './aio/index.ts'
// The audit of one URL (on-page SEO, AIO, Lighthouse, scores).
export {
  type AioResult,
  type AuditDeps,
  type AuditDevice,
  type AuditOptions,
  type AuditProgress,
  type AuditResult,
  type AuditScores,
  audit,
  auditScores,
  devicesFor,
  type LighthouseError,
  type LighthouseResults,
  type OnPageResult,
  type OnPageSummary,
  pageMeta,
  SEO_WEIGHTS,
} from './audit.ts'
export * from './errors.ts'
export {
  type EgressProxy,
  type EgressProxyOptions,
  fetchText,
  type SafeFetchOptions,
  safeFetch,
  startEgressProxy,
} from './fetch/index.ts'
// Field data (real users' Core Web Vitals) from the Chrome UX Report.
export * from './field/index.ts'
export { buildArtifacts, type GatherOptions, gatherArtifacts, type SeoArtifacts } from './gather/index.ts'
// Lighthouse in a child process, and its mapping to the spec's SEO result.
export {
  type ChromiumStatus,
  chromeFlags,
  chromiumInstallHint,
  chromiumStatus,
  findChrome,
  resolveChromePath,
} from './lighthouse/chrome.ts'
export { LIGHTHOUSE_LOCALES, lighthouseTexts } from './lighthouse/localize.ts'
export { impactOf, mapLighthouseResult, type PageMeta } from './lighthouse/map.ts'
export { defaultLighthouseTimeoutMs, lighthouseErrorCode, runLighthouse } from './lighthouse/runner.ts'
export type {
  AgenticAudit as LighthouseAgenticAudit,
  AuditTexts as LighthouseAuditTexts,
  LighthouseDevice,
  LighthouseResult,
  LighthouseRun,
  LighthouseTexts,
  RunLighthouseOptions,
  SeoRecommendation,
  SeoResult,
} from './lighthouse/types.ts'
export * from './scores/index.ts'
export { runSeoChecks, seoChecks } from './seo/index.ts'
export * from './types.ts'
