// The crawl's page store in PostgreSQL (PGlite or a real server), issue #28, shared by the server's
// site_crawl task and `farol crawl --store` (decision 029): pages, links and
// canonical/hreflang edges per crawl, written in batches by the frontier as the crawl goes; the site-wide
// checks as queries over them (materialised into site_crawl_issues at the crawl's end); PageRank over the
// link table read as integer positions, its scores in a narrow table of their own; and the reads the
// page, the CSV export and the comparison use. No function here loads a whole crawl into the process: what grows with the crawl stays in the database, apart from
// PageRank's typed arrays (about 8 bytes per link and 13 per page).

import { type SQL, sql } from 'drizzle-orm'
import { isHtmlPage, problemsOf, siteCheckById, siteChecks } from '../checks/index.ts'
import { NearDuplicateFinder } from '../checks/near-duplicates.ts'
import { RAW_TEXT_SHARE, RENDERED_MIN_WORDS } from '../checks/rendered.ts'
import type { SiteCheckOptions } from '../checks/site-index.ts'
import { MINHASH_SIZE, uint32sOf } from '../minhash.ts'
import { sampleByTemplate, type TemplateSample, urlTemplate } from '../sample.ts'
import type { CrawlPage, Severity } from '../types.ts'
import type { Db } from './db.ts'
import { type LinkGraph, linkScoresOf, PAGE_NOFOLLOW, PAGE_OK, PAGE_REDIRECT } from './link-graph.ts'
import { CRAWL_TABLES } from './schema.ts'

type Row = Record<string, unknown>

export async function rowsOf(db: Db, statement: SQL): Promise<Row[]> {
  const result = (await db.execute(statement)) as unknown as { rows?: Row[] } | Row[]
  return Array.isArray(result) ? result : (result.rows ?? [])
}

const array = (values: unknown[]) => sql.param(values)

/**
 * Deletes the crawls whose site_crawls row matches `where`, and every row of theirs in the other crawl
 * tables (they have no foreign key to cascade: decision 035). Returns the deleted crawls' ids.
 */
export async function deleteCrawls(db: Db, where: SQL): Promise<string[]> {
  return db.transaction(async (tx) => {
    const txDb = tx as unknown as Db
    const ids = (await rowsOf(txDb, sql`DELETE FROM site_crawls WHERE ${where} RETURNING id`)).map((r) =>
      String(r.id),
    )
    if (ids.length > 0)
      for (const table of CRAWL_TABLES.filter((t) => t !== 'site_crawls'))
        await txDb.execute(
          sql`DELETE FROM ${sql.identifier(table)} WHERE crawl_id = ANY(${sql.param(ids)}::uuid[])`,
        )
    return ids
  })
}

/**
 * Deletes rows of the crawl tables whose crawl has no site_crawls row: a crawl job still writing after its
 * crawl was deleted (an account erased during its own crawl). Returns the crawl ids it found. Each table is
 * walked by its key's leading crawl id (one index probe per distinct crawl, not a scan of its rows). A
 * crawl's row is written before any of its rows, so a live crawl is never taken for a stray one.
 */
export async function sweepStrayCrawlRows(db: Db): Promise<string[]> {
  const stray = new Set<string>()
  for (const table of CRAWL_TABLES.filter((t) => t !== 'site_crawls')) {
    const t = sql.identifier(table)
    const rows = await rowsOf(
      db,
      sql`WITH RECURSIVE ids AS (
          (SELECT crawl_id FROM ${t} ORDER BY crawl_id LIMIT 1)
          UNION ALL
          SELECT (SELECT crawl_id FROM ${t} WHERE crawl_id > ids.crawl_id ORDER BY crawl_id LIMIT 1)
          FROM ids WHERE ids.crawl_id IS NOT NULL)
        SELECT crawl_id::text AS id FROM ids
        WHERE crawl_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM site_crawls c WHERE c.id = ids.crawl_id)`,
    )
    for (const r of rows) stray.add(String(r.id))
  }
  const ids = [...stray]
  if (ids.length > 0)
    for (const table of CRAWL_TABLES.filter((t) => t !== 'site_crawls'))
      await db.execute(
        sql`DELETE FROM ${sql.identifier(table)} WHERE crawl_id = ANY(${sql.param(ids)}::uuid[])`,
      )
  return ids
}

// --- Writing (the frontier calls this in each flush, before it marks the pages done) ---

/** Rows per statement: each is one `unnest` of arrays, so the statement's size does not grow with it. */
const CHUNK = 2000

/**
 * Writes finished pages with their links and edges. Idempotent: a page written again (a re-fetch after a
 * crash between this and the frontier's 'done') replaces its row; its links and edges are kept once.
 */
export async function writePages(db: Db, crawlId: string, pages: readonly CrawlPage[]): Promise<void> {
  // One row per URL per statement (ON CONFLICT DO UPDATE cannot touch a row twice): the last one wins.
  const unique = [...new Map(pages.map((p) => [p.url, p])).values()]
  for (let i = 0; i < unique.length; i += CHUNK) {
    const batch = unique.slice(i, i + CHUNK)
    const col = <T>(f: (p: CrawlPage) => T) => array(batch.map(f))
    // The MinHash signature travels as base64 text and is stored as bytea (decode in the statement).
    await db.execute(sql`
      INSERT INTO site_crawl_pages (crawl_id, url, depth, source, status, blocked, error, redirect_to,
        content_type, title, description, h1, canonical, invalid_canonical, noindex, nofollow, content_hash,
        signature, word_count, bytes, first_byte_ms, total_ms, indexable, fetched_at, outlinks,
        h1_count, lang, images_without_alt, insecure_resources, viewport, problems, render, sketch)
      SELECT ${crawlId}::uuid, u.url, u.depth, u.source, u.status, u.blocked, u.error, u.redirect_to,
        u.content_type, u.title, u.description, u.h1, u.canonical, u.invalid_canonical, u.noindex, u.nofollow,
        u.content_hash, decode(u.signature, 'base64'), u.word_count, u.bytes, u.first_byte_ms, u.total_ms,
        u.indexable, u.fetched_at, u.outlinks, u.h1_count, u.lang, u.images_without_alt,
        u.insecure_resources, u.viewport, u.problems::jsonb, u.render::jsonb, decode(u.sketch, 'base64')
      FROM unnest(
        ${col((p) => p.url)}::text[], ${col((p) => p.depth)}::int[], ${col((p) => p.source)}::text[],
        ${col((p) => p.status)}::int[], ${col((p) => p.blockedByRobots)}::boolean[],
        ${col((p) => p.error)}::text[], ${col((p) => p.redirectTo)}::text[],
        ${col((p) => p.contentType)}::text[], ${col((p) => p.title)}::text[],
        ${col((p) => p.description)}::text[], ${col((p) => p.h1)}::text[], ${col((p) => p.canonical)}::text[],
        ${col((p) => p.invalidCanonical ?? null)}::text[],
        ${col((p) => p.noindex)}::boolean[], ${col((p) => p.nofollow)}::boolean[],
        ${col((p) => p.contentHash)}::text[], ${col((p) => p.minhash)}::text[],
        ${col((p) => p.wordCount)}::int[], ${col((p) => p.bytes)}::int[],
        ${col((p) => p.firstByteMs)}::int[], ${col((p) => p.totalMs)}::int[],
        ${col((p) => p.indexable)}::boolean[], ${col((p) => p.fetchedAt)}::timestamptz[],
        ${col((p) => p.links.filter((l) => l.internal).length)}::int[],
        ${col((p) => p.h1Count ?? null)}::int[], ${col((p) => p.lang ?? null)}::text[],
        ${col((p) => p.imagesWithoutAlt ?? null)}::int[], ${col((p) => p.insecureResources ?? null)}::int[],
        ${col((p) => p.viewport ?? null)}::text[],
        ${col((p) => (isHtmlPage(p) ? JSON.stringify(problemsOf(p)) : null))}::text[],
        ${col((p) => (p.render ? JSON.stringify(p.render) : null))}::text[],
        ${col((p) => p.sketch ?? null)}::text[])
        AS u(url, depth, source, status, blocked, error, redirect_to, content_type, title, description, h1,
          canonical, invalid_canonical, noindex, nofollow, content_hash, signature, word_count, bytes,
          first_byte_ms, total_ms, indexable, fetched_at, outlinks, h1_count, lang, images_without_alt,
          insecure_resources, viewport, problems, render, sketch)
      ON CONFLICT (crawl_id, url) DO UPDATE SET depth = excluded.depth, source = excluded.source,
        status = excluded.status, blocked = excluded.blocked, error = excluded.error,
        redirect_to = excluded.redirect_to, content_type = excluded.content_type, title = excluded.title,
        description = excluded.description, h1 = excluded.h1, canonical = excluded.canonical,
        invalid_canonical = excluded.invalid_canonical, noindex = excluded.noindex,
        nofollow = excluded.nofollow, content_hash = excluded.content_hash,
        signature = excluded.signature, word_count = excluded.word_count, bytes = excluded.bytes,
        first_byte_ms = excluded.first_byte_ms, total_ms = excluded.total_ms,
        indexable = excluded.indexable, fetched_at = excluded.fetched_at, outlinks = excluded.outlinks,
        h1_count = excluded.h1_count, lang = excluded.lang, images_without_alt = excluded.images_without_alt,
        insecure_resources = excluded.insecure_resources, viewport = excluded.viewport,
        problems = excluded.problems, render = excluded.render, sketch = excluded.sketch`)
  }
  // Links: one row per (source, target), the first anchor; nofollow if any link there is, followed if any
  // is not (PageRank follows a target reached by any followable link, as the in-memory checks do).
  const links = new Map<string, { s: string; t: string; a: string; n: boolean; f: boolean; i: boolean }>()
  const edges = new Map<string, { s: string; k: string; t: string; l: string }>()
  for (const page of unique) {
    for (const link of page.links) {
      const key = `${page.url}\n${link.url}`
      const known = links.get(key)
      if (known) {
        known.n ||= link.nofollow
        known.f ||= !link.nofollow
      } else
        links.set(key, {
          s: page.url,
          t: link.url,
          a: link.text,
          n: link.nofollow,
          f: !link.nofollow,
          i: link.internal,
        })
    }
    if (page.canonical) {
      const e = { s: page.url, k: 'canonical', t: page.canonical, l: '' }
      edges.set(`${e.s}\n${e.k}\n${e.t}\n`, e)
    }
    for (const h of page.hreflang) {
      const e = { s: page.url, k: 'hreflang', t: h.url, l: h.lang }
      edges.set(`${e.s}\n${e.k}\n${e.t}\n${e.l}`, e)
    }
  }
  const linkRows = [...links.values()]
  for (let i = 0; i < linkRows.length; i += CHUNK) {
    const b = linkRows.slice(i, i + CHUNK)
    await db.execute(sql`
      INSERT INTO site_crawl_links (crawl_id, source, target, anchor, nofollow, followed, internal)
      SELECT ${crawlId}::uuid, * FROM unnest(${array(b.map((l) => l.s))}::text[],
        ${array(b.map((l) => l.t))}::text[], ${array(b.map((l) => l.a))}::text[],
        ${array(b.map((l) => l.n))}::boolean[], ${array(b.map((l) => l.f))}::boolean[],
        ${array(b.map((l) => l.i))}::boolean[])
      ON CONFLICT DO NOTHING`)
  }
  const edgeRows = [...edges.values()]
  for (let i = 0; i < edgeRows.length; i += CHUNK) {
    const b = edgeRows.slice(i, i + CHUNK)
    await db.execute(sql`
      INSERT INTO site_crawl_edges (crawl_id, source, kind, target, lang)
      SELECT ${crawlId}::uuid, * FROM unnest(${array(b.map((e) => e.s))}::text[],
        ${array(b.map((e) => e.k))}::text[], ${array(b.map((e) => e.t))}::text[],
        ${array(b.map((e) => e.l))}::text[])
      ON CONFLICT DO NOTHING`)
  }
}

