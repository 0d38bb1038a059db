// The bot table: search engines and AI agents, what each is for, and how to tell a real one from an agent
// string anyone can send. One file, shared by the log analytics and the robots.txt view (aio/robots.ts).
//
// Source: each operator's crawler documentation, listed per bot in `docs`. Reviewed: 2026-11-26.
// Purposes are the robots.txt view's groups: training (model training data), search (an index that answers
// and cites), user (a fetch made because a person asked an assistant; may not obey robots.txt).

export const BOT_TABLE_SOURCE =
  "Each operator's published crawler documentation (the `docs` link of each bot)"
export const BOT_TABLE_UPDATED = '2026-11-26'

export type BotPurpose = 'training' | 'search' | 'user'
export type BotKind = 'ai' | 'search-engine'

export interface BotEntry {
  /** The robots.txt token, and (unless controlOnly) the substring that identifies it in a user agent. */
  token: string
  operator: string
  kind: BotKind
  purpose: BotPurpose
  /** A robots.txt control token that never appears as a user agent (Google-Extended, Applebot-Extended). */
  controlOnly?: boolean
  /** Shown in the per-page robots.txt view (aio/robots.ts). */
  robotsView?: boolean
  /** Range files (data/ranges/<name>.json, the operator's published format) that verify it. */
  ranges?: string[]
  /** Reverse-DNS domains a forward-confirmed lookup must end in, where the operator documents them. */
  rdns?: string[]
  docs: string
}

export const BOTS: readonly BotEntry[] = [
  // AI: training
  {
    token: 'GPTBot',
    operator: 'OpenAI',
    kind: 'ai',
    purpose: 'training',
    robotsView: true,
    ranges: ['gptbot'],
    docs: 'https://platform.openai.com/docs/bots',
  },
  {
    token: 'ClaudeBot',
    operator: 'Anthropic',
    kind: 'ai',
    purpose: 'training',
    robotsView: true,
    ranges: ['claudebot'],
    docs: 'https://support.claude.com/en/articles/8896518',
  },
  {
    token: 'Google-Extended',
    operator: 'Google',
    kind: 'ai',
    purpose: 'training',
    controlOnly: true,
    robotsView: true,
    docs: 'https://developers.google.com/search/docs/crawling-indexing/google-common-crawlers#google-extended',
  },
  {
    token: 'Applebot-Extended',
    operator: 'Apple',
    kind: 'ai',
    purpose: 'training',
    controlOnly: true,
    robotsView: true,
    docs: 'https://support.apple.com/en-us/119829',
  },
  {
    token: 'CCBot',
    operator: 'Common Crawl',
    kind: 'ai',
    purpose: 'training',
    robotsView: true,
    docs: 'https://commoncrawl.org/ccbot',
  },
  {
    token: 'meta-externalagent',
    operator: 'Meta',
    kind: 'ai',
    purpose: 'training',
    robotsView: true,
    docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
  },
  {
    token: 'Bytespider',
    operator: 'ByteDance',
    kind: 'ai',
    purpose: 'training',
    robotsView: true,
    docs: 'https://bytespider.com',
  },
  {
    token: 'Amazonbot',
    operator: 'Amazon',
    kind: 'ai',
    purpose: 'training',
    robotsView: true,
    rdns: ['crawl.amazonbot.amazon'],
    docs: 'https://developer.amazon.com/amazonbot',
  },
  // AI: search index
  {
    token: 'OAI-SearchBot',
    operator: 'OpenAI',
    kind: 'ai',
    purpose: 'search',
    robotsView: true,
    ranges: ['searchbot'],
    docs: 'https://platform.openai.com/docs/bots',
  },
  {
    token: 'Claude-SearchBot',
    operator: 'Anthropic',
    kind: 'ai',
    purpose: 'search',
    robotsView: true,
    ranges: ['claudebot'],
    docs: 'https://support.claude.com/en/articles/8896518',
  },
  {
    token: 'PerplexityBot',
    operator: 'Perplexity',
    kind: 'ai',
    purpose: 'search',
    robotsView: true,
    ranges: ['perplexitybot'],
    docs: 'https://docs.perplexity.ai/guides/bots',
  },
  // AI: fetches a person asked for
  {
    token: 'ChatGPT-User',
    operator: 'OpenAI',
    kind: 'ai',
    purpose: 'user',
    robotsView: true,
    ranges: ['chatgpt-user'],
    docs: 'https://platform.openai.com/docs/bots',
  },
  {
    token: 'Claude-User',
    operator: 'Anthropic',
    kind: 'ai',
    purpose: 'user',
    robotsView: true,
    ranges: ['claudebot'],
    docs: 'https://support.claude.com/en/articles/8896518',
  },
  {
    token: 'Perplexity-User',
    operator: 'Perplexity',
    kind: 'ai',
    purpose: 'user',
    robotsView: true,
    ranges: ['perplexity-user'],
    docs: 'https://docs.perplexity.ai/guides/bots',
  },
  {
    token: 'DuckAssistBot',
    operator: 'DuckDuckGo',
    kind: 'ai',
    purpose: 'user',
    ranges: ['duckassistbot'],
    docs: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckassistbot',
  },
  {
    token: 'Meta-ExternalFetcher',
    operator: 'Meta',
    kind: 'ai',
    purpose: 'user',
    docs: 'https://developers.facebook.com/docs/sharing/webmasters/web-crawlers',
  },
  {
    token: 'MistralAI-User',
    operator: 'Mistral AI',
    kind: 'ai',
    purpose: 'user',
    docs: 'https://docs.mistral.ai/robots',
  },
  // Search engines (their index also feeds their AI answers: Google's AI Overviews, Bing's Copilot)
  {
    token: 'Googlebot',
    operator: 'Google',
    kind: 'search-engine',
    purpose: 'search',
    ranges: ['googlebot'],
    rdns: ['googlebot.com', 'google.com', 'googleusercontent.com'],
    docs: 'https://developers.google.com/search/docs/crawling-indexing/verifying-googlebot',
  },
  {
    token: 'bingbot',
    operator: 'Microsoft',
    kind: 'search-engine',
    purpose: 'search',
    ranges: ['bingbot'],
    rdns: ['search.msn.com'],
    docs: 'https://www.bing.com/webmasters/help/how-to-verify-bingbot-3905dc26',
  },
  {
    token: 'Applebot',
    operator: 'Apple',
    kind: 'search-engine',
    purpose: 'search',
    ranges: ['applebot'],
    rdns: ['applebot.apple.com'],
    docs: 'https://support.apple.com/en-us/119829',
  },
  {
    token: 'DuckDuckBot',
    operator: 'DuckDuckGo',
    kind: 'search-engine',
    purpose: 'search',
    ranges: ['duckduckbot'],
    docs: 'https://duckduckgo.com/duckduckgo-help-pages/results/duckduckbot',
  },
  {
    token: 'YandexBot',
    operator: 'Yandex',
    kind: 'search-engine',
    purpose: 'search',
    rdns: ['yandex.ru', 'yandex.net', 'yandex.com'],
    docs: 'https://yandex.com/support/webmaster/robot-workings/check-yandex-robots.html',
  },
  {
    token: 'Baiduspider',
    operator: 'Baidu',
    kind: 'search-engine',
    purpose: 'search',
    rdns: ['baidu.com', 'baidu.jp'],
    docs: 'https://www.baidu.com/search/robots_english.html',
  },
]

