// Task kind `site_crawl` (issue #18): `requested_data: { url, maxPages }`, signed in only. The crawl runs
// on the PostgreSQL frontier keyed by the task id, so a retried job (after a crash or kill -9) resumes
// the same crawl. Progress streams pages, rate, queue and ETA; the result is the crawl report (issues by
// type with their URLs and sources, pages with their link score).
import { EngineError } from '@farol/engine'
import {
  type CrawlProgress,
  type CrawlStats,
  crawl,
  type IssueDetail,
  isNearDuplicateThreshold,
  type SiteIssue,
  type TemplateSample,
} from '@farol/engine/crawl/index.ts'
import { type RenderMode, type RenderReason, renderReasonText } from '@farol/engine/render/facts.ts'
import { z } from 'zod'
import { AppError } from '../../platform/errors.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { compactAfterCrawl, frontierOptions } from './compact.ts'
import { ensureCrawl, PgFrontier, pagesCrawledToday } from './frontier.ts'
import { ownerToken } from './owner.ts'
import {
  type ComparisonRefused,
  looksLikeAppShell,
  type NeedsRendering,
  readingOf,
  refusalWith,
  startPage,
} from './render-truth.ts'
import {
  type CrawlComparison,
  compareCrawls,
  finishCrawl,
  issueSummaries,
  listPages,
  type PageRow,
  previousCrawl,
  sampleFromStore,
  startFailure,
} from './store.ts'

export interface SiteCrawlInput {
  url: string
  maxPages: number
  /** Estimated similarity (0.5-1) from which pages are near duplicates; absent: the engine's 0.90. */
  nearDuplicate?: number
  /** Render pages in Chromium (issue 30): 'on', 'off', or 'auto' (when the start page needs it). Absent:
   *  off (the page sends 'auto' by default). */
  render?: RenderMode
}

/** What the page shows while the crawl runs (and keeps at the end). */
export interface SiteCrawlProgress {
  pages: number
  queued: number
  /** Pages per second. */
  rate: number
  /** Seconds left at the current rate, for the pages still allowed; null before the rate is known. */
  etaSeconds: number | null
  maxPages: number
  /** The site's pace now and why (requests in flight, spacing, a reason code the page translates). */
  pace?: CrawlProgress['pace']
}

type Localized = { pt: string; en: string }

/**
 * An issue with its check's name and advice in both languages (the page shows the reader's). `urls` and
 * `details` hold the first rows only (store.ts TOP_ROWS); `count` is the whole; the rest are paged from the
 * crawl's tables (GET /api/site-audit/crawls/:id/issues).
 */
export type SiteCrawlIssue = SiteIssue & {
  /** Absent in results stored before issue #28 (then `urls` holds them all). */
  count?: number
  details?: Record<string, IssueDetail & Record<string, unknown>>
  title: Localized
  description: Localized
}

export type SiteCrawlResult = {
  stats: CrawlStats
  issues: SiteCrawlIssue[]
  /** The best-linked pages (the rest: GET /api/site-audit/crawls/:id/pages). */
  pages: PageRow[]
  /** The crawl's id (its tables are keyed by it; it is the task's id). */
  crawlId?: string
  /** Compared with the user's previous crawl of the same start URL; null for a first crawl. */
  comparison?: CrawlComparison | null
  /** The previous crawl read pages another way (rendered or raw HTML): not compared (issue 41). */
  comparisonRefused?: ComparisonRefused
  /** A raw crawl whose start page is a JavaScript app's shell: the site needs rendering (issue 41). */
  needsRendering?: NeedsRendering
  /** One page per URL template to run Lighthouse on (the single-page analysis), best-linked first. */
  sample: TemplateSample[]
  url: string
  progress: SiteCrawlProgress
  /** True while the crawl runs (partial results), false in the final result. */
  partial: boolean
  stoppedBy: 'done' | 'max-pages' | 'max-seconds' | 'aborted'
  /** The requester's verification token was found on the site (it was crawled at the owner's pace). */
  ownerVerified?: boolean
  /** The near-duplicate similarity used. */
  nearDuplicate?: number
  /** Rendered crawls: whether pages were rendered in Chromium and why, in both languages. */
  render?: { mode: RenderMode; rendered: boolean; reason: RenderReason; text: Localized }
}