/** The stored signature as the engine's base64 text (PostgreSQL's encode breaks lines every 76 chars). */
export const signatureText = sql.raw(`translate(encode(signature, 'base64'), E'\\n', '')`)
/** The stored sketch as the engine's base64 text (encodeSketch). */
const sketchText = sql.raw(`translate(encode(sketch, 'base64'), E'\\n', '')`)

/** A stored page back as the crawler's row (links and hreflang included), for small crawls and tests. */
export async function readPages(db: Db, crawlId: string): Promise<CrawlPage[]> {
  const pages = await rowsOf(
    db,
    sql`SELECT *, ${signatureText} AS minhash, ${sketchText} AS sketch_text FROM site_crawl_pages
      WHERE crawl_id = ${crawlId}::uuid ORDER BY id`,
  )
  const links = await rowsOf(
    db,
    sql`SELECT source, target, anchor, nofollow, internal FROM site_crawl_links WHERE crawl_id = ${crawlId}::uuid`,
  )
  const hreflang = await rowsOf(
    db,
    sql`SELECT source, target, lang FROM site_crawl_edges WHERE crawl_id = ${crawlId}::uuid AND kind = 'hreflang'`,
  )
  const linksBy = new Map<string, CrawlPage['links']>()
  for (const l of links) {
    const list = linksBy.get(String(l.source)) ?? []
    list.push({
      url: String(l.target),
      text: String(l.anchor),
      nofollow: Boolean(l.nofollow),
      internal: Boolean(l.internal),
    })
    linksBy.set(String(l.source), list)
  }
  const hreflangBy = new Map<string, CrawlPage['hreflang']>()
  for (const h of hreflang) {
    const list = hreflangBy.get(String(h.source)) ?? []
    list.push({ lang: String(h.lang), url: String(h.target) })
    hreflangBy.set(String(h.source), list)
  }
  return pages.map((r) => pageOf(r, linksBy.get(String(r.url)) ?? [], hreflangBy.get(String(r.url)) ?? []))
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
const str = (v: unknown) => (v === null || v === undefined ? null : String(v))

export function pageOf(r: Row, links: CrawlPage['links'], hreflang: CrawlPage['hreflang']): CrawlPage {
  return {
    url: String(r.url),
    depth: num(r.depth),
    source: r.source as CrawlPage['source'],
    status: num(r.status),
    blockedByRobots: Boolean(r.blocked),
    error: str(r.error),
    redirectTo: str(r.redirect_to),
    contentType: str(r.content_type),
    title: str(r.title),
    description: str(r.description),
    h1: str(r.h1),
    canonical: str(r.canonical),
    invalidCanonical: str(r.invalid_canonical),
    noindex: Boolean(r.noindex),
    nofollow: Boolean(r.nofollow),
    hreflang,
    links,
    contentHash: str(r.content_hash),
    minhash: str(r.minhash),
    ...(r.sketch_text === undefined ? {} : { sketch: str(r.sketch_text) }),
    wordCount: Number(r.word_count),
    bytes: Number(r.bytes),
    firstByteMs: num(r.first_byte_ms),
    totalMs: num(r.total_ms),
    indexable: Boolean(r.indexable),
    fetchedAt: new Date(r.fetched_at as string).toISOString(),
    ...(r.h1_count === null || r.h1_count === undefined
      ? {}
      : {
          h1Count: Number(r.h1_count),
          lang: str(r.lang),
          imagesWithoutAlt: Number(r.images_without_alt ?? 0),
          insecureResources: Number(r.insecure_resources ?? 0),
          viewport: str(r.viewport),
        }),
    ...(r.render ? { render: r.render as CrawlPage['render'] } : {}),
  }
}

// --- The site-wide checks as queries ---

/** The engine's isError / isRedirect (checks/site-index.ts) on a row alias. */
const isError = (t: string) =>
  sql.raw(
    `(NOT ${t}.blocked AND CASE WHEN ${t}.status IS NULL THEN ${t}.error IS NOT NULL ELSE ${t}.status >= 400 END)`,
  )
const isRedirect = (t: string) => sql.raw(`(${t}.status BETWEEN 300 AND 399)`)
/** A redirect the link graph follows (store/link-graph.ts PAGE_REDIRECT): a 3xx with a Location. */
const redirecting = (t: string) =>
  sql.raw(`(${t}.status BETWEEN 300 AND 399 AND ${t}.redirect_to IS NOT NULL)`)
/** How many sources (or targets) an issue's detail names; the rest are on the page, paged. */
export const DETAIL_LIST = 10

/**
 * Each check's query: `SELECT url, detail` over the crawl (`$crawl`). Same rules as the engine's pure
 * checks (a parity test runs both on the fixture sites); details name the first DETAIL_LIST sources or
 * targets and their count.
 */
function checkQueries(c: SQL): Record<string, SQL> {
  const pages = sql`site_crawl_pages`
  const inCrawl = (t: string) => sql`${sql.raw(t)}.crawl_id = ${c}`
  const duplicates = (expr: string, where: string) => sql`
    SELECT p.url, jsonb_build_object('value', g.v, 'groupSize', g.n) AS detail
    FROM ${pages} p JOIN (
      SELECT ${sql.raw(expr)} AS v, count(*) AS n FROM ${pages} p
      WHERE ${inCrawl('p')} AND p.indexable AND ${sql.raw(where)} GROUP BY 1 HAVING count(*) > 1
    ) g ON ${sql.raw(expr)} = g.v
    WHERE ${inCrawl('p')} AND p.indexable AND ${sql.raw(where)}`
  const linkedTargets = (test: SQL, linkedOnly = true) => sql`
    SELECT t.url, jsonb_build_object('sources', s.sources, 'sourceCount', s.n, 'status', t.status) AS detail
    FROM ${pages} t CROSS JOIN LATERAL (
      SELECT count(*) AS n, (array_agg(l.source ORDER BY l.source))[1:${DETAIL_LIST}] AS sources
      FROM site_crawl_links l WHERE ${inCrawl('l')} AND l.target = t.url AND l.internal AND l.source <> l.target
    ) s
    WHERE ${inCrawl('t')} AND (s.n > 0 OR ${!linkedOnly}) AND ${test}`
  const canonicals = (test: SQL) => sql`
    SELECT p.url, jsonb_build_object('target', p.canonical, 'status', t.status) AS detail
    FROM ${pages} p LEFT JOIN ${pages} t ON ${inCrawl('t')} AND t.url = p.canonical
    WHERE ${inCrawl('p')} AND p.canonical IS NOT NULL AND p.canonical <> p.url AND p.status = 200 AND ${test}`
  const alternates = (test: SQL) => sql`
    SELECT p.url, jsonb_build_object('targets', (array_agg(DISTINCT e.target))[1:${DETAIL_LIST}]) AS detail
    FROM ${pages} p JOIN site_crawl_edges e ON ${inCrawl('e')} AND e.kind = 'hreflang' AND e.source = p.url
      AND e.target <> p.url
    LEFT JOIN ${pages} t ON ${inCrawl('t')} AND t.url = e.target
    WHERE ${inCrawl('p')} AND p.status = 200 AND ${test}
    GROUP BY p.url`
  const inSitemap = (test: SQL) => sql`
    SELECT p.url, jsonb_build_object('status', p.status) AS detail
    FROM site_crawl_sitemap s JOIN ${pages} p ON ${inCrawl('p')} AND p.url = s.url
    WHERE ${inCrawl('s')} AND ${test}`
  const hasInlinks = sql`EXISTS (SELECT 1 FROM site_crawl_links l WHERE ${inCrawl('l')} AND l.target = p.url
    AND l.internal AND l.source <> l.target)`
  // The pages a link reaches through redirects (home → /promocoes → /campanhas/verao): each redirect
  // walked forward to the first URL that does not redirect (a loop or an unknown URL reaches nothing),
  // as the engine's redirectEnd does; the link from the page itself does not count.
  const linkedThroughRedirects = sql`
    WITH RECURSIVE walk(start, cur) AS (
      SELECT url, redirect_to FROM ${pages} r WHERE ${inCrawl('r')} AND ${redirecting('r')}
      UNION
      SELECT w.start, r.redirect_to FROM walk w JOIN ${pages} r ON ${inCrawl('r')} AND r.url = w.cur
      WHERE ${redirecting('r')}
    ), ends AS (
      SELECT w.start, w.cur AS page FROM walk w JOIN ${pages} t ON ${inCrawl('t')} AND t.url = w.cur
      WHERE NOT ${redirecting('t')}
    )
    SELECT DISTINCT e.page FROM ends e JOIN site_crawl_links l ON ${inCrawl('l')} AND l.target = e.start
    WHERE l.internal AND l.source <> e.page`
  // Redirect walks: from each redirect row, through redirect rows, until a non-redirect, an unknown URL or
  // a repeat (a loop). `walks` keeps the longest path per start.
  const walks = sql`
    WITH RECURSIVE r AS (
      SELECT url, redirect_to, source FROM ${pages} p
      WHERE ${inCrawl('p')} AND ${isRedirect('p')} AND p.redirect_to IS NOT NULL
    ), hops AS (SELECT DISTINCT redirect_to AS url FROM r),
    starts AS (
      SELECT p.url, p.id FROM ${pages} p WHERE ${inCrawl('p')} AND ${isRedirect('p')}
        AND (p.url NOT IN (SELECT url FROM hops) OR p.source <> 'redirect')
    ), walk(start, id, cur, chain, loop) AS (
      SELECT s.url, s.id, s.url, ARRAY[s.url], false FROM starts s
      UNION ALL
      SELECT w.start, w.id, r.redirect_to, w.chain || r.redirect_to, r.redirect_to = ANY(w.chain)
      FROM walk w JOIN r ON r.url = w.cur WHERE NOT w.loop
    )
    SELECT DISTINCT ON (start) start AS url, id, chain, loop FROM walk ORDER BY start, cardinality(chain) DESC`
  return {
    'duplicate-title': duplicates(`btrim(p.title)`, `coalesce(btrim(p.title), '') <> ''`),
    'duplicate-description': duplicates(`btrim(p.description)`, `coalesce(btrim(p.description), '') <> ''`),
    'duplicate-content': duplicates('p.content_hash', 'p.word_count > 0 AND p.content_hash IS NOT NULL'),
    'broken-link': linkedTargets(isError('t')),
    'redirect-chain': sql`SELECT url, jsonb_build_object('chain', chain) AS detail FROM (${walks}) w
      WHERE NOT loop AND cardinality(chain) >= 3`,
    // Loops are deduplicated in order (redirectLoops below): one loop reached from several entries is one
    // issue per entry, the same loop's members are not reported again.
    'redirect-loop': sql`SELECT url, id, chain FROM (${walks}) w WHERE loop ORDER BY id`,
    'internal-redirect': linkedTargets(isRedirect('t')),
    'canonical-to-error': canonicals(isError('t')),
    'canonical-to-redirect': canonicals(isRedirect('t')),
    'canonical-to-noindex': canonicals(sql`t.status = 200 AND t.noindex`),
    'canonical-invalid': sql`SELECT p.url, jsonb_build_object('value', p.invalid_canonical) AS detail
      FROM ${pages} p WHERE ${inCrawl('p')} AND p.status = 200 AND p.invalid_canonical IS NOT NULL
        AND p.invalid_canonical <> ''`,
    'canonical-chain': canonicals(sql`t.status = 200 AND t.canonical IS NOT NULL AND t.canonical <> t.url`),
    'hreflang-missing-return': alternates(sql`t.indexable AND NOT EXISTS (
      SELECT 1 FROM site_crawl_edges b WHERE ${inCrawl('b')} AND b.kind = 'hreflang' AND b.source = t.url
        AND b.target = p.url)`),
    'hreflang-to-error': alternates(isError('t')),
    'hreflang-to-non-canonical': alternates(
      sql`t.status = 200 AND t.canonical IS NOT NULL AND t.canonical <> t.url`,
    ),
    'orphan-in-sitemap': inSitemap(
      sql`p.status = 200 AND NOT ${hasInlinks} AND p.url NOT IN (${linkedThroughRedirects})`,
    ),
    'noindex-in-sitemap': inSitemap(sql`p.status = 200 AND p.noindex`),
    'blocked-in-sitemap': inSitemap(sql`p.blocked`),
    'non-canonical-in-sitemap': inSitemap(
      sql`p.status = 200 AND p.canonical IS NOT NULL AND p.canonical <> p.url`,
    ),
    'error-in-sitemap': inSitemap(sql`(${isError('p')} OR ${isRedirect('p')})`),
    'deep-page': sql`SELECT p.url, jsonb_build_object('depth', p.depth) AS detail FROM ${pages} p
      WHERE ${inCrawl('p')} AND p.indexable AND p.depth > 4`,
    'blocked-by-robots': linkedTargets(sql`t.blocked`, false),
    'nofollow-internal': sql`
      SELECT l.source AS url, jsonb_build_object('targets', (array_agg(l.target ORDER BY l.target))[1:${DETAIL_LIST}]) AS detail
      FROM site_crawl_links l WHERE ${inCrawl('l')} AND l.internal AND l.nofollow GROUP BY l.source`,
    ...renderedCheckQueries(c),
    'dead-end': sql`SELECT p.url, NULL::jsonb AS detail FROM ${pages} p
      WHERE ${inCrawl('p')} AND p.status = 200 AND p.content_hash IS NOT NULL AND NOT EXISTS (
        SELECT 1 FROM site_crawl_links l WHERE ${inCrawl('l')} AND l.source = p.url AND l.internal
          AND l.target <> p.url)`,
  }
}

/** A page that rendered: its columns hold the rendered DOM's facts, `render->'raw'` the raw HTML's. */
const renderedRow = (t: string) =>
  sql.raw(`(${t}.render IS NOT NULL AND ${t}.render->>'error' IS NULL AND ${t}.status = 200)`)
/** checks/rendered.ts's whitespace rule on a text expression. */
const squashed = (expr: string) => `btrim(regexp_replace(coalesce(${expr}, ''), '\\s+', ' ', 'g'))`

/** The rendered checks (engine checks/rendered.ts) over the `render` column (migration 0024). */
function renderedCheckQueries(c: SQL): Record<string, SQL> {
  const pages = sql`site_crawl_pages`
  const inCrawl = (t: string) => sql`${sql.raw(t)}.crawl_id = ${c}`
  const changed = (raw: string, rendered: string) => sql`
    SELECT p.url, jsonb_build_object('rawValue', ${sql.raw(raw)}, 'renderedValue', ${sql.raw(rendered)}) AS detail
    FROM ${pages} p WHERE ${inCrawl('p')} AND ${renderedRow('p')} AND ${sql.raw(raw)} <> ${sql.raw(rendered)}`
  // Links in the rendered DOM that the raw HTML does not have (followable, internal, not to itself).
  const jsLinks = sql`
    SELECT l.source, l.target FROM site_crawl_links l JOIN ${pages} p ON ${inCrawl('p')} AND p.url = l.source
    WHERE ${inCrawl('l')} AND ${renderedRow('p')} AND NOT p.nofollow AND l.internal AND l.followed
      AND l.target <> l.source AND NOT jsonb_exists(p.render->'raw'->'links', l.target)`
  // What a crawler without JavaScript reaches from the start page: raw links, redirects, canonicals, hreflang.
  const reach = sql`
    WITH RECURSIVE reach(url) AS (
      SELECT url FROM ${pages} s WHERE ${inCrawl('s')} AND s.source = 'start'
      UNION
      SELECT n.t FROM reach r JOIN ${pages} p ON ${inCrawl('p')} AND p.url = r.url
      CROSS JOIN LATERAL (
        SELECT jsonb_array_elements_text(p.render->'raw'->'links') AS t WHERE p.render IS NOT NULL
        UNION ALL
        SELECT l.target FROM site_crawl_links l WHERE p.render IS NULL AND NOT p.nofollow AND ${inCrawl('l')}
          AND l.source = p.url AND l.internal AND l.followed
        UNION ALL SELECT p.redirect_to WHERE p.redirect_to IS NOT NULL
        UNION ALL
        SELECT CASE WHEN p.render IS NULL THEN p.canonical ELSE p.render->'raw'->>'canonical' END
        WHERE CASE WHEN p.render IS NULL THEN p.canonical ELSE p.render->'raw'->>'canonical' END IS NOT NULL
        UNION ALL
        SELECT e.target FROM site_crawl_edges e WHERE ${inCrawl('e')} AND e.kind = 'hreflang' AND e.source = p.url
      ) n
    ) SELECT url FROM reach`
  return {
    'content-only-rendered': sql`
      SELECT p.url, jsonb_build_object('rawWords', (p.render->'raw'->>'wordCount')::int, 'renderedWords', p.word_count) AS detail
      FROM ${pages} p WHERE ${inCrawl('p')} AND ${renderedRow('p')} AND p.word_count >= ${RENDERED_MIN_WORDS}
        AND (p.render->'raw'->>'wordCount')::int < ${RAW_TEXT_SHARE}::float8 * p.word_count`,
    'links-only-rendered': sql`
      WITH js AS (${jsLinks}),
      sources AS (
        SELECT source AS url, jsonb_build_object('targets', (array_agg(target ORDER BY target))[1:${DETAIL_LIST}],
          'count', count(*)) AS detail FROM js GROUP BY source
      ),
      unreached AS (
        SELECT p.url, jsonb_build_object('unreachableWithoutJs', true, 'sources', coalesce(
          (SELECT (array_agg(js.source ORDER BY js.source))[1:${DETAIL_LIST}] FROM js WHERE js.target = p.url),
          (SELECT (array_agg(l.source ORDER BY l.source))[1:${DETAIL_LIST}] FROM site_crawl_links l
            WHERE ${inCrawl('l')} AND l.target = p.url AND l.internal AND l.source <> l.target),
          ARRAY[]::text[])) AS detail
        FROM ${pages} p WHERE ${inCrawl('p')} AND p.depth IS NOT NULL AND p.source <> 'sitemap'
          AND EXISTS (SELECT 1 FROM js) AND p.url NOT IN (${reach})
      )
      SELECT coalesce(s.url, u.url) AS url, coalesce(s.detail, '{}'::jsonb) || coalesce(u.detail, '{}'::jsonb) AS detail
      FROM sources s FULL JOIN unreached u ON u.url = s.url`,
    'title-changed-by-js': changed(squashed(`p.render->'raw'->>'title'`), squashed('p.title')),
    'canonical-changed-by-js': changed(
      `coalesce(p.render->'raw'->>'canonical', '')`,
      `coalesce(p.canonical, '')`,
    ),
    'noindex-changed-by-js': changed(
      `CASE WHEN (p.render->'raw'->>'noindex')::boolean THEN 'noindex' ELSE 'index' END`,
      `CASE WHEN p.noindex THEN 'noindex' ELSE 'index' END`,
    ),
    'render-error': sql`
      SELECT p.url, jsonb_strip_nulls(jsonb_build_object('value', p.render->>'error', 'reason',
        CASE WHEN p.render->>'error' IS NOT NULL THEN p.render->>'detail' END,
        'errors', CASE WHEN jsonb_array_length(p.render->'scriptErrors') > 0 THEN p.render->'scriptErrors' END)) AS detail
      FROM ${pages} p WHERE ${inCrawl('p')} AND p.render IS NOT NULL
        AND (p.render->>'error' IS NOT NULL OR jsonb_array_length(p.render->'scriptErrors') > 0)`,
    'blocked-resource': sql`
      SELECT p.url, jsonb_build_object('targets', p.render->'blockedResources') AS detail
      FROM ${pages} p WHERE ${inCrawl('p')} AND p.render IS NOT NULL
        AND jsonb_array_length(coalesce(p.render->'blockedResources', '[]'::jsonb)) > 0`,
  }
}

/** Other pages listed per near-duplicate URL (most similar first), as the engine's pure check lists. */
const LISTED_NEAR_DUPLICATES = 20

/**
 * Near duplicates from the stored MinHash signatures: read in id order (the crawl's order, as the pure
 * check adds them) in chunks into the engine's LSH finder, which holds 512 bytes per page; its pairs
 * become rows with the other pages and their similarities, exactly as checks/duplicates.ts reports them.
 */
async function nearDuplicateRows(
  db: Db,
  crawlId: string,
  threshold: number | undefined,
  chunk = 5000,
): Promise<{ urls: string[]; details: string[] }> {
  const finder = new NearDuplicateFinder(threshold === undefined ? {} : { threshold })
  const hashes = new Map<string, string | null>()
  let after = 0
  for (;;) {
    const rows = await rowsOf(
      db,
      // The bytea as it is (no base64 on either side: at 200,000 pages that was most of this pass).
      sql`SELECT id, url, content_hash, signature FROM site_crawl_pages
        WHERE crawl_id = ${crawlId}::uuid AND indexable AND signature IS NOT NULL AND id > ${after}
        ORDER BY id LIMIT ${chunk}`,
    )
    for (const row of rows) {
      const signature = uint32sOf(row.signature as Uint8Array, MINHASH_SIZE)
      if (!signature) continue
      finder.add(String(row.url), signature)
      hashes.set(String(row.url), str(row.content_hash))
    }
    if (rows.length < chunk) break
    after = Number(rows[rows.length - 1]!.id)
  }
  const found = new Map<string, { url: string; similarity: number }[]>()
  const add = (url: string, other: string, similarity: number) => {
    const list = found.get(url)
    if (list) list.push({ url: other, similarity })
    else found.set(url, [{ url: other, similarity }])
  }
  // The candidates' sketches are read from the rows in chunks (none is held for the whole crawl).
  const pairs = await finder.pairsVerifiedBy(async (urls) => {
    const rows = await rowsOf(
      db,
      sql`SELECT url, sketch FROM site_crawl_pages WHERE crawl_id = ${crawlId}::uuid
        AND url = ANY(${array(urls)}::text[]) AND sketch IS NOT NULL`,
    )
    const sketches = new Map<string, Uint32Array>()
    for (const r of rows) {
      const sketch = uint32sOf(r.sketch as Uint8Array)
      if (sketch) sketches.set(String(r.url), sketch)
    }
    return sketches
  })
  for (const { a, b, similarity } of pairs) {
    // Exact copies are duplicate-content's (as in the pure check).
    if (hashes.get(a) === hashes.get(b)) continue
    add(a, b, similarity)
    add(b, a, similarity)
  }
  const urls: string[] = []
  const details: string[] = []
  for (const [url, list] of found) {
    const listed = list.slice(0, LISTED_NEAR_DUPLICATES)
    urls.push(url)
    details.push(
      JSON.stringify({
        duplicates: listed.map((d) => d.url),
        similarities: listed.map((d) => Math.round(d.similarity * 100) / 100),
      }),
    )
  }
  return { urls, details }
}

/** Runs every check into site_crawl_issues (replacing what a previous run of this wrote). */
/** Told how long each step of the end of a crawl took, ms (the bench prints where the time goes). */
export type OnStep = (step: string, ms: number) => void

export async function materializeIssues(
  db: Db,
  crawlId: string,
  options: SiteCheckOptions = {},
  onStep?: OnStep,
): Promise<void> {
  const c = sql`${crawlId}::uuid`
  const queries = checkQueries(c)
  // The rendered checks find nothing in a crawl without a rendered page, and some of them still walk the
  // link table (0.8 s at 20,000 pages): asked once, skipped then.
  const [rendered] = await rowsOf(
    db,
    sql`SELECT EXISTS (SELECT 1 FROM site_crawl_pages WHERE crawl_id = ${c} AND render IS NOT NULL) AS yes`,
  )
  const renderedOnly = rendered?.yes ? new Set<string>() : new Set(Object.keys(renderedCheckQueries(c)))
  await db.execute(sql`DELETE FROM site_crawl_issues WHERE crawl_id = ${c}`)
  const insertRows = async (type: string, severity: Severity, urls: string[], details: string[]) => {
    for (let i = 0; i < urls.length; i += CHUNK) {
      await db.execute(sql`INSERT INTO site_crawl_issues (crawl_id, type, severity, url, detail)
        SELECT ${c}, ${type}, ${severity}, u, d::jsonb
        FROM unnest(${array(urls.slice(i, i + CHUNK))}::text[], ${array(details.slice(i, i + CHUNK))}::text[]) AS t(u, d)
        ON CONFLICT DO NOTHING`)
    }
  }
  // The checks are independent (each writes rows of its own types): run a few at a time, so one check's
  // work in this process (near duplicates, redirect loops) overlaps the database's work on the others.
  const tasks: (() => Promise<void>)[] = []
  const timed = (name: string, run: () => Promise<void>) =>
    tasks.push(async () => {
      const started = performance.now()
      try {
        await run()
      } finally {
        onStep?.(name, performance.now() - started)
      }
    })
  for (const check of siteChecks) {
    if (check.pageCheck) continue
    if (check.id === 'near-duplicate') {
      timed(check.id, async () => {
        const { urls, details } = await nearDuplicateRows(db, crawlId, options.nearDuplicateThreshold)
        await insertRows(check.id, check.severity, urls, details)
      })
      continue
    }
    const query = queries[check.id]
    if (!query || renderedOnly.has(check.id)) continue
    if (check.id === 'redirect-loop') {
      timed(check.id, async () => {
        const reported = new Set<string>()
        const urls: string[] = []
        const details: string[] = []
        for (const row of await rowsOf(db, query)) {
          const chain = row.chain as string[]
          if (reported.has(String(row.url))) continue
          for (const url of chain) reported.add(url)
          urls.push(String(row.url))
          details.push(JSON.stringify({ chain }))
        }
        await insertRows('redirect-loop', 'error', urls, details)
      })
      continue
    }
    timed(check.id, async () => {
      await db.execute(sql`INSERT INTO site_crawl_issues (crawl_id, type, severity, url, detail)
      SELECT ${c}, ${check.id}, ${check.severity}, q.url, q.detail FROM (${query}) q
      ON CONFLICT DO NOTHING`)
    })
  }
  // The page-level problems: the engine judged each page as it was written (pages.problems); one pass
  // over the pages files them all, each type with its check's severity.
  const kinds = siteChecks.filter((k) => k.pageCheck)
  if (kinds.length > 0)
    timed('page problems', async () => {
      await db.execute(sql`INSERT INTO site_crawl_issues (crawl_id, type, severity, url, detail)
        SELECT ${c}, k.type, k.severity, p.url,
          CASE WHEN pr ? 'value' THEN jsonb_build_object('value', pr->>'value') END
        FROM site_crawl_pages p CROSS JOIN LATERAL jsonb_array_elements(p.problems) pr
        JOIN unnest(${array(kinds.map((k) => k.id))}::text[], ${array(kinds.map((k) => k.severity))}::text[])
          AS k(type, severity) ON k.type = pr->>'type'
        WHERE p.crawl_id = ${c} AND p.problems IS NOT NULL
        ON CONFLICT DO NOTHING`)
    })
  await inParallel(tasks, CONCURRENT_CHECKS)
  // The summary, the page and the inventory read these rows at once: statistics that count them.
  await db.execute(sql`ANALYZE site_crawl_issues`)
}

/** Checks run at once at the end of a crawl (each on a connection of its own on PostgreSQL). */
const CONCURRENT_CHECKS = 3

/** Runs `tasks` with at most `limit` at once; the first failure is thrown once all have settled. */
export async function inParallel(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0
  const errors: unknown[] = []
  const lane = async () => {
    while (next < tasks.length) {
      const task = tasks[next++]!
      try {
        await task()
      } catch (error) {
        errors.push(error)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, lane))
  if (errors.length > 0) throw errors[0]
}

// --- Link score: PageRank over integer ids streamed from the link table ---

/** Sources per row of the link query's answer (each row one bytea of 8 bytes a link: ~2 MB at 16 links a page). */
const LINK_BUCKET_BITS = 14

/**
 * The crawl's link graph in one statement (one snapshot): the pages by id as (id, flags, redirect
 * position), 16 bytes each, and the links as (source, target * 2 + followed) positions, 8 bytes each, both
 * packed by PostgreSQL into bytea (int8send/int4send: big-endian) so no row object is made per page or link.
 */
export async function readLinkGraph(db: Db, crawlId: string): Promise<LinkGraph> {
  const c = sql`${crawlId}::uuid`
  // Every link of the crawl is read once, by hash joins with the pages' positions (their rank by id) in
  // a temporary table: one pass over the wide page rows, with statistics, so the planner hashes the
  // 200,000 positions rather than the 1.4 million links. Left to itself it could walk the target index
  // for a merge join or look each link up by a nested loop (2-3x slower at 100,000 pages); a transaction
  // scopes the settings and the table to this read.
  const rows = await db.transaction(async (tx) => {
    const t = tx as unknown as Db
    await t.execute(sql`SET LOCAL work_mem = '64MB'`)
    await t.execute(sql`SET LOCAL enable_mergejoin = off`)
    await t.execute(sql`SET LOCAL enable_nestloop = off`)
    await t.execute(sql`CREATE TEMP TABLE farol_positions ON COMMIT DROP AS
      SELECT url, id, status, nofollow, redirect_to, (row_number() OVER (ORDER BY id) - 1)::int AS k
      FROM site_crawl_pages WHERE crawl_id = ${c}`)
    await t.execute(sql`ANALYZE farol_positions`)
    return rowsOf(
      t,
      sql`SELECT 0 AS part, string_agg(int8send(p.id) || int4send(
          CASE WHEN p.status = 200 THEN ${PAGE_OK} ELSE 0 END + CASE WHEN p.nofollow THEN ${PAGE_NOFOLLOW} ELSE 0 END
          + CASE WHEN p.status BETWEEN 300 AND 399 AND p.redirect_to IS NOT NULL THEN ${PAGE_REDIRECT} ELSE 0 END)
        || int4send(coalesce(r.k, -1)), ''::bytea ORDER BY p.k) AS bytes
      FROM farol_positions p LEFT JOIN farol_positions r ON p.status BETWEEN 300 AND 399 AND r.url = p.redirect_to
      UNION ALL
      SELECT 1, string_agg(int4send(s.k) || int4send(t.k * 2 + l.followed::int), ''::bytea)
      FROM site_crawl_links l JOIN farol_positions s ON s.url = l.source JOIN farol_positions t ON t.url = l.target
      WHERE l.crawl_id = ${c} AND l.internal AND l.source <> l.target
      GROUP BY s.k >> ${LINK_BUCKET_BITS}`,
    )
  })
  const bytes = (v: unknown) => {
    const b = v as Uint8Array | null
    return b ? new DataView(b.buffer, b.byteOffset, b.byteLength) : new DataView(new ArrayBuffer(0))
  }
  const pageBytes = bytes(rows.find((r) => Number(r.part) === 0)?.bytes ?? null)
  const pages = pageBytes.byteLength / 16
  const ids = new Float64Array(pages)
  const flags = new Uint8Array(pages)
  const redirect = new Int32Array(pages)
  for (let k = 0; k < pages; k++) {
    ids[k] = Number(pageBytes.getBigInt64(k * 16))
    flags[k] = pageBytes.getInt32(k * 16 + 8)
    redirect[k] = pageBytes.getInt32(k * 16 + 12)
  }
  const linkParts = rows.filter((r) => Number(r.part) === 1).map((r) => bytes(r.bytes))
  const links = linkParts.reduce((sum, v) => sum + v.byteLength / 8, 0)
  const linkSource = new Int32Array(links)
  const linkTarget = new Int32Array(links)
  const linkFollowed = new Uint8Array(links)
  let e = 0
  for (const part of linkParts) {
    for (let at = 0; at < part.byteLength; at += 8, e++) {
      const target = part.getInt32(at + 4)
      linkSource[e] = part.getInt32(at)
      linkTarget[e] = target >> 1
      linkFollowed[e] = target & 1
    }
  }
  return { ids, flags, redirect, linkSource, linkTarget, linkFollowed, links }
}

/** Pages per INSERT of the scores (three arrays of this many numbers in one statement). */
const SCORE_CHUNK = 50_000

/**
 * Link scores and inlink counts into site_crawl_scores (replacing a previous run's): the graph read as
 * integer positions (readLinkGraph), PageRank in the process (linkScoresOf), one INSERT per chunk into
 * the narrow table (pages with neither an inlink nor a score get no row: read as 0 and null).
 */
export async function computeLinkScores(
  db: Db,
  crawlId: string,
  iterations = 40,
  onStep?: OnStep,
): Promise<void> {
  const c = sql`${crawlId}::uuid`
  let started = performance.now()
  const step = (name: string) => {
    onStep?.(`link scores: ${name}`, performance.now() - started)
    started = performance.now()
  }
  const graph = await readLinkGraph(db, crawlId)
  step('read')
  const { inlinks, scores } = linkScoresOf(graph, iterations)
  step('rank')
  const ids: number[] = []
  const counts: (number | null)[] = []
  const values: (number | null)[] = []
  for (let k = 0; k < graph.ids.length; k++) {
    if (inlinks[k] === 0 && scores[k] === -1) continue
    ids.push(graph.ids[k]!)
    counts.push(inlinks[k] === 0 ? null : inlinks[k]!)
    values.push(scores[k] === -1 ? null : scores[k]!)
  }
  await db.execute(sql`DELETE FROM site_crawl_scores WHERE crawl_id = ${c}`)
  for (let from = 0; from < ids.length; from += SCORE_CHUNK) {
    const to = from + SCORE_CHUNK
    await db.execute(sql`INSERT INTO site_crawl_scores (crawl_id, page_id, inlinks, link_score)
      SELECT ${c}, * FROM unnest(${array(ids.slice(from, to))}::bigint[], ${array(counts.slice(from, to))}::int[],
        ${array(values.slice(from, to))}::int[])`)
  }
  // The readers join these rows by page id: without statistics the planner took the table for 1,000 rows
  // and sorted all of it for each chunk of the sample (6 s at 200,000 pages instead of 0.3).
  await db.execute(sql`ANALYZE site_crawl_scores`)
  step('write')
}

// --- The crawl's summary (what the task's result holds) ---

export interface IssueSummary {
  type: string
  severity: Severity
  /** URLs affected. */
  count: number
  /** The first TOP_ROWS URLs (sorted) with their details; the rest are paged from the database. */
  urls: string[]
  details: Record<string, unknown>
  title: { pt: string; en: string }
  description: { pt: string; en: string }
}

export const TOP_ROWS = 20

export async function issueSummaries(db: Db, crawlId: string, top = TOP_ROWS): Promise<IssueSummary[]> {
  const c = sql`${crawlId}::uuid`
  const counts = await rowsOf(
    db,
    sql`SELECT type, severity, count(*)::int AS n FROM site_crawl_issues WHERE crawl_id = ${c} GROUP BY type, severity`,
  )
  // Each type's first rows from the (crawl, type, url) key: a window over every issue row sorted all of
  // them (177,000 deep pages at 200,000 pages).
  const tops = await rowsOf(
    db,
    sql`SELECT k.type, i.url, i.detail
      FROM unnest(${array(counts.map((r) => String(r.type)))}::text[]) AS k(type)
      CROSS JOIN LATERAL (SELECT url, detail FROM site_crawl_issues
        WHERE crawl_id = ${c} AND type = k.type ORDER BY url LIMIT ${top}) i
      ORDER BY k.type, i.url`,
  )
  const order = new Map(siteChecks.map((check, i) => [check.id, i]))
  return counts
    .map((row) => {
      const type = String(row.type)
      const rows = tops.filter((t) => t.type === type)
      const check = siteCheckById.get(type)
      return {
        type,
        severity: row.severity as Severity,
        count: Number(row.n),
        urls: rows.map((r) => String(r.url)),
        details: Object.fromEntries(
          rows.filter((r) => r.detail !== null).map((r) => [String(r.url), jsonOf(r.detail)]),
        ),
        title: check?.title ?? { pt: type, en: type },
        description: check?.description ?? { pt: '', en: '' },
      }
    })
    .sort((a, b) => (order.get(a.type) ?? 99) - (order.get(b.type) ?? 99))
}

const jsonOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)

/** Everything the end of a crawl does to its tables: issues, link scores, the finished mark. */
export async function finishCrawl(
  db: Db,
  crawlId: string,
  options: SiteCheckOptions = {},
  onStep?: OnStep,
): Promise<void> {
  let started = performance.now()
  const step = (name: string) => {
    onStep?.(name, performance.now() - started)
    started = performance.now()
  }
  // Fresh statistics first: the tables were filled during the crawl, and a planner that still thinks
  // them empty joins them by nested loops (seen: 16 s instead of 0.1 s for 1,500 pages). One table per
  // statement, all at once (each ANALYZE samples a bounded number of rows, on a connection of its own).
  await Promise.all(
    ['site_crawl_pages', 'site_crawl_links', 'site_crawl_edges', 'site_crawl_sitemap'].map((table) =>
      db.execute(sql`ANALYZE ${sql.raw(table)}`),
    ),
  )
  step('analyze')
  // The link scores overlap the checks: PageRank's arithmetic runs here while the database runs queries.
  await Promise.all([
    materializeIssues(db, crawlId, options, onStep),
    (async () => {
      const from = performance.now()
      await computeLinkScores(db, crawlId, 40, onStep)
      onStep?.('link scores', performance.now() - from)
    })(),
  ])
  started = performance.now()
  await db.execute(sql`UPDATE site_crawls SET finished_at = now() WHERE id = ${crawlId}::uuid`)
}

// --- Reads for the page and the CSV export (server-side paging, sorting, filtering) ---

export interface PageQuery {
  offset?: number
  limit?: number
  /** Part of the URL, case-insensitive. */
  search?: string
}

/**
 * The crawl's pages `p` with their link scores and inlink counts `s` (site_crawl_scores, migration 0030):
 * for a FROM clause; `s.inlinks` and `s.link_score` are null for a page without a row there.
 */
export const SCORED_PAGES = sql.raw(`site_crawl_pages p
  LEFT JOIN site_crawl_scores s ON s.crawl_id = p.crawl_id AND s.page_id = p.id`)

const pageSorts = {
  url: 'p.url',
  linkScore: 's.link_score',
  inlinks: 's.inlinks',
  depth: 'p.depth',
  status: 'p.status',
  words: 'p.word_count',
  ms: 'p.total_ms',
} as const
export type PageSort = keyof typeof pageSorts

const limitOf = (q: PageQuery) => Math.min(200, Math.max(1, Math.trunc(q.limit ?? 50)))
const offsetOf = (q: PageQuery) => Math.max(0, Math.trunc(q.offset ?? 0))
const like = (search: string | undefined) =>
  search ? `%${search.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%` : null

export interface PageRow {
  url: string
  status: number | null
  depth: number | null
  title: string | null
  contentType: string | null
  noindex: boolean
  indexable: boolean
  wordCount: number
  totalMs: number | null
  inlinks: number
  outlinks: number
  linkScore: number | null
}

function pageRowOf(r: Row): PageRow {
  return {
    url: String(r.url),
    status: num(r.status),
    depth: num(r.depth),
    title: str(r.title),
    contentType: str(r.content_type),
    noindex: Boolean(r.noindex),
    indexable: Boolean(r.indexable),
    wordCount: Number(r.word_count),
    totalMs: num(r.total_ms),
    inlinks: Number(r.inlinks ?? 0),
    outlinks: Number(r.outlinks),
    linkScore: num(r.link_score),
  }
}

/** The link-score table: pages of the crawl, sorted and filtered in the database. */
export async function listPages(
  db: Db,
  crawlId: string,
  q: PageQuery & { sort?: PageSort; desc?: boolean },
): Promise<{ total: number; rows: PageRow[] }> {
  const column = sql.raw(q.sort && Object.hasOwn(pageSorts, q.sort) ? pageSorts[q.sort] : 's.link_score')
  const direction = sql.raw(q.desc === false ? 'ASC' : 'DESC')
  const pattern = like(q.search)
  const where = sql`p.crawl_id = ${crawlId}::uuid AND (${pattern}::text IS NULL OR lower(p.url) LIKE ${pattern})`
  const [count] = await rowsOf(db, sql`SELECT count(*)::int AS n FROM site_crawl_pages p WHERE ${where}`)
  const rows = await rowsOf(
    db,
    sql`SELECT p.url, p.status, p.depth, p.title, p.content_type, p.noindex, p.indexable, p.word_count, p.total_ms,
        s.inlinks, p.outlinks, s.link_score
      FROM ${SCORED_PAGES} WHERE ${where}
      ORDER BY ${column} ${direction} NULLS LAST, p.url ASC LIMIT ${limitOf(q)} OFFSET ${offsetOf(q)}`,
  )
  return { total: Number(count?.n ?? 0), rows: rows.map(pageRowOf) }
}

export interface IssueRow {
  type: string
  severity: Severity
  url: string
  detail: Record<string, unknown> | null
}

/** One issue type's URLs (or all), sorted by URL, filtered by part of the URL. */
export async function listIssues(
  db: Db,
  crawlId: string,
  q: PageQuery & { type?: string; desc?: boolean },
): Promise<{ total: number; rows: IssueRow[] }> {
  const pattern = like(q.search)
  const where = sql`crawl_id = ${crawlId}::uuid AND (${q.type ?? null}::text IS NULL OR type = ${q.type ?? null})
    AND (${pattern}::text IS NULL OR lower(url) LIKE ${pattern})`
  const direction = sql.raw(q.desc ? 'DESC' : 'ASC')
  const [count] = await rowsOf(db, sql`SELECT count(*)::int AS n FROM site_crawl_issues WHERE ${where}`)
  const rows = await rowsOf(
    db,
    sql`SELECT type, severity, url, detail FROM site_crawl_issues WHERE ${where}
      ORDER BY url ${direction}, type LIMIT ${limitOf(q)} OFFSET ${offsetOf(q)}`,
  )
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      type: String(r.type),
      severity: r.severity as Severity,
      url: String(r.url),
      detail: r.detail === null ? null : jsonOf(r.detail),
    })),
  }
}

