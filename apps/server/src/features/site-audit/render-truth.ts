// What a crawl's result must say about how it read the site (issue 41): a crawl is compared with the
// previous one only when both read pages the same way (rendered or raw HTML), and a raw crawl of a site
// built with JavaScript says that it needs rendering instead of reporting "1 page crawled" as the site.
import { type CrawlReading, comparisonRefusal } from '@farol/engine/crawl/compare.ts'
import { AUTO_MIN_WORDS, type RenderMode, type RenderReason } from '@farol/engine/render/facts.ts'
import { sql } from 'drizzle-orm'
import type { Db } from '../../platform/db/database.ts'
import { rowsOf } from './store.ts'

/** A previous crawl that was not compared, and why. */
export interface ComparisonRefused {
  reason: 'render-mode'
  previousId: string
  previousAt: string
  previous: CrawlReading
  current: CrawlReading
}

/** The start page's raw HTML shows an app shell: few words and no link to follow. */
export interface NeedsRendering {
  words: number
  /** The crawl's render setting: with 'off' the page suggests turning it on. */
  mode: RenderMode
  /** Why it was not rendered when the setting asked for it (no Chromium, the render failed). */
  reason: RenderReason | null
}

export const readingOf = (render: { rendered: boolean } | null | undefined): CrawlReading =>
  render?.rendered ? 'rendered' : 'raw'

/** How a finished crawl read its pages, from its task's stored result (null: no such crawl). */
async function crawlReading(db: Db, crawlId: string): Promise<CrawlReading | null> {
  const [row] = await rowsOf(
    db,
    sql`SELECT (results->'render'->>'rendered') AS rendered FROM tasks WHERE id = ${crawlId}::uuid`,
  )
  if (!row) return null
  return row.rendered === 'true' ? 'rendered' : 'raw'
}

/** The comparison's refusal for this crawl and the previous one (null: compare them). */
export async function refusalWith(
  db: Db,
  previous: { id: string; finishedAt: string },
  current: CrawlReading,
): Promise<ComparisonRefused | null> {
  const before = (await crawlReading(db, previous.id)) ?? 'raw'
  const refusal = comparisonRefusal(before, current)
  return refusal ? { ...refusal, previousId: previous.id, previousAt: previous.finishedAt } : null
}

/**
 * Pure: whether a raw crawl's start page looks like a JavaScript app's shell (an HTML page with fewer words
 * than the rendered-crawl decision needs and no internal link): then the crawl could not see the site.
 */
export function looksLikeAppShell(
  start: { status: number | null; contentType: string | null; words: number; internalLinks: number } | null,
): boolean {
  if (start?.status !== 200) return false
  if (start.contentType && !/html/i.test(start.contentType)) return false
  return start.words < AUTO_MIN_WORDS && start.internalLinks === 0
}

/** The start page as the crawl stored it, through its redirects (http → https, / → /pt/). */
export async function startPage(db: Db, crawlId: string, startUrl: string) {
  let url = startUrl
  for (let hop = 0; hop < 5; hop++) {
    const [row] = await rowsOf(
      db,
      sql`SELECT status, content_type, word_count, outlinks, redirect_to FROM site_crawl_pages
        WHERE crawl_id = ${crawlId}::uuid AND url = ${url}`,
    )
    if (!row) return null
    if (row.redirect_to && typeof row.redirect_to === 'string') {
      url = row.redirect_to
      continue
    }
    return {
      status: row.status === null ? null : Number(row.status),
      contentType: typeof row.content_type === 'string' ? row.content_type : null,
      words: Number(row.word_count ?? 0),
      internalLinks: Number(row.outlinks ?? 0),
    }
  }
  return null
}
