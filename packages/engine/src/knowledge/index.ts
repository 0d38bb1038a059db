// Knowledge: the site's facts and the checks that keep generated text and AI answers honest against them.
// - extractSiteFacts(html, url): facts with the page and part of it they came from (JSON-LD, footer, text).
// - checkClaim(claim, facts, previousFacts) / accuracyOf(checks): the knowledge hub's verdicts and score.
// - unverifiedClaims(text, facts, lang, extra): the writer's numbers, dates, quotes and sources to verify.
// - pageOutline(html, url) / contentGaps({ site, competitor, aiQuestions, keywords }): the recommender's evidence.
// - writerPrompt / parseGenerated / lengthCheck / exportFileName: the writer's grounded prompt and checks.
export {
  type Accuracy,
  accuracyOf,
  type ClaimCheck,
  type ClaimVerdict,
  checkClaim,
  type ExtractedClaim,
} from './check.ts'
export {
  type CheckableClaim,
  type ClaimKind,
  findCheckableClaims,
  type UnverifiedClaim,
  unverifiedClaims,
} from './claims.ts'
export {
  type ContentGap,
  contentGaps,
  covers,
  type GapInput,
  type GapKind,
  type PageOutline,
  pageOutline,
  suggestionOf,
  THIN_PAGE_WORDS,
} from './gaps.ts'
export {
  comparable,
  extractSiteFacts,
  FACT_KINDS,
  type FactKind,
  factPages,
  mergeFacts,
  type SiteFact,
} from './site-facts.ts'
export {
  exportFileName,
  type LengthCheck,
  lengthCheck,
  parseGenerated,
  WRITER_DEFAULTS,
  WRITER_LANGUAGES,
  WRITER_SIZES,
  WRITER_TONES,
  WRITER_TYPES,
  type WriterLanguage,
  type WriterRequest,
  type WriterSize,
  type WriterTone,
  type WriterType,
  writerPrompt,
} from './writer.ts'
