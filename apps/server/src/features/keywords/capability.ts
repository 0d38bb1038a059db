// Task kind `keyword_research` (issue #16): `requested_data: { keyword?, url?, lang, country }` — a
// keyword, or a page's address to seed from its text (or both: the page's terms join the related ones).
// Results `{ related, longTail, sources, ... }`, streamed as partial results while the long tail grows.
// Spec §6: signed in only; §5: an empty search does nothing (the page never sends it; the API refuses it).
import { EngineError, isEngineError, safeFetch } from '@farol/engine'
import {
  AutocompleteProvider,
  crawlPagesForKeywords,
  DataForSeoProvider,
  type KeywordResearchResult,
  type Market,
  researchKeywords,
  SiteProvider,
} from '@farol/engine/keywords/index.ts'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { crawlScopeOf, latestCrawl, type SiteCrawlResult } from '../site-audit/public.ts'
import { dbKeywordCache, pruneKeywordCache } from './cache.ts'

export interface KeywordInput {
  /** The seed as typed (tidied); null when seeding from the page. */
  keyword: string | null
  /** The page to read (user-typed, normalised under the SSRF rules); null when not given. */
  url: string | null
  lang: Market['lang']
  country: Market['country']
}

const requestedData = z.object({
  keyword: z.string().max(500).optional(),
  url: z.string().max(2048).optional(),
  lang: z.enum(['pt', 'en']).default('pt'),
  country: z.enum(['PT', 'BR', 'US']).default('PT'),
})

/** Boundary rules; pure apart from the URL rules. */
export function parseKeywordRequest(data: unknown, allowPrivate: boolean): KeywordInput {
  const parsed = requestedData.safeParse(data)
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message)
  const keyword = (parsed.data.keyword ?? '').replace(/\s+/g, ' ').trim()
  const rawUrl = (parsed.data.url ?? '').trim()
  if (!keyword && !rawUrl) throw new AppError('KEYWORD_REQUIRED')
  if (keyword.length > 80) throw new AppError('KEYWORD_TOO_LONG')
  return {
    keyword: keyword || null,
    url: rawUrl ? normalizeTaskUrl(rawUrl, allowPrivate) : null,
    lang: parsed.data.lang,
    country: parsed.data.country,
  }
}

/**
 * One autocomplete client per process and endpoint: its throttle and 429 cool-down must hold across
 * concurrent tasks, or four searches at once would each keep their own polite pace.
 */
const autocompleteClients = new WeakMap<Db, Map<string, AutocompleteProvider>>()
function autocompleteFor(config: Config, db: Db): AutocompleteProvider {
  const key = config.keywords.autocompleteUrl ?? ''
  let clients = autocompleteClients.get(db)
  if (!clients) {
    clients = new Map()
    autocompleteClients.set(db, clients)
  }
  let client = clients.get(key)
  if (!client) {
    client = new AutocompleteProvider({ baseUrl: config.keywords.autocompleteUrl, cache: dbKeywordCache(db) })
    clients.set(key, client)
  }
  return client
}