/** How many of the best-linked pages the result carries. */
export const RESULT_PAGES = 100

const requestedData = z.object({
  url: z.string().max(2048),
  maxPages: z.coerce.number().optional(),
  // Read below: a non-number is CRAWL_NEAR_DUPLICATE, not the generic URL_REQUIRED.
  nearDuplicate: z.union([z.number(), z.string()]).optional(),
  // Read below: anything else is CRAWL_RENDER_MODE, not the generic URL_REQUIRED.
  render: z.unknown().optional(),
})

const renderModes = new Set<unknown>(['on', 'off', 'auto'])

/** Boundary rules; pure apart from the URL rules. */
export function parseSiteCrawlRequest(
  data: unknown,
  allowPrivate: boolean,
  maxAllowed: number,
): SiteCrawlInput {
  const parsed = requestedData.safeParse(data)
  if (!parsed.success) throw new AppError('URL_REQUIRED', parsed.error.message)
  const maxPages = parsed.data.maxPages ?? Math.min(100, maxAllowed)
  if (!Number.isInteger(maxPages) || maxPages < 1 || maxPages > maxAllowed)
    throw new AppError('CRAWL_MAX_PAGES')
  if (parsed.data.render !== undefined && !renderModes.has(parsed.data.render))
    throw new AppError('CRAWL_RENDER_MODE')
  const raw = parsed.data.nearDuplicate
  const nearDuplicate =
    raw === undefined ? undefined : typeof raw === 'string' && !raw.trim() ? Number.NaN : Number(raw)
  if (nearDuplicate !== undefined && !isNearDuplicateThreshold(nearDuplicate))
    throw new AppError('CRAWL_NEAR_DUPLICATE')
  return {
    url: normalizeTaskUrl(parsed.data.url, allowPrivate),
    maxPages,
    ...(nearDuplicate !== undefined ? { nearDuplicate } : {}),
    ...(parsed.data.render !== undefined && parsed.data.render !== 'off'
      ? { render: parsed.data.render as RenderMode }
      : {}),
  }
}

export function etaSeconds(pages: number, queued: number, rate: number, maxPages: number): number | null {
  if (rate <= 0) return null
  const left = Math.max(0, Math.min(maxPages, pages + queued) - pages)
  return Math.round(left / rate)
}