/** One of a page's inlinks; `via` is the URL the link names when it reaches the page through redirects. */
export interface InlinkRow {
  source: string
  anchor: string
  nofollow: boolean
  via: string | null
}

/**
 * A page's inlinks as the figures count them (the engine's SiteIndex.linked, the link graph's inlink
 * count): internal links to `target` from other pages, and links to the URLs whose redirects end at it,
 * found by walking the redirects backwards (a redirect's own inlinks are only the links to it).
 */
function inlinksOf(c: SQL, target: string): SQL {
  return sql`WITH RECURSIVE reaching(url) AS (
      SELECT ${target}::text
      UNION
      SELECT r.url FROM site_crawl_pages r JOIN reaching i ON r.redirect_to = i.url
      WHERE r.crawl_id = ${c} AND ${redirecting('r')} AND NOT EXISTS (
        SELECT 1 FROM site_crawl_pages t WHERE t.crawl_id = ${c} AND t.url = ${target} AND ${redirecting('t')})
    )
    SELECT l.source, l.anchor, l.nofollow, CASE WHEN l.target = ${target} THEN NULL ELSE l.target END AS via
    FROM site_crawl_links l JOIN reaching i ON l.target = i.url
    WHERE l.crawl_id = ${c} AND l.internal AND l.source <> l.target AND l.source <> ${target}`
}

