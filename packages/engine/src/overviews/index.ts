// Google's AI Overviews and AI Mode through DataForSEO: the client, the parsing of its answers, whether
// they cite a site (match.ts, citations.ts) and the figures across keywords. Pure apart from client.ts.
export { type SurfaceSummary, summarize } from './aggregate.ts'
export { type AnswerCitations, citationsOf, markText, type SiteCitation, type TextRun } from './citations.ts'
export {
  type AnswersClientOptions,
  DataForSeoAnswers,
  defaultTargets,
  documentedRatePerMinute,
  endpointOf,
  livePrices,
  readEnvelope,
  taskFor,
} from './client.ts'
export { isOverviewsError, OverviewsError, type OverviewsErrorCode } from './errors.ts'
export { estimateRun, type RunEstimate } from './estimate.ts'
export { bareHost, citedHost, cleanUrl, isSiteUrl, siteHostOf, unwrapAmp } from './match.ts'
export { answerFromResult } from './parse.ts'
export type * from './types.ts'
export { surfaces } from './types.ts'
