// What a spreadsheet export of the crawl writes (issue 41 item 4): the columns the page shows, in its
// order, with headers and values in the reader's language ("Redirecionamento", "Sim", "Ligações internas
// quebradas", "Erro"), as the page reads them. Codes (`redirect`, `true`, `broken-link`, `error`) are for
// the API and for the explicit "all columns, codes" export. Pure.
import { siteCheckById } from '@farol/engine/crawl/index.ts'
import type { InventoryRow } from '@farol/engine/crawl/inventory-types.ts'
import type { IssuesCsvWords } from '@farol/engine/crawl/store/store.ts'

type Lang = 'pt' | 'en'
type Words = Record<Lang, string>
/** A spreadsheet cell (xlsx.ts writes numbers as numbers). */
type Cell = string | number | boolean | null | undefined

/** The inventory's columns in their default order, with their PT and EN headers (the page's words). */
export const INVENTORY_COLUMNS: { key: keyof InventoryRow; pt: string; en: string }[] = [
  { key: 'url', pt: 'URL', en: 'URL' },
  { key: 'status', pt: 'Estado', en: 'Status' },
  { key: 'contentType', pt: 'Tipo de conteúdo', en: 'Content type' },
  { key: 'indexability', pt: 'Indexabilidade', en: 'Indexability' },
  { key: 'title', pt: 'Título', en: 'Title' },
  { key: 'titleLength', pt: 'Comprimento do título', en: 'Title length' },
  { key: 'description', pt: 'Meta descrição', en: 'Meta description' },
  { key: 'descriptionLength', pt: 'Comprimento da descrição', en: 'Description length' },
  { key: 'h1', pt: 'H1', en: 'H1' },
  { key: 'h1Count', pt: 'Número de H1', en: 'H1 count' },
  { key: 'wordCount', pt: 'Palavras', en: 'Words' },
  { key: 'canonical', pt: 'Canónica', en: 'Canonical' },
  { key: 'canonicalUrl', pt: 'URL canónico', en: 'Canonical URL' },
  { key: 'noindex', pt: 'noindex', en: 'noindex' },
  { key: 'nofollow', pt: 'nofollow', en: 'nofollow' },
  { key: 'depth', pt: 'Profundidade', en: 'Depth' },
  { key: 'inlinks', pt: 'Ligações de entrada', en: 'Inlinks' },
  { key: 'outlinks', pt: 'Ligações de saída', en: 'Outlinks' },
  { key: 'linkScore', pt: 'Pontuação de ligações', en: 'Link score' },
  { key: 'totalMs', pt: 'Tempo de resposta (ms)', en: 'Response time (ms)' },
  { key: 'bytes', pt: 'Tamanho (bytes)', en: 'Size (bytes)' },
  { key: 'duplicates', pt: 'Duplicados', en: 'Duplicates' },
  { key: 'issues', pt: 'Problemas', en: 'Issues' },
]

// The page's words (apps/web/app/locales/*/site.json, inventory.indexability and inventory.canonical).
const INDEXABILITY: Record<string, Words> = {
  indexable: { pt: 'Indexável', en: 'Indexable' },
  blocked: { pt: 'Bloqueado pelo robots.txt', en: 'Blocked by robots.txt' },
  error: { pt: 'Erro ao obter', en: 'Fetch error' },
  redirect: { pt: 'Redirecionamento', en: 'Redirect' },
  status: { pt: 'Estado HTTP de erro', en: 'Error HTTP status' },
  noindex: { pt: 'noindex', en: 'noindex' },
  canonicalised: { pt: 'Canónica aponta para outro URL', en: 'Canonical points elsewhere' },
  'not-html': { pt: 'Não é HTML', en: 'Not HTML' },
}
const CANONICAL: Record<string, Words> = {
  self: { pt: 'Própria', en: 'Self' },
  other: { pt: 'Outro URL', en: 'Other URL' },
  none: { pt: 'Nenhuma', en: 'None' },
}
const YES_NO: Record<'yes' | 'no', Words> = { yes: { pt: 'Sim', en: 'Yes' }, no: { pt: 'Não', en: 'No' } }
const SEVERITY: Record<string, Words> = {
  error: { pt: 'Erro', en: 'Error' },
  warning: { pt: 'Aviso', en: 'Warning' },
  notice: { pt: 'Nota', en: 'Notice' },
}

/** The page's column names (inventory-data.ts) that stand for other or several export columns. */
const PAGE_KEYS: Record<string, (keyof InventoryRow)[]> = {
  indexable: ['indexability'],
  words: ['wordCount'],
  ms: ['totalMs'],
  canonical: ['canonical', 'canonicalUrl'],
  directives: ['noindex', 'nofollow'],
}

/** An export's columns: the page's shown columns in its order (unknown names dropped), else all of them. */
export function inventoryExportColumns(chosen: string[] | undefined): typeof INVENTORY_COLUMNS {
  if (!chosen?.length) return INVENTORY_COLUMNS
  const byKey = new Map(INVENTORY_COLUMNS.map((c) => [c.key as string, c]))
  const keys = chosen.flatMap((k) => PAGE_KEYS[k] ?? [k as keyof InventoryRow])
  const out = [...new Set(keys)].flatMap((k) => byKey.get(k) ?? [])
  return out.length ? out : INVENTORY_COLUMNS
}

/** One cell as the page reads it in `lang`; with `codes`, the API's value unchanged. */
export function inventoryCell(key: keyof InventoryRow, value: unknown, lang: Lang, codes = false): Cell {
  if (codes || value === null || value === undefined) return value as Cell
  if (typeof value === 'boolean') return YES_NO[value ? 'yes' : 'no'][lang]
  if (key === 'indexability') return INDEXABILITY[String(value)]?.[lang] ?? String(value)
  if (key === 'canonical') return CANONICAL[String(value)]?.[lang] ?? String(value)
  return value as Cell
}

/** The header row: the columns' words in `lang`, or their keys (the codes export). */
export function inventoryHeader(columns: typeof INVENTORY_COLUMNS, lang: Lang, codes = false): string[] {
  return columns.map((c) => (codes ? c.key : c[lang]))
}

/** The issues export's header in `lang` (the codes export keeps the API's names). */
function issuesHeader(lang: Lang, codes = false): string[] {
  if (codes) return ['type', 'severity', 'url', 'source']
  return lang === 'pt' ? ['Problema', 'Gravidade', 'URL', 'Origem'] : ['Issue', 'Severity', 'URL', 'Source']
}

/** An issue's type and severity as the page names them. */
function issueWords(type: string, severity: string, lang: Lang): [string, string] {
  return [siteCheckById.get(type)?.title[lang] ?? type, SEVERITY[severity]?.[lang] ?? severity]
}

/** The words issuesCsv writes in `lang` (none: the codes export, as the API names them). */
export function issuesCsvWords(lang: Lang, codes: boolean): IssuesCsvWords | undefined {
  if (codes) return undefined
  return { header: issuesHeader(lang), cells: (type, severity) => issueWords(type, severity, lang) }
}