/** The links reaching `target` (inlinksOf), sorted by source URL, then by the URL linked. */
export async function listSources(
  db: Db,
  crawlId: string,
  target: string,
  q: PageQuery,
): Promise<{ total: number; rows: InlinkRow[] }> {
  const c = sql`${crawlId}::uuid`
  const [count] = await rowsOf(db, sql`SELECT count(*)::int AS n FROM (${inlinksOf(c, target)}) i`)
  const rows = await rowsOf(
    db,
    sql`SELECT * FROM (${inlinksOf(c, target)}) i
      ORDER BY source, via NULLS FIRST LIMIT ${limitOf(q)} OFFSET ${offsetOf(q)}`,
  )
  return {
    total: Number(count?.n ?? 0),
    rows: rows.map((r) => ({
      source: String(r.source),
      anchor: String(r.anchor),
      nofollow: Boolean(r.nofollow),
      via: str(r.via),
    })),
  }
}

const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v)
  return /[",\n\r]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}

/**
 * The crawl's issues as CSV lines (type, severity, URL, source), read by keyset in chunks: a URL with
 * sources (broken links, links to redirects, blocked URLs) has one line per source.
 */
export interface IssuesCsvWords {
  /** The four headers (issue, severity, URL, source) in the reader's language. */
  header: string[]
  /** An issue's type and severity as the reader's language names them. */
  cells: (type: string, severity: string) => [string, string]
}

export async function* issuesCsv(
  db: Db,
  crawlId: string,
  chunk = 1000,
  words?: IssuesCsvWords,
): AsyncGenerator<string> {
  yield words ? `${words.header.map(csvField).join(',')}\n` : 'type,severity,url,source\n'
  const named = (type: unknown, severity: unknown) =>
    words ? words.cells(String(type), String(severity)) : [type, severity]
  let after: [string, string] = ['', '']
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`SELECT type, severity, url FROM site_crawl_issues
        WHERE crawl_id = ${crawlId}::uuid AND (type, url) > (${after[0]}, ${after[1]})
        ORDER BY type, url LIMIT ${chunk}`,
    )
    if (rows.length === 0) return
    for (const r of rows) {
      const withSources = ['broken-link', 'internal-redirect', 'blocked-by-robots'].includes(String(r.type))
      let lines = ''
      if (withSources) {
        const sources = await rowsOf(
          db,
          sql`SELECT source FROM site_crawl_links WHERE crawl_id = ${crawlId}::uuid AND target = ${r.url}
            AND internal AND source <> target ORDER BY source`,
        )
        for (const s of sources)
          lines += `${[...named(r.type, r.severity), r.url, s.source].map(csvField).join(',')}\n`
      }
      yield lines || `${[...named(r.type, r.severity), r.url, ''].map(csvField).join(',')}\n`
    }
    const last = rows[rows.length - 1]!
    after = [String(last.type), String(last.url)]
  }
}

