// The one interface every keyword provider implements: ideas for a query in a market. Providers turn a
// request into their own call and the answer into KeywordIdea; judging and grouping happen elsewhere.
import type { KeywordIdea, Market, ProviderId } from './types.ts'

export interface KeywordProvider {
  readonly id: ProviderId
  /** Requests sent to the provider so far (cache hits not counted). */
  readonly requests: number
  /** Ideas for one query (autocomplete: what the box suggests; DataForSEO: related keywords and suggestions). */
  ideas(query: string, market: Market, signal?: AbortSignal): Promise<KeywordIdea[]>
  /** Volume, CPC, difficulty and intent of given keywords, when the provider measures them. */
  measure?(keywords: string[], market: Market, signal?: AbortSignal): Promise<KeywordIdea[]>
}

/** An idea with nothing measured: the figures stay null ("—"), never 0. */
export function unmeasured(keyword: string, source: ProviderId): KeywordIdea {
  return { keyword, source, volume: null, cpc: null, difficulty: null, intent: null }
}
