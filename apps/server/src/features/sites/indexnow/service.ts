// IndexNow for tracked sites (issue #31): the owner gives the site's key, Farol checks the key file at
// <origin>/<key>.txt (through the SSRF-guarded fetcher) before keeping it; after each crawl of the site's
// host the URLs that changed since the previous crawl are submitted to FAROL_INDEXNOW_URL, each batch's
// answer stored for the site's section; after a monitoring run without a crawl, the sitemaps' new and
// re-dated pages (submitSitemapChanges). A batch answered 429 or not answered at all is sent again later
// on the job queue (indexNowRetryDelay), each attempt its own row.

import { loadRobots, readSitemapEntries, type SitemapEntry } from '@farol/engine/crawl/robots-sitemaps.ts'
import { fetchText } from '@farol/engine/fetch/index.ts'
import {
  type IndexNowCode,
  indexNowBatches,
  indexNowMessages,
  indexNowRetryDelay,
  isIndexNowKey,
  submitIndexNow,
} from '@farol/engine/indexnow/client.ts'
import { desc, eq, sql } from 'drizzle-orm'
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import type { Config } from '../../../platform/config.ts'
import type { Db } from '../../../platform/db/database.ts'
import {
  indexNowSubmissions,
  siteIndexNowKeys,
  siteSitemapUrls,
  trackedSites,
} from '../../../platform/db/schema.ts'
import { AppError } from '../../../platform/errors.ts'
import { backstopPollSeconds, createQueue } from '../../../platform/jobs/queue.ts'
import type { Logger } from '../../../platform/log.ts'
import { changedUrls, previousCrawl } from '../../site-audit/public.ts'

const defaultIndexNowUrl = 'https://api.indexnow.org/indexnow'
const shownSubmissions = 10
export const indexNowQueue = 'indexnow.retry'

/** A batch to send again: everything needed, since the crawl's tables may be gone by then. */
interface RetryJob {
  siteId: string
  crawlId: string | null
  urlList: string[]
  attempt: number
}

export const indexNowKeyInput = z.object({ key: z.string().trim().max(128) }).strict()

function keyLocation(siteUrl: string, key: string): string {
  return new URL(`/${key}.txt`, new URL(siteUrl).origin).href
}

/** Keeps the key once the site's key file holds it; a bad key or file is a translated error, nothing kept. */
export async function setIndexNowKey(
  deps: { db: Db; config: Config },
  site: { id: string; url: string },
  key: string,
): Promise<void> {
  if (!isIndexNowKey(key)) throw new AppError('INDEXNOW_KEY')
  const file = await fetchText(keyLocation(site.url, key), {
    allowPrivate: deps.config.allowPrivateTargets,
    totalTimeoutMs: 15_000,
    maxBytes: 64 * 1024,
  })
  if (!file.content?.includes(key)) throw new AppError('INDEXNOW_KEY_FILE')
  await deps.db
    .insert(siteIndexNowKeys)
    .values({ siteId: site.id, key, verifiedAt: new Date() })
    .onConflictDoUpdate({ target: siteIndexNowKeys.siteId, set: { key, verifiedAt: new Date() } })
}

export async function removeIndexNowKey(db: Db, siteId: string): Promise<void> {
  await db.delete(siteIndexNowKeys).where(eq(siteIndexNowKeys.siteId, siteId))
}

/** The site's key (if any) and its latest submissions with the endpoint's answer in both languages. */
export async function indexNowView(db: Db, siteId: string) {
  const [key] = await db.select().from(siteIndexNowKeys).where(eq(siteIndexNowKeys.siteId, siteId))
  const rows = await db
    .select()
    .from(indexNowSubmissions)
    .where(eq(indexNowSubmissions.siteId, siteId))
    .orderBy(desc(indexNowSubmissions.createdAt))
    .limit(shownSubmissions)
  return {
    key: key ? { key: key.key, verifiedAt: key.verifiedAt.toISOString() } : null,
    submissions: rows.map((r) => ({
      id: r.id,
      crawlId: r.crawlId,
      count: r.count,
      status: r.status,
      code: r.code as IndexNowCode,
      attempt: r.attempt,
      nextAttemptAt: r.nextAttemptAt?.toISOString() ?? null,
      message: indexNowMessages[r.code as IndexNowCode] ?? indexNowMessages.failed,
      createdAt: r.createdAt.toISOString(),
    })),
  }
}

/**
 * After a finished crawl of the site's host: submits what changed since the previous crawl, in batches of
 * at most 10,000, and stores each answer. Nothing without a key or a previous crawl to compare with (every
 * page would be "new"); never throws (the crawl is done).
 */
export async function submitChangedUrls(
  deps: { db: Db; config: Config; log: Logger; boss?: PgBoss },
  site: { id: string; url: string },
  crawlId: string,
): Promise<number> {
  try {
    const [key] = await deps.db.select().from(siteIndexNowKeys).where(eq(siteIndexNowKeys.siteId, site.id))
    if (!key) return 0
    const previous = await previousCrawl(deps.db, crawlId)
    if (!previous) return 0
    const host = new URL(site.url).host
    const batches = indexNowBatches(host, await changedUrls(deps.db, crawlId, previous.id))
    for (const urlList of batches)
      await submitBatch(deps, { siteId: site.id, crawlId, urlList, attempt: 1 }, site.url, key.key)
    return batches.length
  } catch (error) {
    deps.log.warn({ siteId: site.id, crawlId, err: error }, 'IndexNow submission failed')
    return 0
  }
}