// --- Comparison with the previous crawl of the same start URL by the same user ---

export interface CrawlComparison {
  /** The previous crawl's id and when it finished (ISO 8601). */
  previousId: string
  previousAt: string
  /** Per issue type: URLs new in this crawl, fixed since the previous, still present. */
  issues: { type: string; severity: Severity; new: number; fixed: number; still: number }[]
  newIssues: number
  fixedIssues: number
  pagesAdded: number
  pagesGone: number
  /** URLs in both crawls whose status changed, the first few (with the total). */
  statusChanges: { url: string; before: number | null; after: number | null }[]
  statusChangeCount: number
}

/**
 * The URLs worth telling search engines about after a crawl (IndexNow, issue #31): pages new since the
 * previous crawl, pages whose content hash changed, and pages with an issue the previous crawl had and
 * this one no longer has; only pages this crawl fetched with a 2xx answer, indexable.
 */
export async function changedUrls(db: Db, crawlId: string, previousId: string): Promise<string[]> {
  const now = sql`${crawlId}::uuid`
  const before = sql`${previousId}::uuid`
  const rows = await rowsOf(
    db,
    sql`SELECT a.url FROM site_crawl_pages a
      LEFT JOIN site_crawl_pages b ON b.crawl_id = ${before} AND b.url = a.url
      WHERE a.crawl_id = ${now} AND a.status BETWEEN 200 AND 299 AND a.indexable AND (
        b.url IS NULL
        OR (a.content_hash IS NOT NULL AND a.content_hash IS DISTINCT FROM b.content_hash)
        OR EXISTS (SELECT 1 FROM site_crawl_issues f WHERE f.crawl_id = ${before} AND f.url = a.url
          AND NOT EXISTS (SELECT 1 FROM site_crawl_issues g WHERE g.crawl_id = ${now} AND g.url = a.url
            AND g.type = f.type)))
      ORDER BY a.url`,
  )
  return rows.map((r) => String(r.url))
}

