// The crawl's page store lives in the engine (shared with `farol crawl --store`, decision 029).
export * from '@farol/engine/crawl/store/store.ts'
