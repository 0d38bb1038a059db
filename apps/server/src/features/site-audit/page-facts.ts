// The crawl's facts about given pages from the page store: the engine's queries (crawl/store/page-facts.ts,
// shared with `farol logs --crawl`), through the read module other features use.
export { crawlFactsFromStore, hasStoredPages } from '@farol/engine/crawl/store/page-facts.ts'