/** The user's latest finished crawl of the same start URL before this one; null without one. */
export async function previousCrawl(
  db: Db,
  crawlId: string,
): Promise<{ id: string; finishedAt: string } | null> {
  const [row] = await rowsOf(
    db,
    sql`SELECT p.id, p.finished_at FROM site_crawls c JOIN site_crawls p
      ON p.user_id IS NOT DISTINCT FROM c.user_id AND p.start_url = c.start_url AND p.id <> c.id
      WHERE c.id = ${crawlId}::uuid AND p.finished_at IS NOT NULL AND p.created_at < c.created_at
      ORDER BY p.finished_at DESC LIMIT 1`,
  )
  return row ? { id: String(row.id), finishedAt: new Date(row.finished_at as string).toISOString() } : null
}

export async function compareCrawls(
  db: Db,
  crawlId: string,
  previous: { id: string; finishedAt: string },
): Promise<CrawlComparison> {
  const now = sql`${crawlId}::uuid`
  const before = sql`${previous.id}::uuid`
  const perType = await rowsOf(
    db,
    sql`SELECT coalesce(a.type, b.type) AS type, max(coalesce(a.severity, b.severity)) AS severity,
        count(*) FILTER (WHERE b.url IS NULL)::int AS new,
        count(*) FILTER (WHERE a.url IS NULL)::int AS fixed,
        count(*) FILTER (WHERE a.url IS NOT NULL AND b.url IS NOT NULL)::int AS still
      FROM (SELECT type, severity, url FROM site_crawl_issues WHERE crawl_id = ${now}) a
      FULL JOIN (SELECT type, severity, url FROM site_crawl_issues WHERE crawl_id = ${before}) b
        ON a.type = b.type AND a.url = b.url
      GROUP BY 1 ORDER BY 1`,
  )
  const [pages] = await rowsOf(
    db,
    sql`SELECT count(*) FILTER (WHERE b.url IS NULL)::int AS added,
        count(*) FILTER (WHERE a.url IS NULL)::int AS gone,
        count(*) FILTER (WHERE a.url IS NOT NULL AND b.url IS NOT NULL AND a.status IS DISTINCT FROM b.status)::int AS changed
      FROM (SELECT url, status FROM site_crawl_pages WHERE crawl_id = ${now}) a
      FULL JOIN (SELECT url, status FROM site_crawl_pages WHERE crawl_id = ${before}) b ON a.url = b.url`,
  )
  const changes = await rowsOf(
    db,
    sql`SELECT a.url, b.status AS before, a.status AS after
      FROM site_crawl_pages a JOIN site_crawl_pages b ON b.crawl_id = ${before} AND b.url = a.url
      WHERE a.crawl_id = ${now} AND a.status IS DISTINCT FROM b.status ORDER BY a.url LIMIT ${TOP_ROWS}`,
  )
  const issues = perType.map((r) => ({
    type: String(r.type),
    severity: r.severity as Severity,
    new: Number(r.new),
    fixed: Number(r.fixed),
    still: Number(r.still),
  }))
  return {
    previousId: previous.id,
    previousAt: previous.finishedAt,
    issues,
    newIssues: issues.reduce((s, i) => s + i.new, 0),
    fixedIssues: issues.reduce((s, i) => s + i.fixed, 0),
    pagesAdded: Number(pages?.added ?? 0),
    pagesGone: Number(pages?.gone ?? 0),
    statusChanges: changes.map((r) => ({ url: String(r.url), before: num(r.before), after: num(r.after) })),
    statusChangeCount: Number(pages?.changed ?? 0),
  }
}

