// The crawler: leases URLs from the frontier, fetches each through the guarded hop client at the host's
// pace, records one row per URL (redirect hops and robots.txt-blocked URLs included) and feeds the links
// it finds back to the frontier. It knows nothing about storage: the frontier does.
import { EngineError, isEngineError } from '../errors.ts'
import type { GuardOptions } from '../fetch/guard.ts'
import { parseTargetUrl } from '../fetch/guard.ts'
import { needsRendering, type RenderMode, type RenderReason, rawFactsOf } from '../render/facts.ts'
import { defaultRenderConcurrency, type RenderPool, startRenderPool } from '../render/pool.ts'
import { type Frontier, MemoryFrontier } from './frontier.ts'
import { createHopClient, errorCode, type HopClient, type HopResult } from './hop.ts'
import { inScope, normalizeUrl, pathKey, scopeHost } from './normalize.ts'
import { verifyOwner } from './owner.ts'
import { pageParser, parseThreadsFor } from './parse-pool.ts'
import {
  ADAPTIVE_CEILING,
  type Clock,
  HostGate,
  type PaceState,
  type PolitenessOptions,
  parseRetryAfter,
  politeDefaults,
  realClock,
} from './politeness.ts'
import { loadRobots, type RobotsRules, readSitemaps } from './robots-sitemaps.ts'
import type { CrawlPage, CrawlProgress, CrawlStats, CrawlTables, FrontierEntry, UrlSource } from './types.ts'

export interface CrawlOptions extends GuardOptions {
  /** Default 500. */
  maxPages?: number
  /** Link depth limit (the start URL is 0). Default 50. */
  maxDepth?: number
  /** Requests in flight per host, fixed. Default: adaptive, from 2 in flight 500 ms apart up to
   *  `ceiling` while the server keeps up; asking for a number also drops the spacing (robots.txt's
   *  Crawl-delay and the slow-down rules still apply). */
  concurrency?: number
  /** The most requests in flight the adaptive pace may reach. Default 8 (ADAPTIVE_CEILING); 2 keeps the
   *  polite start all along. Ignored with `concurrency`. */
  ceiling?: number
  /** The site's owner proved control of it: with the token found in the start host's root page's
   *  `<meta name="farol-verification">` or in /.well-known/farol-verification.txt, the start host's
   *  ceiling becomes `ceiling` (the server's FAROL_CRAWL_OWNER_MAX). */
  owner?: { token: string; ceiling: number }
  /** Spacing between request starts per host, ms; overrides the default that goes with `concurrency`. */
  minIntervalMs?: number
  includeSubdomains?: boolean
  /** URLs per path differing only by their query string. Default 25. */
  maxQueryVariants?: number
  /** Default 2048. */
  maxUrlLength?: number
  /** Wall time, seconds: no new request starts after it. Default 3600. */
  maxSeconds?: number
  /** Read robots.txt sitemaps and /sitemap.xml. Default true. */
  sitemaps?: boolean
  userAgent?: string
  /** Retries after a 429/503 (each after the host's pause). Default 2. */
  maxRetries?: number
  frontier?: Frontier
  /** Read every page back from the frontier at the end (`tables.pages`). Default true; a server crawl
   *  keeps its pages in the database and runs the checks there, so it says false. */
  keepPages?: boolean
  /** Threads parsing pages beside the crawler's. Default: none for a polite crawl (concurrency <= 2),
   *  else one per core but one (parse-pool.ts); 0 parses on the crawler's thread. */
  parseThreads?: number
  signal?: AbortSignal
  onProgress?: (progress: CrawlProgress) => void
  /** Each host's pace after each answer (the adaptive decisions, for tests and logs). */
  onPace?: (origin: string, pace: PaceState) => void
  /** Render pages in Chromium (render/): 'on', 'off' (default) or 'auto' (when the start page's raw HTML
   *  has little text or few links compared with its rendered DOM). */
  render?: RenderMode
  /** Tabs rendering at once. Default: from the cores and free memory (defaultRenderConcurrency). */
  renderConcurrency?: number
  /** Per-page render time limit, ms. Default 15,000. */
  renderTimeoutMs?: number
  /** Called for each request of Chromium's that the egress proxy refuses. */
  onRenderRefused?: (target: string, reason: string) => void
  /** Testing seams. */
  clock?: Clock
  hopClient?: HopClient
}

