// The inventory's calls (issue #29): a page of crawled URLs with the filters, the filters' counts, one
// URL's detail, the duplicate groups; the filtered CSV is a link the server streams.
import { apiError } from '../../lib/api-error.ts'
import { type InventoryFilters, inventorySearch } from './inventory-data.ts'

export type Severity = 'error' | 'warning' | 'notice'
type Localized = { pt: string; en: string }

export type Indexability =
  | 'indexable'
  | 'blocked'
  | 'error'
  | 'redirect'
  | 'status'
  | 'not-html'
  | 'noindex'
  | 'canonicalised'

/** One crawled URL (apps/server/src/site-audit/inventory.ts InventoryRow). */
export interface InventoryRow {
  url: string
  status: number | null
  contentType: string | null
  indexable: boolean
  indexability: Indexability
  title: string | null
  titleLength: number
  description: string | null
  descriptionLength: number
  h1: string | null
  h1Count: number | null
  wordCount: number
  canonical: 'self' | 'other' | 'none'
  canonicalUrl: string | null
  noindex: boolean
  nofollow: boolean
  depth: number | null
  inlinks: number
  outlinks: number
  linkScore: number | null
  totalMs: number | null
  bytes: number
  duplicates: number
  issues: number
}

export interface InventoryFacets {
  pages: number
  issues: { type: string; severity: Severity; count: number; title: Localized; pageCheck?: string }[]
  status: Record<'2xx' | '3xx' | '4xx' | '5xx' | 'none', number>
  indexable: { yes: number; no: number }
}

export interface PageDetail {
  page: InventoryRow & {
    lang: string | null
    viewport: string | null
    imagesWithoutAlt: number | null
    insecureResources: number | null
    redirectTo: string | null
    error: string | null
    firstByteMs: number | null
    contentHash: string | null
  }
  issues: {
    type: string
    severity: Severity
    title: Localized
    description: Localized
    detail: Record<string, unknown> | null
  }[]
  inlinks: { total: number; rows: { source: string; anchor: string; nofollow: boolean }[] }
  outlinks: {
    total: number
    rows: { target: string; anchor: string; nofollow: boolean; internal: boolean; status: number | null }[]
  }
  redirects: { url: string; status: number | null }[]
  canonical: { target: string | null; from: string[] }
  hreflang: {
    out: { lang: string; target: string; status: number | null }[]
    in: { lang: string; source: string }[]
  }
  nearDuplicates: { url: string; title: string | null; similarity: number | null; exact: boolean }[]
}

export interface DuplicateGroup {
  type: 'duplicate-title' | 'duplicate-description' | 'duplicate-content' | 'near-duplicate'
  value: string | null
  size: number
  pages: { url: string; title: string | null }[]
}

const base = (crawlId: string) => `/api/site-audit/crawls/${encodeURIComponent(crawlId)}`

async function getJson<T>(href: string): Promise<T> {
  const response = await fetch(href, { credentials: 'same-origin', headers: { Accept: 'application/json' } })
  if (!response.ok) throw await apiError(response)
  return (await response.json()) as T
}

export function fetchInventory(
  crawlId: string,
  filters: InventoryFilters,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: InventoryRow[] }> {
  const search = inventorySearch(filters)
  search.set('offset', String(offset))
  search.set('limit', String(limit))
  return getJson(`${base(crawlId)}/inventory?${search}`)
}

export function fetchFacets(crawlId: string): Promise<InventoryFacets> {
  return getJson(`${base(crawlId)}/inventory/facets`)
}

export function fetchPageDetail(crawlId: string, url: string): Promise<PageDetail> {
  return getJson(`${base(crawlId)}/page?${new URLSearchParams({ url })}`)
}

/** More of a URL's inlinks after the detail's first ones (same order: by source URL). */
export function fetchInlinks(
  crawlId: string,
  url: string,
  offset: number,
  limit = 100,
): Promise<{ total: number; rows: { source: string; anchor: string; nofollow: boolean }[] }> {
  return getJson(
    `${base(crawlId)}/sources?${new URLSearchParams({ url, offset: String(offset), limit: String(limit) })}`,
  )
}

export function fetchGroups(
  crawlId: string,
  type: DuplicateGroup['type'],
  offset = 0,
  limit = 20,
): Promise<{ total: number; groups: DuplicateGroup[] }> {
  return getJson(
    `${base(crawlId)}/groups?${new URLSearchParams({ type, offset: String(offset), limit: String(limit) })}`,
  )
}

/** The filtered inventory as CSV or XLSX (headers in `lang`), streamed by the server. */
export function inventoryExportHref(
  crawlId: string,
  filters: InventoryFilters,
  lang: 'pt' | 'en',
  format: 'csv' | 'xlsx' = 'csv',
): string {
  const search = inventorySearch(filters)
  search.set('lang', lang)
  return `${base(crawlId)}/inventory.${format}?${search}`
}