/** The crawl's owner (null: no such crawl), for the routes' access check. */
export async function crawlOwner(db: Db, crawlId: string): Promise<{ userId: string | null } | null> {
  if (!/^[0-9a-f-]{36}$/i.test(crawlId)) return null
  const [row] = await rowsOf(db, sql`SELECT user_id FROM site_crawls WHERE id = ${crawlId}::uuid`)
  return row ? { userId: str(row.user_id) } : null
}

/**
 * The Lighthouse sample (sample.ts) by a streaming pass over the crawl's indexable pages: per URL template,
 * its page count and best-linked page only.
 */
export async function sampleFromStore(db: Db, crawlId: string, chunk = 20_000): Promise<TemplateSample[]> {
  type Best = { url: string; status: number; indexable: true; linkScore: number | null; pages: number }
  const best = new Map<string, Best>()
  let after = 0
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`SELECT p.id, p.url, s.link_score FROM ${SCORED_PAGES} WHERE p.crawl_id = ${crawlId}::uuid
        AND p.status = 200 AND p.indexable AND p.id > ${after} ORDER BY p.id LIMIT ${chunk}`,
    )
    if (rows.length === 0) break
    for (const r of rows) {
      const url = String(r.url)
      const score = num(r.link_score)
      const key = urlTemplate(url)
      const known = best.get(key)
      if (!known) best.set(key, { url, status: 200, indexable: true, linkScore: score, pages: 1 })
      else {
        known.pages++
        if (
          (score ?? -1) > (known.linkScore ?? -1) ||
          ((score ?? -1) === (known.linkScore ?? -1) && url < known.url)
        ) {
          known.url = url
          known.linkScore = score
        }
      }
    }
    after = Number(rows[rows.length - 1]!.id)
  }
  // sampleByTemplate over the one best page per template, with each template's count put back.
  const samples = sampleByTemplate([...best.values()], Number.POSITIVE_INFINITY)
  const counts = new Map([...best].map(([t, b]) => [t, b.pages]))
  return samples
    .map((s) => ({ ...s, pages: counts.get(s.template) ?? s.pages }))
    .sort(
      (a, b) =>
        b.pages - a.pages ||
        (best.get(b.template)!.linkScore ?? -1) - (best.get(a.template)!.linkScore ?? -1) ||
        a.template.localeCompare(b.template),
    )
    .slice(0, 10)
}

/**
 * The start page's error code when nothing at all could be fetched (the task's failure), else null.
 */
export async function startFailure(db: Db, crawlId: string, startUrl: string): Promise<string | null> {
  const [row] = await rowsOf(
    db,
    sql`SELECT (SELECT error FROM site_crawl_pages WHERE crawl_id = ${crawlId}::uuid AND url = ${startUrl}) AS error,
      EXISTS (SELECT 1 FROM site_crawl_pages WHERE crawl_id = ${crawlId}::uuid AND status IS NOT NULL) AS any`,
  )
  return row?.error && !row.any ? String(row.error) : null
}