export interface CrawlRun {
  tables: CrawlTables
  stats: CrawlStats
  /** Why the crawl stopped: everything reachable was crawled, or a limit/abort cut it short. */
  stoppedBy: 'done' | 'max-pages' | 'max-seconds' | 'aborted'
  /** Each host's pace at the end: its floor (configured spacing or Crawl-delay) and current spacing, ms,
   *  and the requests in flight it allowed at the end and at most. */
  hosts: Record<string, { floorMs: number; intervalMs: number; limit: number; ceiling: number }>
  /** Whether the owner's token was found on the site (absent when none was given). */
  ownerVerified?: boolean
  /** Render mode: whether pages were rendered and why (absent when rendering was not asked for). */
  render?: { mode: RenderMode; rendered: boolean; reason: RenderReason; concurrency: number }
}

function politenessFor(options: CrawlOptions): PolitenessOptions {
  if (options.concurrency === undefined) {
    return {
      ...politeDefaults,
      ceiling: options.ceiling ?? ADAPTIVE_CEILING,
      ...(options.minIntervalMs !== undefined ? { minIntervalMs: options.minIntervalMs } : {}),
    }
  }
  return { maxConcurrent: Math.max(1, options.concurrency), minIntervalMs: options.minIntervalMs ?? 0 }
}

function emptyPage(entry: FrontierEntry): CrawlPage {
  return {
    url: entry.url,
    depth: entry.depth,
    source: entry.source,
    status: null,
    blockedByRobots: false,
    error: null,
    redirectTo: null,
    contentType: null,
    title: null,
    description: null,
    h1: null,
    canonical: null,
    invalidCanonical: null,
    noindex: false,
    nofollow: false,
    hreflang: [],
    links: [],
    contentHash: null,
    minhash: null,
    wordCount: 0,
    bytes: 0,
    firstByteMs: null,
    totalMs: null,
    indexable: false,
    fetchedAt: new Date().toISOString(),
  }
}