/** Pure: the sitemap's pages worth submitting since its last reading: new ones, and changed lastmods. */
export function sitemapChanges(
  previous: ReadonlyMap<string, string | null>,
  current: readonly SitemapEntry[],
): string[] {
  return current
    .filter((e) => {
      if (!previous.has(e.url)) return true
      const before = previous.get(e.url) ?? null
      return e.lastmod !== null && before !== null && e.lastmod !== before
    })
    .map((e) => e.url)
}

/**
 * After a monitoring run that had no crawl (a crawl submits its own changes): reads the site's sitemaps
 * (robots.txt's, else /sitemap.xml; through the SSRF guard, the address being the user's) and submits
 * the pages that are new or whose lastmod changed since the last run. The first reading only remembers
 * (every page would be "new"). Never throws: the run is done.
 */
export async function submitSitemapChanges(
  deps: { db: Db; config: Config; log: Logger; boss?: PgBoss },
  site: { id: string; url: string },
): Promise<number> {
  try {
    const [key] = await deps.db.select().from(siteIndexNowKeys).where(eq(siteIndexNowKeys.siteId, site.id))
    if (!key) return 0
    const origin = new URL(site.url).origin
    const options = { allowPrivate: deps.config.allowPrivateTargets, totalTimeoutMs: 30_000 }
    const robots = await loadRobots(origin, options)
    const files = robots.sitemaps.length ? robots.sitemaps : [new URL('/sitemap.xml', origin).href]
    const entries = await readSitemapEntries(files, options)
    // Compare and remember in one transaction holding the site's key row: two runs of the same site at
    // once (a slow run overlapping the next) must not both see the same change and submit it twice.
    const changed = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select 1 from ${siteIndexNowKeys} where site_id = ${site.id} for update`)
      const stored = await tx
        .select({ url: siteSitemapUrls.url, lastmod: siteSitemapUrls.lastmod })
        .from(siteSitemapUrls)
        .where(eq(siteSitemapUrls.siteId, site.id))
      await tx.delete(siteSitemapUrls).where(eq(siteSitemapUrls.siteId, site.id))
      for (let i = 0; i < entries.length; i += 1000)
        await tx
          .insert(siteSitemapUrls)
          .values(
            entries.slice(i, i + 1000).map((e) => ({ siteId: site.id, url: e.url, lastmod: e.lastmod })),
          )
      return stored.length ? sitemapChanges(new Map(stored.map((r) => [r.url, r.lastmod])), entries) : []
    })
    const batches = indexNowBatches(new URL(site.url).host, changed)
    for (const urlList of batches)
      await submitBatch(deps, { siteId: site.id, crawlId: null, urlList, attempt: 1 }, site.url, key.key)
    return batches.length
  } catch (error) {
    deps.log.warn({ siteId: site.id, err: error }, 'IndexNow sitemap submission failed')
    return 0
  }
}

/** One POST of one batch, its answer stored; a 429 or no answer queues the next attempt (with a queue). */
async function submitBatch(
  deps: { db: Db; config: Config; boss?: PgBoss },
  batch: RetryJob,
  siteUrl: string,
  key: string,
): Promise<void> {
  const host = new URL(siteUrl).host
  const result = await submitIndexNow(deps.config.indexNowUrl ?? defaultIndexNowUrl, {
    host,
    key,
    keyLocation: keyLocation(siteUrl, key),
    urlList: batch.urlList,
  })
  const delay = deps.boss
    ? indexNowRetryDelay(result, batch.attempt, deps.config.indexNowRetrySeconds ?? 60)
    : null
  await deps.db.insert(indexNowSubmissions).values({
    siteId: batch.siteId,
    crawlId: batch.crawlId,
    count: result.count,
    status: result.status,
    code: result.code,
    attempt: batch.attempt,
    nextAttemptAt: delay === null ? null : new Date(Date.now() + delay * 1000),
  })
  if (delay !== null)
    await deps.boss!.send(indexNowQueue, { ...batch, attempt: batch.attempt + 1 }, { startAfter: delay })
}

/** A queued retry: sent again with the site's current key; nothing when the site or its key is gone. */
export async function retryBatch(deps: { db: Db; config: Config; boss: PgBoss }, job: RetryJob) {
  const [row] = await deps.db
    .select({ url: trackedSites.url, key: siteIndexNowKeys.key })
    .from(trackedSites)
    .innerJoin(siteIndexNowKeys, eq(siteIndexNowKeys.siteId, trackedSites.id))
    .where(eq(trackedSites.id, job.siteId))
  if (!row) return
  await submitBatch(deps, job, row.url, row.key)
}

/** Created with the task queues: a crawl's worker may queue a retry before this process works the queue. */
export async function ensureIndexNowQueue(boss: PgBoss) {
  await createQueue(boss, indexNowQueue, { retryLimit: 2, retryDelay: 30, expireInSeconds: 120 })
}

export async function startIndexNowWorker(deps: { db: Db; boss: PgBoss; config: Config; log: Logger }) {
  // The queue exists: ensureQueues (composition/workers.ts) makes every queue before any worker starts.
  await deps.boss.work<RetryJob>(
    indexNowQueue,
    {
      localConcurrency: 1,
      batchSize: 1,
      pollingIntervalSeconds: 2,
      notifyPollingIntervalSeconds: backstopPollSeconds,
    },
    async ([job]) => {
      if (job) await retryBatch(deps, job.data)
    },
  )
}
