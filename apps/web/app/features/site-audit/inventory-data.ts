// Pure helpers of the inventory (issue #29): the filters as a query string, the columns (which are shown
// by default, which sort), how a cell reads, and the issue filter's labels ("Sem meta descrição: 500").

import { formatCount, formatPercent } from '../ui/format.ts'

export interface InventoryFilters {
  issue: string
  status: '' | '2xx' | '3xx' | '4xx' | '5xx' | 'none'
  indexable: '' | 'yes' | 'no'
  pattern: string
  sort: ColumnKey
  dir: 'asc' | 'desc'
}

export const defaultFilters: InventoryFilters = {
  issue: '',
  status: '',
  indexable: '',
  pattern: '',
  sort: 'url',
  dir: 'asc',
}

/** The filters as the API's query string (empty ones left out). */
export function inventorySearch(f: InventoryFilters): URLSearchParams {
  const search = new URLSearchParams({ sort: f.sort, dir: f.dir })
  if (f.issue) search.set('issue', f.issue)
  if (f.status) search.set('status', f.status)
  if (f.indexable) search.set('indexable', f.indexable)
  if (f.pattern.trim()) search.set('pattern', f.pattern.trim())
  return search
}

export type ColumnKey =
  | 'url'
  | 'status'
  | 'contentType'
  | 'indexable'
  | 'title'
  | 'titleLength'
  | 'description'
  | 'descriptionLength'
  | 'h1'
  | 'h1Count'
  | 'words'
  | 'canonical'
  | 'directives'
  | 'depth'
  | 'inlinks'
  | 'outlinks'
  | 'linkScore'
  | 'ms'
  | 'bytes'
  | 'duplicates'

export interface Column {
  key: ColumnKey
  /** Sortable on the server (inventorySorts there). */
  sorts: boolean
  numeric: boolean
  /**
   * Shown until the user changes the columns: what a row is and its main facts, few enough that the table
   * fits its box at 1280 px (issue 41 item 4); the rest are in the column chooser.
   */
  shown: boolean
}

export const columns: readonly Column[] = [
  { key: 'url', sorts: true, numeric: false, shown: true },
  { key: 'status', sorts: true, numeric: true, shown: true },
  { key: 'contentType', sorts: true, numeric: false, shown: false },
  { key: 'indexable', sorts: true, numeric: false, shown: true },
  { key: 'title', sorts: true, numeric: false, shown: true },
  { key: 'titleLength', sorts: true, numeric: true, shown: false },
  { key: 'description', sorts: true, numeric: false, shown: false },
  { key: 'descriptionLength', sorts: true, numeric: true, shown: false },
  { key: 'h1', sorts: true, numeric: false, shown: false },
  { key: 'h1Count', sorts: true, numeric: true, shown: false },
  { key: 'words', sorts: true, numeric: true, shown: true },
  { key: 'canonical', sorts: true, numeric: false, shown: false },
  { key: 'directives', sorts: false, numeric: false, shown: false },
  { key: 'depth', sorts: true, numeric: true, shown: true },
  { key: 'inlinks', sorts: true, numeric: true, shown: true },
  { key: 'outlinks', sorts: true, numeric: true, shown: false },
  { key: 'linkScore', sorts: true, numeric: true, shown: false },
  { key: 'ms', sorts: true, numeric: true, shown: false },
  { key: 'bytes', sorts: true, numeric: true, shown: false },
  { key: 'duplicates', sorts: false, numeric: true, shown: false },
]

export const defaultColumns: ColumnKey[] = columns.filter((c) => c.shown).map((c) => c.key)

/** The columns chosen, in the table's order; the URL is always there. */
export function visibleColumns(chosen: readonly ColumnKey[]): Column[] {
  return columns.filter((c) => c.key === 'url' || chosen.includes(c.key))
}

/** Clicking a header: the same column flips its direction; another starts ascending (numbers: descending). */
export function nextSort(f: InventoryFilters, key: ColumnKey): InventoryFilters {
  const column = columns.find((c) => c.key === key)
  if (!column?.sorts) return f
  if (f.sort === key) return { ...f, dir: f.dir === 'asc' ? 'desc' : 'asc' }
  return { ...f, sort: key, dir: column.numeric ? 'desc' : 'asc' }
}

/** Short names for the page-level problems in the issue filter (the page audit's titles are sentences). */
export const issueFilterLabels: Record<string, { pt: string; en: string }> = {
  'missing-title': { pt: 'Sem título', en: 'No title' },
  'title-too-long': { pt: 'Título demasiado longo', en: 'Title too long' },
  'missing-description': { pt: 'Sem meta descrição', en: 'No meta description' },
  'description-too-long': { pt: 'Meta descrição demasiado longa', en: 'Meta description too long' },
  'missing-h1': { pt: 'Sem H1', en: 'No H1' },
  'multiple-h1': { pt: 'Vários H1', en: 'Multiple H1' },
  'missing-alt': { pt: 'Imagens sem alt', en: 'Images without alt' },
  'missing-lang': { pt: 'Sem idioma válido', en: 'No valid language' },
  noindex: { pt: 'Bloqueada com noindex', en: 'Blocked by noindex' },
  'mixed-content': { pt: 'Conteúdo misto', en: 'Mixed content' },
  'missing-viewport': { pt: 'Sem viewport para telemóveis', en: 'No mobile viewport' },
  'thin-content': { pt: 'Pouco texto', en: 'Little text' },
}

/** "Sem meta descrição: 500": the issue's short name (or its title) and how many URLs have it. */
export function issueOptionLabel(
  issue: { type: string; count: number; title: { pt: string; en: string } },
  lang: 'pt' | 'en',
): string {
  const name = issueFilterLabels[issue.type]?.[lang] ?? issue.title[lang]
  return `${name}: ${formatCount(issue.count, lang)}`
}

/** The similarity as a percentage ("93%" in the one formatter's notation), or null when unknown. */
export function percent(similarity: number | null, lang: 'pt' | 'en' = 'en'): string | null {
  return similarity === null ? null : formatPercent(similarity, lang, 0)
}

/** Status classes as the server groups them. */
export const statusClasses = ['2xx', '3xx', '4xx', '5xx', 'none'] as const

type Translate = (key: string, options?: Record<string, unknown>) => string

/**
 * The page's outlinks fact: every internal link on it, repeats included (the inventory's column), and how
 * many distinct pages they point to when that differs, so "17" never stands above a list of 15 (issue 41).
 */
export function outlinkFact(links: number, distinctInternal: number | undefined, t: Translate): string {
  if (distinctInternal === undefined || distinctInternal === links)
    return t('inventory.detail.outlinksFact', { count: links })
  return t('inventory.detail.outlinksFactDistinct', { count: links, distinct: distinctInternal })
}

/** The outlinks list's heading: its rows are distinct targets, internal and external. */
export function outlinksTitle(outlinks: { total: number; internal?: number }, t: Translate): string {
  const title = t('inventory.detail.outlinksTitle', { count: outlinks.total })
  if (outlinks.internal === undefined) return title
  const internal = t('inventory.detail.internalTargets', { count: outlinks.internal })
  const external = t('inventory.detail.externalTargets', { count: outlinks.total - outlinks.internal })
  return `${title} (${internal}, ${external})`
}
