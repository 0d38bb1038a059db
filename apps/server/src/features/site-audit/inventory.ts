// The crawl's inventory (issue #29): every crawled URL with its facts, paged, sorted and filtered in the
// database (by issue, status class, indexability, URL pattern), the filters' counts, the filtered CSV, one
// URL's detail (issues, inlinks with anchors, outlinks with status, redirect hops, canonical and hreflang
// edges, near duplicates) and the duplicate groups, largest first. Nothing here reads a whole crawl into
// the process: a page of rows, a detail's first rows, or a stream in chunks.
import { siteCheckById, siteChecks } from '@farol/engine/crawl/index.ts'
import type {
  DuplicateGroup,
  Indexability,
  InventoryFacets,
  InventoryRow,
  PageDetail,
  StatusClass,
} from '@farol/engine/crawl/inventory-types.ts'
import { STATUS_CLASSES } from '@farol/engine/crawl/inventory-types.ts'
import type { Severity } from '@farol/engine/crawl/types.ts'
import { type SQL, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import {
  INVENTORY_COLUMNS,
  inventoryCell,
  inventoryExportColumns,
  inventoryHeader,
} from './export-columns.ts'
import { listSources, rowsOf, SCORED_PAGES } from './store.ts'
import { xlsxStream } from './xlsx.ts'

export type { DuplicateGroup, InventoryFacets, InventoryRow, PageDetail }

type Row = Record<string, unknown>
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v))
const str = (v: unknown) => (v === null || v === undefined ? null : String(v))
const jsonOf = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v)

/** Sortable columns: the API's name → its SQL expression over `p` (site_crawl_pages) and `s` (its scores). */
const inventorySorts = {
  url: 'p.url',
  status: 'p.status',
  contentType: 'p.content_type',
  indexable: 'p.indexable',
  title: 'p.title',
  titleLength: 'char_length(p.title)',
  description: 'p.description',
  descriptionLength: 'char_length(p.description)',
  h1: 'p.h1',
  h1Count: 'p.h1_count',
  words: 'p.word_count',
  canonical: 'p.canonical',
  depth: 'p.depth',
  inlinks: 's.inlinks',
  outlinks: 'p.outlinks',
  linkScore: 's.link_score',
  ms: 'p.total_ms',
  bytes: 'p.bytes',
} as const
export type InventorySort = keyof typeof inventorySorts

/** The inventory's query string, validated (a bad value is a VALIDATION error, nothing read). */
export const inventoryQuerySchema = z.object({
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  sort: z.enum(Object.keys(inventorySorts) as [InventorySort, ...InventorySort[]]).default('url'),
  dir: z.enum(['asc', 'desc']).default('asc'),
  issue: z.string().trim().min(1).max(60).optional(),
  status: z.enum(STATUS_CLASSES).optional(),
  indexable: z.enum(['yes', 'no']).optional(),
  // Part of the URL, or a pattern with `*` for any characters (`*/blog/*`); case-insensitive.
  pattern: z.string().trim().max(500).optional(),
})
export type InventoryQuery = z.infer<typeof inventoryQuerySchema>

const INDEXABILITY = sql.raw(`CASE WHEN p.indexable THEN 'indexable' WHEN p.blocked THEN 'blocked'
  WHEN p.status IS NULL THEN 'error' WHEN p.status BETWEEN 300 AND 399 THEN 'redirect'
  WHEN p.status <> 200 THEN 'status' WHEN p.noindex THEN 'noindex'
  WHEN p.canonical IS NOT NULL AND p.canonical <> p.url THEN 'canonicalised' ELSE 'not-html' END`)

const STATUS_CLASS = sql.raw(`CASE WHEN p.status IS NULL THEN 'none' WHEN p.status < 300 THEN '2xx'
  WHEN p.status < 400 THEN '3xx' WHEN p.status < 500 THEN '4xx' ELSE '5xx' END`)

const reEscape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
const SCHEME = '[a-z][a-z0-9+.-]*://'

/**
 * A URL pattern as people write it, as a case-insensitive regular expression over the crawled URL (null:
 * no filter). Without `*` the text matches anywhere. With one, `*` is any run of characters and the
 * pattern is the whole address: from its scheme (`https://shop.pt/produtos/*`, or a leading `*`), from the
 * path when it starts with `/` (`/produtos/*`, the templates the page's Lighthouse sample shows), or from
 * any path segment otherwise (`produtos/*`); a query string may follow.
 */
