// Keyword research's shapes: the market searched, one keyword idea, the providers and what they answered.
// These are the task's result types and the page reads them as they are (design: typed end to end).

/** Where and in what language the searches happen (the page's Portugal / Brasil / English choice). */
export type KeywordCountry = 'PT' | 'BR' | 'US'
export type KeywordLang = 'pt' | 'en'

export interface Market {
  lang: KeywordLang
  country: KeywordCountry
}

export type ProviderId = 'autocomplete' | 'dataforseo' | 'site'

/** AnswerThePublic's families of long-tail modifiers. */
export type ModifierGroup = 'questions' | 'prepositions' | 'comparisons' | 'alphabetical'

export interface KeywordIdea {
  keyword: string
  /** The provider that first proposed it. */
  source: ProviderId
  /** Monthly searches, cost per click (USD) and difficulty (0-100): null unless a volume provider measured them. */
  volume: number | null
  cpc: number | null
  difficulty: number | null
  /** Search intent (informational, navigational, commercial, transactional) when a provider gave it. */
  intent: string | null
}

export interface LongTailIdea extends KeywordIdea {
  group: ModifierGroup
  /** The modifier inside the group: a question word, a preposition, 'vs'/'ou', or a letter. */
  modifier: string
}

/**
 * What each provider did in this run: answered (with how many ideas), failed (with the reason's code),
 * not configured (needs credentials), or not used (e.g. the site's text when no address was given).
 */
export interface SourceReport {
  id: ProviderId
  status: 'answered' | 'failed' | 'not_configured' | 'not_used'
  count: number
  /** Requests sent to the provider (cache hits excluded). */
  requests: number
  errorCode: string | null
}

export interface KeywordResearchResult {
  seed: string
  market: Market
  /** The address the site's keywords came from, when one was given. */
  url: string | null
  /** Other pages of the site whose text joined the page's (from the user's latest site crawl). */
  sitePages?: string[]
  related: KeywordIdea[]
  longTail: LongTailIdea[]
  sources: SourceReport[]
  /** True while the task is still expanding (partial results). */
  partial: boolean
}

/** A store for provider answers (24 h for autocomplete). The server shares one across processes. */
export interface KeywordCache {
  get(key: string): Promise<unknown | undefined>
  set(key: string, value: unknown, ttlMs: number): Promise<void>
}
