// Keyword research: providers (autocomplete, DataForSEO Labs, the site's text), expansion, grouping, dedup.
export { type AutocompleteOptions, AutocompleteProvider, defaultAutocompleteUrl } from './autocomplete.ts'
export { DAY_MS, MemoryKeywordCache } from './cache.ts'
export {
  type DataForSeoOptions,
  DataForSeoProvider,
  defaultDataForSeoUrl,
  locationCodes,
} from './dataforseo.ts'
export {
  classifyLongTail,
  expansionQueries,
  groupLongTail,
  groupOrder,
  isLongTail,
  modifiers,
} from './expansion.ts'
export { containsSeed, dedupKeywords, foldAccents, keywordKey, tidyKeyword } from './normalize.ts'
export type { KeywordProvider } from './provider.ts'
export { type ResearchInput, researchKeywords, sortLongTail } from './research.ts'
export { coOccurringTerms, crawlPagesForKeywords, SiteProvider, siteKeywords } from './site.ts'
export type * from './types.ts'
