// Field data: what real Chrome users experienced on a URL or its origin over 28 days, from the Chrome UX
// Report (CrUX). Values keep the API's units: milliseconds for the times, unitless for CLS.
import type { Finding, Localized } from '../types.ts'

/** The five metrics Farol reads; the CrUX API names are in crux.ts. */
export type FieldMetricId = 'lcp' | 'inp' | 'cls' | 'fcp' | 'ttfb'

export type FieldRating = 'good' | 'needs-improvement' | 'poor'

/** CrUX form factors Farol asks for: phone for the mobile run, desktop for the desktop one. */
export type FormFactor = 'PHONE' | 'DESKTOP'

/** A calendar date as the API gives it, written YYYY-MM-DD. */
export type IsoDate = string

export interface CollectionPeriod {
  firstDate: IsoDate
  lastDate: IsoDate
}

export interface FieldMetric {
  /** 75th percentile: ms for times, unitless for CLS. */
  p75: number
  rating: FieldRating
  /** Share of page loads in the good, needs-improvement and poor bins (0-1 each, summing to about 1). */
  distribution: { good: number; needsImprovement: number; poor: number }
}

/** Google's Core Web Vitals assessment of the record (as PageSpeed Insights words it). */
export type CwvVerdict = 'passed' | 'failed' | 'no-data'

export interface FieldHistory {
  /** Weekly 28-day windows, oldest first (up to 25, about 6 months). */
  periods: CollectionPeriod[]
  /** p75 per period, aligned with `periods`; null where CrUX had too few samples that week. */
  p75s: Partial<Record<FieldMetricId, (number | null)[]>>
}

export interface FieldRecord {
  formFactor: FormFactor
  /** Whether the figures are the page's own, or its whole origin's because the page had too few visits. */
  scope: 'url' | 'origin'
  /** The URL (as CrUX normalised it) or the origin the figures are for. */
  key: string
  collectionPeriod: CollectionPeriod
  metrics: Partial<Record<FieldMetricId, FieldMetric>>
  verdict: CwvVerdict
  history: FieldHistory | null
}

/**
 * The field part of an analysis. 'no-key': no CrUX key is configured (nothing is guessed from the lab run);
 * 'no-data': CrUX has neither the URL nor its origin (too few Chrome visits); 'error': the API refused.
 */
export type FieldResult =
  | { status: 'ok'; record: FieldRecord; findings: Finding[] }
  | { status: 'no-data'; formFactor: FormFactor }
  | { status: 'no-key' }
  | { status: 'error'; code: string; message: Localized }
