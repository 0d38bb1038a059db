// The inventory's shapes (issue #29), shared by the server's queries (apps/server/src/features/site-audit/inventory.ts)
// and the web page that shows them (apps/web/app/features/site-audit/inventory-api.ts).
import type { Severity } from './types.ts'

export const STATUS_CLASSES = ['2xx', '3xx', '4xx', '5xx', 'none'] as const
export type StatusClass = (typeof STATUS_CLASSES)[number]

/** Why a URL is (not) indexable, in the order that decides it. */
export type Indexability =
  | 'indexable'
  | 'blocked'
  | 'error'
  | 'redirect'
  | 'status'
  | 'not-html'
  | 'noindex'
  | 'canonicalised'

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
  /** self: names itself; other: names another URL; none. */
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
  /** Other pages with exactly (duplicate-content) or nearly (near-duplicate) the same main text. */
  duplicates: number
  /** Issues (of any type) on this URL. */
  issues: number
}

export interface InventoryFacets {
  pages: number
  /** Every issue type found, with how many URLs: the "by issue" filter ("Sem meta descrição: 500"). */
  issues: {
    type: string
    severity: Severity
    count: number
    title: { pt: string; en: string }
    /** The page audit's check (page-level problems only). */
    pageCheck?: string
  }[]
  status: Record<StatusClass, number>
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
    title: { pt: string; en: string }
    description: { pt: string; en: string }
    detail: Record<string, unknown> | null
  }[]
  /** The links to the page and to the URLs whose redirects end at it (`via`: the URL linked). */
  inlinks: {
    total: number
    rows: { source: string; anchor: string; nofollow: boolean; via?: string | null }[]
  }
  /** One row per distinct target; `total` counts them (internal and external). */
  outlinks: {
    total: number
    /** Distinct internal targets: the page's `outlinks` fact counts every internal link, repeats included. */
    internal?: number
    rows: { target: string; anchor: string; nofollow: boolean; internal: boolean; status: number | null }[]
  }
  /** From this URL through each redirect it answers with, first to last (a loop ends at the repeat). */
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
  /** The shared title or description; for content, the SHA-256 of the main text (shown as a tooltip). */
  value: string | null
  size: number
  /** The group's first pages (by URL) with their titles. */
  pages: { url: string; title: string | null }[]
}
