// IndexNow for tracked sites (issue #31): the owner gives the site's key, Farol checks the key file at
// <origin>/<key>.txt (through the SSRF-guarded fetcher) before keeping it; after each crawl of the site's
// host the URLs that changed since the previous crawl are submitted to FAROL_INDEXNOW_URL, each batch's
// answer stored for the site's section.

import { fetchText } from '@farol/engine/fetch/index.ts'
import {
  type IndexNowCode,
  indexNowBatches,
  indexNowMessages,
  isIndexNowKey,
  submitIndexNow,
} from '@farol/engine/indexnow/client.ts'
import { desc, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Config } from '../../config/config.ts'
import type { Db } from '../../db/database.ts'
import { indexNowSubmissions, siteIndexNowKeys } from '../../db/schema.ts'
import { AppError } from '../../errors.ts'
import type { Logger } from '../../log.ts'
import { changedUrls, previousCrawl } from '../../site-audit/store.ts'

export const defaultIndexNowUrl = 'https://api.indexnow.org/indexnow'
const shownSubmissions = 10

export const indexNowKeyInput = z.object({ key: z.string().trim().max(128) }).strict()

export function keyLocation(siteUrl: string, key: string): string {
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
  deps: { db: Db; config: Config; log: Logger },
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
    for (const urlList of batches) {
      const result = await submitIndexNow(deps.config.indexNowUrl ?? defaultIndexNowUrl, {
        host,
        key: key.key,
        keyLocation: keyLocation(site.url, key.key),
        urlList,
      })
      await deps.db.insert(indexNowSubmissions).values({
        siteId: site.id,
        crawlId,
        count: result.count,
        status: result.status,
        code: result.code,
      })
    }
    return batches.length
  } catch (error) {
    deps.log.warn({ siteId: site.id, crawlId, err: error }, 'IndexNow submission failed')
    return 0
  }
}