export function urlPatternRegex(pattern: string | undefined): string | null {
  const text = pattern?.trim()
  if (!text) return null
  const body = text.split('*').map(reEscape).join('.*')
  if (!text.includes('*')) return body
  const tail = '([?#].*)?$'
  if (text.startsWith('*') || new RegExp(`^${SCHEME}`, 'i').test(text)) return `^${body}${tail}`
  if (text.startsWith('/')) return `^${SCHEME}[^/]*${body}${tail}`
  return `^${SCHEME}(.*/)?${body}${tail}`
}

function whereOf(
  crawlId: string,
  q: Pick<InventoryQuery, 'issue' | 'status' | 'indexable' | 'pattern'>,
): SQL {
  const parts: SQL[] = [sql`p.crawl_id = ${crawlId}::uuid`]
  const regex = urlPatternRegex(q.pattern)
  if (regex) parts.push(sql`p.url ~* ${regex}`)
  if (q.status) parts.push(sql`${STATUS_CLASS} = ${q.status}`)
  if (q.indexable) parts.push(q.indexable === 'yes' ? sql`p.indexable` : sql`NOT p.indexable`)
  if (q.issue)
    parts.push(sql`EXISTS (SELECT 1 FROM site_crawl_issues i WHERE i.crawl_id = p.crawl_id
      AND i.type = ${q.issue} AND i.url = p.url)`)
  return sql.join(parts, sql` AND `)
}

const orderOf = (q: Pick<InventoryQuery, 'sort' | 'dir'>) =>
  sql.raw(
    `${inventorySorts[q.sort] ?? 'p.url'} ${q.dir === 'desc' ? 'DESC' : 'ASC'} NULLS LAST${q.sort === 'url' ? '' : ', p.url ASC'}`,
  )

const COLUMNS =
  sql.raw(`p.url, p.status, p.content_type, p.indexable, p.title, p.description, p.h1, p.h1_count,
  p.word_count, p.canonical, p.noindex, p.nofollow, p.depth, s.inlinks, p.outlinks, s.link_score, p.total_ms,
  p.bytes, p.blocked`)

function inventoryRowOf(r: Row): InventoryRow {
  const canonicalUrl = str(r.canonical)
  return {
    url: String(r.url),
    status: num(r.status),
    contentType: str(r.content_type),
    indexable: Boolean(r.indexable),
    indexability: String(r.indexability) as Indexability,
    title: str(r.title),
    titleLength: [...(str(r.title) ?? '')].length,
    description: str(r.description),
    descriptionLength: [...(str(r.description) ?? '')].length,
    h1: str(r.h1),
    h1Count: num(r.h1_count),
    wordCount: Number(r.word_count ?? 0),
    canonical: canonicalUrl === null ? 'none' : canonicalUrl === String(r.url) ? 'self' : 'other',
    canonicalUrl,
    noindex: Boolean(r.noindex),
    nofollow: Boolean(r.nofollow),
    depth: num(r.depth),
    inlinks: Number(r.inlinks ?? 0),
    outlinks: Number(r.outlinks ?? 0),
    linkScore: num(r.link_score),
    totalMs: num(r.total_ms),
    bytes: Number(r.bytes ?? 0),
    duplicates: Number(r.duplicates ?? 0),
    issues: Number(r.issue_count ?? 0),
  }
}

/** The rows' per-URL extras, computed for the page of rows only (never for the whole filtered set). */
const EXTRAS = sql.raw(`
  (SELECT count(*) FROM site_crawl_issues i WHERE i.crawl_id = p.crawl_id AND i.url = p.url)::int AS issue_count,
  coalesce((SELECT (i.detail->>'groupSize')::int - 1 FROM site_crawl_issues i WHERE i.crawl_id = p.crawl_id
    AND i.type = 'duplicate-content' AND i.url = p.url), 0)
  + coalesce((SELECT jsonb_array_length(i.detail->'duplicates') FROM site_crawl_issues i
    WHERE i.crawl_id = p.crawl_id AND i.type = 'near-duplicate' AND i.url = p.url), 0) AS duplicates`)