/** Where each range file comes from: `npm run bots:update` fetches these URLs into data/ranges/. */
export const RANGE_SOURCES: Record<string, string> = {
  gptbot: 'https://openai.com/gptbot.json',
  searchbot: 'https://openai.com/searchbot.json',
  'chatgpt-user': 'https://openai.com/chatgpt-user.json',
  perplexitybot: 'https://www.perplexity.ai/perplexitybot.json',
  'perplexity-user': 'https://www.perplexity.ai/perplexity-user.json',
  // Google's "common crawlers" list (Googlebot and the crawlers that obey robots.txt like it), which
  // replaced search/apis/ipranges/googlebot.json in 2025.
  googlebot: 'https://developers.google.com/static/crawling/ipranges/common-crawlers.json',
  // Anthropic's one list for ClaudeBot, Claude-SearchBot and Claude-User.
  claudebot: 'https://claude.com/crawling/bots.json',
  bingbot: 'https://www.bing.com/toolbox/bingbot.json',
  applebot: 'https://search.developer.apple.com/applebot.json',
  duckduckbot: 'https://duckduckgo.com/duckduckbot.json',
  duckassistbot: 'https://duckduckgo.com/duckassistbot.json',
}

const matchable = BOTS.filter((b) => !b.controlOnly)
// One case-insensitive alternation finds any token; longer tokens first so `Claude-SearchBot` is not
// read as a shorter token that happens to be inside it.
const tokenRe = new RegExp(
  [...matchable]
    .sort((a, b) => b.token.length - a.token.length)
    .map((b) => b.token.replace(/[-.]/g, '\\$&'))
    .join('|'),
  'i',
)
const byLowerToken = new Map(matchable.map((b) => [b.token.toLowerCase(), b]))

/** A flat copy of a string, so it no longer references the (large) string it was sliced from. */
export function ownString(s: string): string {
  return ` ${s}`.slice(1)
}

const uaCache = new Map<string, BotEntry | null>()

/** The bot a user agent claims to be, or null. Cached: logs repeat a few thousand agents millions of times. */
export function botForUserAgent(ua: string): BotEntry | null {
  const cached = uaCache.get(ua)
  if (cached !== undefined) return cached
  const m = tokenRe.exec(ua)
  const bot = m ? (byLowerToken.get(m[0].toLowerCase()) ?? null) : null
  if (uaCache.size > 20_000) uaCache.clear() // bounded: a log of random agents must not grow memory
  // A copy of the key: the agent is a slice of a megabyte-long chunk of the file, and a cached slice would
  // keep the whole chunk alive.
  uaCache.set(ownString(ua), bot)
  return bot
}