export const capability: Capability<KeywordInput, KeywordResearchResult> = {
  kind: 'keyword_research',
  loginRequired: true,
  expireInSeconds: 180,
  parse(data, ctx) {
    const input = parseKeywordRequest(data, ctx.allowPrivate)
    return { url: input.url ?? '', input }
  },
  async run(ctx, input) {
    const market: Market = { lang: input.lang, country: input.country }
    let site: SiteProvider | null = null
    let siteError: string | null = null
    let pageSeed: string | null = null
    let sitePages: string[] = []
    if (input.url) {
      await ctx.progress('fetching', 5)
      try {
        const page = await safeFetch(input.url, {
          allowPrivate: ctx.config.allowPrivateTargets,
          signal: ctx.signal,
          headers: { 'Accept-Language': input.lang === 'pt' ? 'pt-PT,pt;q=0.9' : 'en;q=0.9' },
        })
        if (page.status < 200 || page.status >= 300)
          throw new EngineError('NETWORK_ERROR', `HTTP ${page.status}`)
        // The seed comes from the page the user named; the site's other pages only widen the terms.
        pageSeed = new SiteProvider([page.body]).topKeyword(market)
        const others = await crawledPages(ctx, input.url, input.lang)
        sitePages = others.map((o) => o.url)
        site = new SiteProvider([page.body, ...others.map((o) => o.body)])
      } catch (error) {
        // Without a keyword the page was the whole request: its failure is the task's.
        if (!input.keyword) throw error
        siteError = isEngineError(error) ? error.code : 'NETWORK_ERROR'
      }
    }
    const seed = input.keyword ?? pageSeed
    if (!seed) throw new EngineError('KEYWORDS_NO_SEED')

    const dfs = ctx.config.keywords.dataforseo
    const result = await researchKeywords({
      seed,
      market,
      url: input.url,
      autocomplete: autocompleteFor(ctx.config, ctx.db).forRun(),
      dataforseo: dfs
        ? new DataForSeoProvider({ login: dfs.login, password: dfs.password, baseUrl: dfs.url })
        : null,
      site,
      signal: ctx.signal,
      onProgress: (partial, percent) =>
        ctx.progress('expanding', percent, { ...withSiteError(partial, siteError), sitePages }),
    })
    await pruneKeywordCache(ctx.db).catch((error) =>
      ctx.log.warn({ err: error }, 'keyword cache prune failed'),
    )
    const final = { ...withSiteError(result, siteError), sitePages }
    // Nothing at all and a provider failed: the failure is the answer (translated on the page).
    if (final.related.length === 0 && final.longTail.length === 0) {
      const failed = final.sources.find((s) => s.errorCode)
      if (failed?.errorCode) throw new EngineError(failed.errorCode as never, 'no keyword source answered')
    }
    ctx.log.info(
      { related: final.related.length, longTail: final.longTail.length, sources: final.sources },
      'keyword research finished',
    )
    return final
  },
}

/**
 * The text of the best-linked pages of the user's latest crawl of the site (at most 10, 3 at a time,
 * through the SSRF-guarded fetcher); a page that fails is left out. None without a crawl.
 */
async function crawledPages(
  ctx: Parameters<Capability<KeywordInput, KeywordResearchResult>['run']>[0],
  url: string,
  lang: Market['lang'],
): Promise<{ url: string; body: string }[]> {
  if (!ctx.userId) return []
  const crawl = await latestCrawl(
    ctx.db,
    crawlScopeOf({ workspaceId: ctx.workspaceId, userId: ctx.userId }),
    url,
  )
  const pages = (crawl?.results as Partial<SiteCrawlResult> | null)?.pages
  const urls = Array.isArray(pages) ? crawlPagesForKeywords(pages, url) : []
  const read: { url: string; body: string }[] = []
  for (let i = 0; i < urls.length; i += 3) {
    const batch = await Promise.all(
      urls.slice(i, i + 3).map(async (target) => {
        try {
          const page = await safeFetch(target, {
            allowPrivate: ctx.config.allowPrivateTargets,
            signal: AbortSignal.any([ctx.signal, AbortSignal.timeout(10_000)]),
            headers: { 'Accept-Language': lang === 'pt' ? 'pt-PT,pt;q=0.9' : 'en;q=0.9' },
          })
          return page.status === 200 ? { url: target, body: page.body } : null
        } catch {
          return null
        }
      }),
    )
    for (const page of batch) if (page) read.push(page)
  }
  return read
}

/** The page that could not be read shows as a failed source, not as "not used". */
function withSiteError(result: KeywordResearchResult, code: string | null): KeywordResearchResult {
  if (!code) return result
  return {
    ...result,
    sources: result.sources.map((s) =>
      s.id === 'site' ? { ...s, status: 'failed' as const, errorCode: code } : s,
    ),
  }
}