/** One page of the inventory and how many URLs the filters leave. */
export async function listInventory(
  db: Db,
  crawlId: string,
  q: InventoryQuery,
): Promise<{ total: number; rows: InventoryRow[] }> {
  const where = whereOf(crawlId, q)
  const [count] = await rowsOf(db, sql`SELECT count(*)::int AS n FROM site_crawl_pages p WHERE ${where}`)
  const rows = await rowsOf(
    db,
    sql`SELECT p.*, ${INDEXABILITY} AS indexability, ${EXTRAS} FROM (
      SELECT ${COLUMNS}, p.crawl_id FROM ${SCORED_PAGES} WHERE ${where}
      ORDER BY ${orderOf(q)} LIMIT ${q.limit} OFFSET ${q.offset}) p
      ORDER BY ${orderOf(q)}`,
  )
  return { total: Number(count?.n ?? 0), rows: rows.map(inventoryRowOf) }
}

/** The filters' counts over the whole crawl (each from an index or one pass over the crawl's pages). */
export async function inventoryFacets(db: Db, crawlId: string): Promise<InventoryFacets> {
  const c = sql`${crawlId}::uuid`
  const issues = await rowsOf(
    db,
    sql`SELECT type, severity, count(*)::int AS n FROM site_crawl_issues WHERE crawl_id = ${c} GROUP BY type, severity`,
  )
  const classes = await rowsOf(
    db,
    sql`SELECT ${STATUS_CLASS} AS k, p.indexable, count(*)::int AS n FROM site_crawl_pages p
      WHERE p.crawl_id = ${c} GROUP BY 1, 2`,
  )
  const status = Object.fromEntries(STATUS_CLASSES.map((k) => [k, 0])) as Record<StatusClass, number>
  const indexable = { yes: 0, no: 0 }
  for (const r of classes) {
    status[String(r.k) as StatusClass] += Number(r.n)
    indexable[r.indexable ? 'yes' : 'no'] += Number(r.n)
  }
  const order = new Map(siteChecks.map((check, i) => [check.id, i]))
  return {
    pages: indexable.yes + indexable.no,
    issues: issues
      .map((r) => {
        const type = String(r.type)
        const check = siteCheckById.get(type)
        return {
          type,
          severity: r.severity as Severity,
          count: Number(r.n),
          title: check?.title ?? { pt: type, en: type },
          ...(check?.pageCheck ? { pageCheck: check.pageCheck } : {}),
        }
      })
      .sort((a, b) => (order.get(a.type) ?? 999) - (order.get(b.type) ?? 999)),
    status,
    indexable,
  }
}

/** Where the previous chunk ended: its last row's sort value and URL. */
type Keyset = { value: unknown; url: string } | null

/**
 * Rows after `last` in the inventory's order (sort expression, NULLS LAST, then URL ascending): a keyset,
 * so each chunk of an export starts where the previous one ended instead of skipping an OFFSET.
 */
function afterOf(q: Pick<InventoryQuery, 'sort' | 'dir'>, last: Keyset): SQL {
  if (!last) return sql`TRUE`
  if (q.sort === 'url') return q.dir === 'desc' ? sql`p.url < ${last.url}` : sql`p.url > ${last.url}`
  const e = sql.raw(inventorySorts[q.sort])
  if (last.value === null) return sql`(${e} IS NULL AND p.url > ${last.url})`
  const beyond = q.dir === 'desc' ? sql`${e} < ${last.value}` : sql`${e} > ${last.value}`
  return sql`(${beyond} OR (${e} = ${last.value} AND p.url > ${last.url}) OR ${e} IS NULL)`
}

/** Every row the filters leave, in the chosen order, read in chunks by keyset (never the whole set). */
export async function* inventoryRows(
  db: Db,
  crawlId: string,
  q: Omit<InventoryQuery, 'offset' | 'limit'>,
  chunk = 5000,
): AsyncGenerator<InventoryRow[]> {
  let last: Keyset = null
  for (;;) {
    const rows = await rowsOf(
      db,
      sql`SELECT p.*, ${INDEXABILITY} AS indexability, ${EXTRAS} FROM (
        SELECT ${COLUMNS}, p.crawl_id, ${sql.raw(inventorySorts[q.sort])} AS sort_value
        FROM ${SCORED_PAGES} WHERE ${whereOf(crawlId, q)} AND ${afterOf(q, last)}
        ORDER BY ${orderOf(q)} LIMIT ${chunk}) p
        ORDER BY ${orderOf(q)}`,
    )
    if (rows.length) yield rows.map(inventoryRowOf)
    if (rows.length < chunk) return
    const end = rows[rows.length - 1]!
    last = { value: end.sort_value ?? null, url: String(end.url) }
  }
}