/** Crawls a site from `startUrl`. Throws EngineError only for a start URL that cannot be crawled at all. */
export async function crawl(startUrl: string, options: CrawlOptions = {}): Promise<CrawlRun> {
  const start = normalizeUrl(parseTargetUrl(startUrl, options).href)
  if (!start) throw new EngineError('INVALID_URL', startUrl)
  const maxPages = options.maxPages ?? 500
  const maxDepth = options.maxDepth ?? 50
  const maxQueryVariants = options.maxQueryVariants ?? 25
  const maxUrlLength = options.maxUrlLength ?? 2048
  const maxRetries = options.maxRetries ?? 2
  const politeness = politenessFor(options)
  const parseThreads = options.parseThreads ?? parseThreadsFor(politeness.maxConcurrent)
  // With parsing threads, twice as many pages in progress as requests in flight: while one page is
  // parsed, the host's gate lets the next request go. Workers up to the highest ceiling; only as many
  // as the start host's current limit hold a leased URL (a leased URL waiting long at a slowed host's
  // gate could outlive its lease on a shared crawl).
  const perRequest = parseThreads > 0 ? 2 : 1
  const highest = Math.max(politeness.maxConcurrent, politeness.ceiling ?? 0, options.owner?.ceiling ?? 0)
  // Render mode: Chromium's tabs (one browser, N tabs) beside the raw fetches. A missing Chromium is an
  // error when rendering was asked for, and a raw crawl that says why in `auto`, where Chromium starts
  // while robots.txt, the sitemaps and the start page's raw HTML are fetched.
  const renderMode: RenderMode = options.render ?? 'off'
  let renderer: RenderPool | null = null
  let renderReason: RenderReason = renderMode === 'auto' ? 'auto-not-needed' : 'asked'
  const launching: Promise<RenderPool | null> =
    renderMode === 'off'
      ? Promise.resolve(null)
      : startRenderPool({
          ...(options.allowPrivate !== undefined ? { allowPrivate: options.allowPrivate } : {}),
          ...(options.resolver ? { resolver: options.resolver } : {}),
          ...(options.isBlocked ? { isBlocked: options.isBlocked } : {}),
          ...(options.renderConcurrency ? { concurrency: options.renderConcurrency } : {}),
          ...(options.renderTimeoutMs ? { timeoutMs: options.renderTimeoutMs } : {}),
          ...(options.onRenderRefused ? { onRefused: options.onRenderRefused } : {}),
        }).catch((error: unknown) => {
          if (renderMode === 'on')
            throw isEngineError(error) ? error : new EngineError('CHROME_NOT_FOUND', String(error))
          renderReason = 'no-chromium'
          return null
        })
  if (renderMode === 'on') renderer = await launching
  else launching.catch(() => undefined)
  // 'deciding': auto mode until the start page (always the first page) was compared.
  let rendering: 'yes' | 'no' | 'deciding' =
    renderMode === 'off' ? 'no' : renderMode === 'auto' ? 'deciding' : 'yes'
  const renderTabs =
    renderMode === 'off'
      ? 0
      : (renderer?.concurrency ?? options.renderConcurrency ?? defaultRenderConcurrency())
  const workers = highest * perRequest + renderTabs
  const clock = options.clock ?? realClock
  const frontier = options.frontier ?? new MemoryFrontier()
  const host = scopeHost(start)
  const scope = { includeSubdomains: options.includeSubdomains ?? false }
  const isInternal = (url: string) => inScope(url, host, scope)
  const parse = pageParser(parseThreads, host, scope)
  const guard: GuardOptions = {
    ...(options.allowPrivate !== undefined ? { allowPrivate: options.allowPrivate } : {}),
    ...(options.resolver ? { resolver: options.resolver } : {}),
    ...(options.isBlocked ? { isBlocked: options.isBlocked } : {}),
  }
  const textOptions = {
    ...guard,
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
    totalTimeoutMs: 20_000,
  }
  const client =
    options.hopClient ??
    createHopClient({ ...guard, ...(options.userAgent ? { userAgent: options.userAgent } : {}) })
  const startedAt = clock.now()
  const deadline = startedAt + (options.maxSeconds ?? 3600) * 1000
  const signal = options.signal

  // Per host: robots.txt (fetched once) and the politeness gate it configures.
  const robots = new Map<string, Promise<RobotsRules>>()
  const gates = new Map<string, Promise<HostGate>>()
  const robotsOf = (origin: string) => {
    let rules = robots.get(origin)
    if (!rules) {
      rules = loadRobots(origin, textOptions)
      robots.set(origin, rules)
    }
    return rules
  }
  const startOrigin = new URL(start).origin
  // The owner's token, looked for once before the start host's gate opens.
  const ownerCheck: Promise<boolean | undefined> = options.owner
    ? verifyOwner(start, options.owner.token, textOptions)
    : Promise.resolve(undefined)
  let startGate: HostGate | null = null
  const gateOf = (origin: string) => {
    let gate = gates.get(origin)
    if (!gate) {
      gate = Promise.all([robotsOf(origin), ownerCheck]).then(([r, owner]) => {
        const ceiling =
          origin === startOrigin && owner && options.owner && politeness.ceiling !== undefined
            ? Math.max(politeness.ceiling, options.owner.ceiling)
            : politeness.ceiling
        const made = new HostGate(
          { ...politeness, ...(ceiling !== undefined ? { ceiling } : {}) },
          r.crawlDelay,
          clock,
        )
        if (origin === startOrigin) startGate = made
        const onPace = options.onPace
        if (onPace) made.onPace = (pace) => onPace(origin, pace)
        return made
      })
      gates.set(origin, gate)
    }
    return gate
  }
  /** Workers allowed to hold a leased URL now: the start host's current limit (its gate once open). */
  const holding = () =>
    (startGate ? startGate.pace.limit : politeness.maxConcurrent) * perRequest +
    (rendering === 'no' ? 0 : renderTabs)
  let held = 0

  // URL limits apply when a URL is discovered: these counters are per process (each worker of a shared
  // server crawl keeps its own, so the query-variant limit is per worker there).
  const variants = new Map<string, Set<string>>()
  const admissible = (url: string): boolean => {
    if (url.length > maxUrlLength) return false
    if (!url.includes('?')) return true
    const key = pathKey(url)
    let seen = variants.get(key)
    if (!seen) {
      seen = new Set()
      variants.set(key, seen)
    }
    if (seen.has(url)) return true
    if (seen.size >= maxQueryVariants) return false
    seen.add(url)
    return true
  }
  // `internal`: a page's links already carry it (pageFacts asked isInternal), so it is not parsed twice.
  const discover = (
    url: string,
    depth: number | null,
    source: UrlSource,
    internal = isInternal(url),
  ): FrontierEntry | null => {
    if (!internal || !admissible(url)) return null
    if (depth !== null && depth > maxDepth) return null
    return { url, depth, source }
  }

  await frontier.add([{ url: start, depth: 0, source: 'start' }])
  if (options.sitemaps !== false) {
    const origin = new URL(start).origin
    const rules = await robotsOf(origin)
    const files = rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', origin).href]
    const listed = (await readSitemaps(files, textOptions)).filter(isInternal)
    await frontier.addSitemapUrls(listed)
    await frontier.add(listed.map((url) => ({ url, depth: null, source: 'sitemap' as const })))
  }

  const fetchPolitely = async (entry: FrontierEntry, origin: string): Promise<HopResult | string> => {
    const gate = await gateOf(origin)
    for (let attempt = 0; ; attempt++) {
      await gate.acquire(signal)
      const began = clock.now()
      let result: HopResult | string
      try {
        result = await client.fetch(entry.url, signal)
      } catch (error) {
        if (signal?.aborted) {
          gate.release({ status: null, ms: clock.now() - began })
          throw signal.reason
        }
        result = errorCode(error)
      }
      const status = typeof result === 'string' ? null : result.status
      const retryAfterMs = typeof result === 'string' ? null : parseRetryAfter(result.headers['retry-after'])
      // A refused address or a bad URL is not the server's load: it must not slow the host down.
      const networkFailure =
        typeof result === 'string' && result !== 'BLOCKED_ADDRESS' && result !== 'INVALID_URL'
      gate.release({
        status: networkFailure ? null : (status ?? 200),
        ms: typeof result === 'string' ? clock.now() - began : result.firstByteMs,
        retryAfterMs,
      })
      if ((status === 429 || status === 503) && attempt < maxRetries) continue
      return result
    }
  }

  /** Renders a fetched HTML page into its row (render.raw keeps the raw facts); the raw links to follow. */
  const renderInto = async (
    page: CrawlPage,
    entry: FrontierEntry,
    headers: Record<string, string>,
  ): Promise<string[]> => {
    const raw = rawFactsOf(page)
    if (!renderer) renderer = await launching
    if (!renderer) {
      // auto, and no Chromium: the crawl stays raw (renderReason says why).
      rendering = 'no'
      return []
    }
    // The start page waits in Chromium for seconds on a busy machine: tell the reader the crawl is going.
    report().catch(() => undefined)
    const result = await renderer.render(entry.url, signal)
    const blockedResources: string[] = []
    for (const resource of result.resources) {
      let origin: string
      try {
        origin = new URL(resource.url).origin
      } catch {
        continue
      }
      if (!/^https?:/.test(resource.url)) continue
      if (!(await robotsOf(origin)).isAllowed(resource.url)) blockedResources.push(resource.url)
    }
    const render = {
      error: result.ok ? null : result.error,
      ...(result.ok ? {} : { detail: result.detail }),
      raw,
      scriptErrors: result.scriptErrors,
      blockedResources,
      ms: result.ms,
    }
    if (!result.ok) {
      if (rendering === 'deciding') {
        rendering = 'no'
        renderReason = 'auto-render-failed'
        await renderer!.close()
        return []
      }
      page.render = render
      return []
    }
    const rendered = await parse(entry.url, result.html, headers)
    if (rendering === 'deciding') {
      const why = needsRendering(raw, rawFactsOf(rendered))
      if (!why) {
        rendering = 'no'
        await renderer!.close()
        return []
      }
      rendering = 'yes'
      renderReason = why
    }
    Object.assign(page, rendered)
    page.render = render
    const renderedLinks = new Set(page.nofollow ? [] : page.links.map((l) => l.url))
    return raw.links.filter((url) => !renderedLinks.has(url))
  }

  const visit = async (entry: FrontierEntry): Promise<void> => {
    const page = emptyPage(entry)
    const origin = new URL(entry.url).origin
    const rules = await robotsOf(origin)
    if (!rules.isAllowed(entry.url)) {
      page.blockedByRobots = true
      await frontier.complete(page)
      return
    }
    const result = await fetchPolitely(entry, origin)
    page.fetchedAt = new Date().toISOString()
    if (typeof result === 'string') {
      page.error = result
      await frontier.complete(page)
      return
    }
    page.status = result.status
    page.contentType = result.contentType
    page.bytes = result.bytes
    page.firstByteMs = Math.round(result.firstByteMs)
    page.totalMs = Math.round(result.totalMs)
    const found: FrontierEntry[] = []
    const childDepth = entry.depth === null ? null : entry.depth + 1
    if (result.location) {
      page.redirectTo = normalizeUrl(result.location, entry.url)
      // A redirect target is the same click away as the URL that redirects to it.
      const next = page.redirectTo && discover(page.redirectTo, entry.depth, 'redirect')
      if (next) found.push(next)
    }
    if (result.html !== null && result.status >= 200 && result.status < 300) {
      Object.assign(page, await parse(entry.url, result.html, result.headers))
      // Render mode: the row's facts become the rendered DOM's; the raw HTML's links are followed too.
      const rawLinks = rendering === 'no' ? [] : await renderInto(page, entry, result.headers)
      page.indexable =
        result.status === 200 && !page.noindex && (page.canonical === null || page.canonical === entry.url)
      for (const link of page.links) {
        // Search engines do not follow nofollow links; neither does the crawl.
        if (!link.internal || link.nofollow || page.nofollow) continue
        const next = discover(link.url, childDepth, 'link', true)
        if (next) found.push(next)
      }
      for (const url of rawLinks) {
        const next = discover(url, childDepth, 'link', true)
        if (next) found.push(next)
      }
      if (page.canonical && page.canonical !== entry.url) {
        const next = discover(page.canonical, childDepth, 'canonical')
        if (next) found.push(next)
      }
      for (const alternate of page.hreflang) {
        const next = alternate.url !== entry.url && discover(alternate.url, childDepth, 'hreflang')
        if (next) found.push(next)
      }
    }
    // Links first, then the row: a crash between the two re-fetches this page on resume, and then the
    // links are added again (idempotently); the other order could lose them.
    await frontier.add(found)
    await frontier.complete(page)
  }

  let stoppedBy: CrawlRun['stoppedBy'] = 'done'
  // Workers with nothing to lease wait here until a page in flight finishes (it may add links).
  let waiting: (() => void)[] = []
  const notify = () => {
    const woken = waiting
    waiting = []
    for (const resolve of woken) resolve()
  }
  let lastProgress = 0
  const report = async (force = false) => {
    if (!options.onProgress) return
    const now = clock.now()
    if (!force && now - lastProgress < 250) return
    lastProgress = now
    const counts = await frontier.counts()
    const elapsedMs = now - startedAt
    const pace = startGate?.pace
    options.onProgress({
      pages: counts.done,
      queued: counts.pending,
      inFlight: counts.leased,
      rate: elapsedMs > 0 ? (counts.done / elapsedMs) * 1000 : 0,
      elapsedMs,
      ...(pace
        ? {
            pace: {
              limit: pace.limit,
              ceiling: pace.ceiling,
              intervalMs: Math.round(pace.intervalMs),
              reason: pace.reason,
            },
          }
        : {}),
    })
  }

  const worker = async (): Promise<void> => {
    for (;;) {
      if (signal?.aborted) {
        stoppedBy = 'aborted'
        return
      }
      if (clock.now() > deadline) {
        stoppedBy = 'max-seconds'
        return
      }
      if (held >= holding()) {
        await Promise.race([new Promise<void>((resolve) => waiting.push(resolve)), clock.sleep(100)])
        continue
      }
      held++
      let entry: FrontierEntry | undefined
      try {
        ;[entry] = await frontier.lease(1, maxPages)
      } finally {
        if (!entry) held--
      }
      if (!entry) {
        const counts = await frontier.counts()
        // Pending URLs with nothing in flight and budget left are leasable now: an empty answer was
        // stale (another worker, or another process sharing the crawl, finished a page meanwhile).
        if (counts.leased === 0 && (counts.pending === 0 || counts.done >= maxPages)) {
          if (counts.pending > 0) stoppedBy = 'max-pages'
          // Another process may still hold leases on a shared crawl; it finishes them itself.
          notify()
          return
        }
        if (counts.leased === 0) continue
        // Wait for a page in flight to finish (it may add links), or poll: other workers share the frontier.
        // Polling too: on a shared crawl, other processes' pages finish without telling us.
        await Promise.race([new Promise<void>((resolve) => waiting.push(resolve)), clock.sleep(100)])
        continue
      }
      try {
        await visit(entry)
      } finally {
        held--
        notify()
      }
      await report()
    }
  }

  try {
    await Promise.all(Array.from({ length: workers }, worker))
  } catch (error) {
    if (!signal?.aborted) throw error
    stoppedBy = 'aborted'
  } finally {
    if (!options.hopClient) await client.close()
    await (renderer ?? (await launching.catch(() => null)))?.close()
  }
  await report(true)
  const pages = options.keepPages === false ? [] : await frontier.pages()
  const seconds = (clock.now() - startedAt) / 1000
  const done = options.keepPages === false ? (await frontier.counts()).done : pages.length
  const fetched = options.keepPages === false ? done : pages.filter((p) => !p.blockedByRobots).length
  const hosts: CrawlRun['hosts'] = {}
  for (const [origin, gate] of gates) {
    const { floorMs, intervalMs, limit, ceiling } = (await gate).pace
    hosts[origin] = { floorMs, intervalMs: Math.round(intervalMs), limit, ceiling }
  }
  const ownerVerified = await ownerCheck
  return {
    hosts,
    ...(ownerVerified !== undefined ? { ownerVerified } : {}),
    ...(renderMode !== 'off'
      ? {
          render: {
            mode: renderMode,
            rendered: rendering === 'yes',
            reason: renderReason,
            concurrency: renderTabs,
          },
        }
      : {}),
    tables: { startUrl: start, pages, sitemapUrls: await frontier.sitemapUrls() },
    stats: { pages: done, seconds, urlsPerSecond: seconds > 0 ? fetched / seconds : 0 },
    stoppedBy,
  }
}
