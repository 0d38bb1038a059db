// AI visibility: what to ask (prompts from the site), whether an answer names the brand (mentions), and
// the statistics (Wilson intervals, presence score, share of voice, trends). Pure functions only.
export {
  type AnswerAnalysis,
  analyzeAnswer,
  type BrandTerms,
  type Competitor,
  candidateNames,
  type MentionSpan,
} from './mentions.ts'
export {
  type PresenceInputs,
  type Proportion,
  presenceScore,
  presenceWeights,
  shareOfVoice,
  type Trend,
  trendBetween,
  wilson,
} from './metrics.ts'
export { domainOf, fold } from './normalize.ts'
export { buildPrompts, type Prompt, type PromptKind } from './prompts.ts'
export {
  buildVisibilityReport,
  type CompetitorRow,
  type ModelSummary,
  type RateSet,
  type Recommendation,
  type RunCounts,
  runCounts,
  type StoredAnswer,
  type VisibilityReport,
} from './report.ts'
export { type LlmPresenceResult, type PresencePlan, runPresence } from './run.ts'
export {
  type AnswerSentiment,
  brandSentences,
  judgePrompt,
  judgeSentiment,
  type SentimentLabel,
  type SentimentSummary,
  sentimentSummary,
} from './sentiment.ts'
export { brandFromTitle, type SiteProfile, siteProfile } from './site.ts'
export { type SiteSignals, signalGaps, siteSignals } from './site-signals.ts'