const csvField = (v: unknown) => {
  const s = v === null || v === undefined ? '' : String(v)
  // A leading =, +, - or @ would be a formula in a spreadsheet: quoted with a ' first.
  const safe = /^[=+\-@]/.test(s) && Number.isNaN(Number(s)) ? `'${s}` : s
  return /[",\n\r;]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe
}

/**
 * What an export writes: the page's shown columns (`columns`, in its order; all when absent) with headers
 * and values in `lang`, or, with `codes`, every column with the API's names and codes.
 */
export interface InventoryExport {
  lang: 'pt' | 'en'
  columns?: string[]
  codes?: boolean
}

function exportShape(e: InventoryExport) {
  const columns = e.codes ? INVENTORY_COLUMNS : inventoryExportColumns(e.columns)
  return {
    header: inventoryHeader(columns, e.lang, e.codes),
    cells: (r: InventoryRow) => columns.map((c) => inventoryCell(c.key, r[c.key], e.lang, e.codes)),
  }
}

/** The filtered inventory as CSV: a header in the reader's language, then one line per URL. */
export async function* inventoryCsv(
  db: Db,
  crawlId: string,
  q: Omit<InventoryQuery, 'offset' | 'limit'>,
  e: InventoryExport,
): AsyncGenerator<string> {
  const shape = exportShape(e)
  yield `${shape.header.map(csvField).join(',')}\n`
  for await (const rows of inventoryRows(db, crawlId, q)) {
    yield rows.map((r) => `${shape.cells(r).map(csvField).join(',')}\n`).join('')
  }
}

/** The filtered inventory as an .xlsx file (the same rows, columns and headers as the CSV), streamed. */
export function inventoryXlsx(
  db: Db,
  crawlId: string,
  q: Omit<InventoryQuery, 'offset' | 'limit'>,
  e: InventoryExport,
): AsyncGenerator<Buffer> {
  const shape = exportShape(e)
  async function* rows() {
    for await (const chunk of inventoryRows(db, crawlId, q)) yield chunk.map(shape.cells)
  }
  return xlsxStream(e.lang === 'pt' ? 'Inventário' : 'Inventory', shape.header, rows())
}

// --- One URL's detail ---

/** How many inlinks, outlinks and issues the detail lists (the rest are counted). */
const DETAIL_ROWS = 100

/** One URL's detail, or null when the crawl has no such URL. */
export async function pageDetail(db: Db, crawlId: string, url: string): Promise<PageDetail | null> {
  const c = sql`${crawlId}::uuid`
  const [row] = await rowsOf(
    db,
    sql`SELECT ${COLUMNS}, p.crawl_id, p.lang, p.viewport, p.images_without_alt, p.insecure_resources,
      p.redirect_to, p.error, p.first_byte_ms, p.content_hash, ${INDEXABILITY} AS indexability, ${EXTRAS}
      FROM ${SCORED_PAGES} WHERE p.crawl_id = ${c} AND p.url = ${url}`,
  )
  if (!row) return null
  const issueRows = await rowsOf(
    db,
    sql`SELECT type, severity, detail FROM site_crawl_issues WHERE crawl_id = ${c} AND url = ${url}`,
  )
  const order = new Map(siteChecks.map((check, i) => [check.id, i]))
  const issues = issueRows
    .map((r) => {
      const type = String(r.type)
      const check = siteCheckById.get(type)
      return {
        type,
        severity: r.severity as Severity,
        title: check?.title ?? { pt: type, en: type },
        description: check?.description ?? { pt: '', en: '' },
        detail: r.detail === null ? null : (jsonOf(r.detail) as Record<string, unknown>),
      }
    })
    .sort((a, b) => (order.get(a.type) ?? 999) - (order.get(b.type) ?? 999))

  // The links to it and to the URLs that redirect to it, as the inlink count and the orphan check count them.
  const inlinks = await listSources(db, crawlId, url, { limit: DETAIL_ROWS })
  const [outCount] = await rowsOf(
    db,
    sql`SELECT count(*)::int AS n, (count(*) FILTER (WHERE internal))::int AS internal
      FROM site_crawl_links WHERE crawl_id = ${c} AND source = ${url}`,
  )
  const outlinks = await rowsOf(
    db,
    sql`SELECT l.target, l.anchor, l.nofollow, l.internal, t.status FROM site_crawl_links l
      LEFT JOIN site_crawl_pages t ON t.crawl_id = l.crawl_id AND t.url = l.target
      WHERE l.crawl_id = ${c} AND l.source = ${url} ORDER BY l.internal DESC, l.target LIMIT ${DETAIL_ROWS}`,
  )

  // Redirect hops: at most 20, stopping at a URL seen before (a loop) or one the crawl did not fetch.
  const redirects: { url: string; status: number | null }[] = []
  if (row.redirect_to !== null) {
    const seen = new Set<string>([url])
    redirects.push({ url, status: num(row.status) })
    let next = str(row.redirect_to)
    while (next && redirects.length < 20) {
      const [hop] = await rowsOf(
        db,
        sql`SELECT url, status, redirect_to FROM site_crawl_pages WHERE crawl_id = ${c} AND url = ${next}`,
      )
      redirects.push({ url: next, status: hop ? num(hop.status) : null })
      if (!hop || seen.has(next)) break
      seen.add(next)
      next = str(hop.redirect_to)
    }
  }

  const canonicalFrom = await rowsOf(
    db,
    sql`SELECT source FROM site_crawl_edges WHERE crawl_id = ${c} AND kind = 'canonical' AND target = ${url}
      AND source <> target ORDER BY source LIMIT ${DETAIL_ROWS}`,
  )
  const hreflangOut = await rowsOf(
    db,
    sql`SELECT e.lang, e.target, t.status FROM site_crawl_edges e
      LEFT JOIN site_crawl_pages t ON t.crawl_id = e.crawl_id AND t.url = e.target
      WHERE e.crawl_id = ${c} AND e.kind = 'hreflang' AND e.source = ${url} ORDER BY e.lang, e.target`,
  )
  const hreflangIn = await rowsOf(
    db,
    sql`SELECT lang, source FROM site_crawl_edges WHERE crawl_id = ${c} AND kind = 'hreflang' AND target = ${url}
      AND source <> target ORDER BY source LIMIT ${DETAIL_ROWS}`,
  )

  // Near duplicates with their similarity, and exact copies (same content hash), with their titles.
  const near = issues.find((i) => i.type === 'near-duplicate')?.detail as
    | { duplicates?: string[]; similarities?: number[] }
    | undefined
  const exact = row.content_hash
    ? await rowsOf(
        db,
        sql`SELECT p.url FROM site_crawl_issues i JOIN site_crawl_pages p ON p.crawl_id = i.crawl_id AND p.url = i.url
          WHERE i.crawl_id = ${c} AND i.type = 'duplicate-content' AND i.detail->>'value' = ${String(row.content_hash)}
          AND p.url <> ${url} ORDER BY p.url LIMIT ${DETAIL_ROWS}`,
      )
    : []
  const others = [
    ...exact.map((r) => ({ url: String(r.url), similarity: 1, exact: true })),
    ...(near?.duplicates ?? []).map((u, i) => ({
      url: u,
      similarity: near?.similarities?.[i] ?? null,
      exact: false,
    })),
  ]
  const titles = others.length
    ? await rowsOf(
        db,
        sql`SELECT url, title FROM site_crawl_pages WHERE crawl_id = ${c} AND url = ANY(${sql.param(others.map((o) => o.url))}::text[])`,
      )
    : []
  const titleOf = new Map(titles.map((t) => [String(t.url), str(t.title)]))

  return {
    page: {
      ...inventoryRowOf(row),
      lang: str(row.lang),
      viewport: str(row.viewport),
      imagesWithoutAlt: num(row.images_without_alt),
      insecureResources: num(row.insecure_resources),
      redirectTo: str(row.redirect_to),
      error: str(row.error),
      firstByteMs: num(row.first_byte_ms),
      contentHash: str(row.content_hash),
    },
    issues,
    inlinks,
    outlinks: {
      total: Number(outCount?.n ?? 0),
      internal: Number(outCount?.internal ?? 0),
      rows: outlinks.map((r) => ({
        target: String(r.target),
        anchor: String(r.anchor),
        nofollow: Boolean(r.nofollow),
        internal: Boolean(r.internal),
        status: num(r.status),
      })),
    },
    redirects,
    canonical: { target: str(row.canonical), from: canonicalFrom.map((r) => String(r.source)) },
    hreflang: {
      out: hreflangOut.map((r) => ({
        lang: String(r.lang),
        target: String(r.target),
        status: num(r.status),
      })),
      in: hreflangIn.map((r) => ({ lang: String(r.lang), source: String(r.source) })),
    },
    nearDuplicates: others.map((o) => ({ ...o, title: titleOf.get(o.url) ?? null })),
  }
}

// --- Duplicate groups, readable: titles and URLs, largest first ---

export const GROUP_TYPES = [
  'duplicate-title',
  'duplicate-description',
  'duplicate-content',
  'near-duplicate',
] as const
const GROUP_PAGES = 10

/** Groups of one duplicate type, largest first, paged. */
export async function duplicateGroups(
  db: Db,
  crawlId: string,
  type: DuplicateGroup['type'],
  offset = 0,
  limit = 20,
): Promise<{ total: number; groups: DuplicateGroup[] }> {
  const c = sql`${crawlId}::uuid`
  if (type === 'near-duplicate') return nearGroups(db, crawlId, offset, limit)
  const [count] = await rowsOf(
    db,
    sql`SELECT count(DISTINCT detail->>'value')::int AS n FROM site_crawl_issues WHERE crawl_id = ${c} AND type = ${type}`,
  )
  const rows = await rowsOf(
    db,
    sql`SELECT g.v, g.n, (SELECT jsonb_agg(jsonb_build_object('url', x.url, 'title', x.title) ORDER BY x.url) FROM (
        SELECT i.url, p.title FROM site_crawl_issues i
        JOIN site_crawl_pages p ON p.crawl_id = i.crawl_id AND p.url = i.url
        WHERE i.crawl_id = ${c} AND i.type = ${type} AND i.detail->>'value' = g.v ORDER BY i.url LIMIT ${GROUP_PAGES}) x) AS pages
      FROM (SELECT detail->>'value' AS v, count(*)::int AS n FROM site_crawl_issues
        WHERE crawl_id = ${c} AND type = ${type} GROUP BY 1) g
      ORDER BY g.n DESC, g.v LIMIT ${limit} OFFSET ${offset}`,
  )
  return {
    total: Number(count?.n ?? 0),
    groups: rows.map((r) => ({
      type,
      value: str(r.v),
      size: Number(r.n),
      pages: ((jsonOf(r.pages) ?? []) as { url: string; title: string | null }[]).map((p) => ({
        url: p.url,
        title: p.title ?? null,
      })),
    })),
  }
}

/**
 * Near-duplicate groups: the connected pages of the near-duplicate pairs (union-find over the issue rows,
 * which hold each URL's most similar others). Held in the process: one entry per near-duplicate URL.
 */
async function nearGroups(
  db: Db,
  crawlId: string,
  offset: number,
  limit: number,
): Promise<{ total: number; groups: DuplicateGroup[] }> {
  const rows = await rowsOf(
    db,
    sql`SELECT url, detail FROM site_crawl_issues WHERE crawl_id = ${crawlId}::uuid AND type = 'near-duplicate'`,
  )
  const parent = new Map<string, string>()
  const find = (u: string): string => {
    let root = u
    while (parent.get(root) !== root) root = parent.get(root) ?? root
    parent.set(u, root)
    return root
  }
  const add = (u: string) => {
    if (!parent.has(u)) parent.set(u, u)
  }
  for (const r of rows) {
    const url = String(r.url)
    add(url)
    for (const other of ((jsonOf(r.detail) ?? {}) as { duplicates?: string[] }).duplicates ?? []) {
      add(other)
      const a = find(url)
      const b = find(other)
      if (a !== b) parent.set(a < b ? b : a, a < b ? a : b)
    }
  }
  const groups = new Map<string, string[]>()
  for (const u of parent.keys()) {
    const root = find(u)
    groups.set(root, [...(groups.get(root) ?? []), u])
  }
  const sorted = [...groups.values()]
    .map((urls) => urls.sort())
    .sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!))
  const page = sorted.slice(offset, offset + limit)
  const shown = page.flatMap((urls) => urls.slice(0, GROUP_PAGES))
  const titles = shown.length
    ? await rowsOf(
        db,
        sql`SELECT url, title FROM site_crawl_pages WHERE crawl_id = ${crawlId}::uuid AND url = ANY(${sql.param(shown)}::text[])`,
      )
    : []
  const titleOf = new Map(titles.map((t) => [String(t.url), str(t.title)]))
  return {
    total: sorted.length,
    groups: page.map((urls) => ({
      type: 'near-duplicate' as const,
      value: null,
      size: urls.length,
      pages: urls.slice(0, GROUP_PAGES).map((url) => ({ url, title: titleOf.get(url) ?? null })),
    })),
  }
}
