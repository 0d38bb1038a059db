// The inventory's calls (issue #29): a page of crawled URLs with the filters, the filters' counts, one
// URL's detail, the duplicate groups; the filtered CSV is a link the server streams.
import type {
  DuplicateGroup,
  InventoryFacets,
  InventoryRow,
  PageDetail,
} from '@farol/engine/crawl/inventory-types.ts'
import { apiError } from '../../lib/api-error.ts'
import { type InventoryFilters, inventorySearch } from './inventory-data.ts'

export type { DuplicateGroup, InventoryFacets, InventoryRow, PageDetail }

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
): Promise<PageDetail['inlinks']> {
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
  /** The columns the table shows, in its order (the export writes those, in `lang`); 'codes': all, as codes. */
  columns: readonly string[] | 'codes' = 'codes',
): string {
  const search = inventorySearch(filters)
  search.set('lang', lang)
  if (columns === 'codes') search.set('codes', '1')
  else search.set('columns', columns.join(','))
  return `${base(crawlId)}/inventory.${format}?${search}`
}
