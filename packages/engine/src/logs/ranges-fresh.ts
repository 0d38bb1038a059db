// How long a fetched IP list is trusted to say "not theirs": operators add ranges over time. Its own
// module so the web page's words (list-words.ts) can read it without the verifier's Node imports.
export const RANGES_FRESH_DAYS = 30