export const capability: Capability<SiteCrawlInput, SiteCrawlResult> = {
  kind: 'site_crawl',
  loginRequired: true,
  // A polite crawl of 1,000 pages takes ~8 minutes; the job's own wall-time limit stops it before this.
  expireInSeconds: 3600,
  retryLimit: 2,
  reuse: false,
  parse(data, ctx) {
    const input = parseSiteCrawlRequest(data, ctx.allowPrivate, ctx.config.crawl.maxPages)
    return { url: input.url, input }
  },
  async run(ctx, input) {
    // The quota counts pages already fetched in the last 24 h by this user's other crawls; a resumed
    // crawl does not count against itself.
    let maxPages = input.maxPages
    if (ctx.userId) {
      const used = await pagesCrawledToday(ctx.db, ctx.userId, ctx.taskId)
      const left = ctx.config.crawl.pageQuota - used
      if (left <= 0) throw new AppError('CRAWL_QUOTA_EXCEEDED')
      maxPages = Math.min(maxPages, left)
    }
    await ensureCrawl(ctx.db, { id: ctx.taskId, userId: ctx.userId, startUrl: input.url, maxPages })
    const frontier = new PgFrontier(ctx.db, ctx.taskId, frontierOptions(ctx.config))
    await ctx.progress('crawling', 1)
    let last = 0
    let writing: Promise<void> = Promise.resolve()
    const run = await crawl(input.url, {
      frontier,
      keepPages: false,
      maxPages,
      maxSeconds: 3300,
      allowPrivate: ctx.config.allowPrivateTargets,
      ...(ctx.config.crawl.concurrency ? { concurrency: ctx.config.crawl.concurrency } : {}),
      // The owner's token on the site lifts the adaptive ceiling (FAROL_CRAWL_OWNER_MAX).
      ...(ctx.userId ? { owner: { token: ownerToken(ctx.userId), ceiling: ctx.config.crawl.ownerMax } } : {}),
      ...(input.render ? { render: input.render } : {}),
      ...(ctx.config.crawl.renderTimeoutSeconds
        ? { renderTimeoutMs: ctx.config.crawl.renderTimeoutSeconds * 1000 }
        : {}),
      signal: ctx.signal,
      onProgress(p) {
        // About once a second: each write replaces the task's partial results.
        if (p.elapsedMs - last < 1000) return
        last = p.elapsedMs
        const progress: SiteCrawlProgress = {
          pages: p.pages,
          queued: p.queued,
          rate: Math.round(p.rate * 10) / 10,
          etaSeconds: etaSeconds(p.pages, p.queued, p.rate, maxPages),
          maxPages,
          ...(p.pace ? { pace: p.pace } : {}),
        }
        const percent = Math.min(95, Math.max(1, Math.round((p.pages / maxPages) * 95)))
        writing = writing
          .then(() => ctx.progress('crawling', percent, { url: input.url, progress, partial: true }))
          .catch((error) => ctx.log.warn({ err: error }, 'crawl progress write failed'))
      },
    })
    await writing
    await frontier.flush()
    if (run.stoppedBy === 'aborted') throw new EngineError('TOTAL_TIMEOUT', 'crawl aborted')
    // A start page that could not be fetched at all is the task's failure, with its translated reason.
    const failure = await startFailure(ctx.db, ctx.taskId, run.tables.startUrl)
    if (failure) throw new EngineError(failure as ConstructorParameters<typeof EngineError>[0], input.url)
    // The checks run as queries over the crawl's tables; the result keeps counts and the first rows.
    await finishCrawl(
      ctx.db,
      ctx.taskId,
      input.nearDuplicate !== undefined ? { nearDuplicateThreshold: input.nearDuplicate } : {},
    )
    const issues = await issueSummaries(ctx.db, ctx.taskId)
    const previous = await previousCrawl(ctx.db, ctx.taskId)
    const reading = readingOf(run.render)
    const refused = previous ? await refusalWith(ctx.db, previous, reading) : null
    const start = reading === 'raw' ? await startPage(ctx.db, ctx.taskId, run.tables.startUrl) : null
    const shell = looksLikeAppShell(start) ? start : null
    const counts = await frontier.counts()
    ctx.log.info(
      { pages: run.stats.pages, issues: issues.length, stoppedBy: run.stoppedBy },
      'site crawl finished',
    )
    const result: SiteCrawlResult = {
      stats: run.stats,
      issues: issues as SiteCrawlIssue[],
      pages: (await listPages(ctx.db, ctx.taskId, { sort: 'linkScore', limit: RESULT_PAGES })).rows,
      crawlId: ctx.taskId,
      comparison: previous && !refused ? await compareCrawls(ctx.db, ctx.taskId, previous) : null,
      ...(refused ? { comparisonRefused: refused } : {}),
      ...(shell
        ? {
            needsRendering: {
              words: shell.words,
              mode: run.render?.mode ?? 'off',
              reason: run.render && !run.render.rendered ? run.render.reason : null,
            },
          }
        : {}),
      sample: await sampleFromStore(ctx.db, ctx.taskId),
      url: input.url,
      partial: false,
      stoppedBy: run.stoppedBy,
      ...(run.ownerVerified !== undefined ? { ownerVerified: run.ownerVerified } : {}),
      ...(input.nearDuplicate !== undefined ? { nearDuplicate: input.nearDuplicate } : {}),
      ...(run.render
        ? {
            render: {
              mode: run.render.mode,
              rendered: run.render.rendered,
              reason: run.render.reason,
              text: renderReasonText[run.render.reason],
            },
          }
        : {}),
      progress: {
        pages: run.stats.pages,
        queued: counts.pending,
        rate: Math.round(run.stats.urlsPerSecond * 10) / 10,
        etaSeconds: 0,
        maxPages,
      },
    }
    // On the embedded database, the crawl's dead frontier rows are vacuumed and the log checkpointed once
    // the result is read (decision 043); PostgreSQL's own processes do this.
    await compactAfterCrawl(ctx.db, ctx.config)
    return result
  },
}
