// Local directories: the business's NAP (name, address, phone) as the user gave it, what each directory
// holds, and the verdict per directory. These are the task's result types, shown by the web page as is.
import type { Localized } from '../types.ts'

export type Country = 'PT' | 'BR'

/** A business's name, address and phone. Empty string when a value is unknown. */
export interface Nap {
  name: string
  /** Street, house number and complement, e.g. "Rua Augusta, 24, 2.º Esq." */
  address: string
  postalCode: string
  city: string
  phone: string
}

export type NapField = keyof Nap

export const napFields: readonly NapField[] = ['name', 'address', 'postalCode', 'city', 'phone']

/** Directories with an API Farol queries, and the one it reads itself (the site). */
export type CheckedDirectoryId = 'website' | 'google' | 'osm' | 'foursquare'
/** Directories without a usable API: a link to their own search, checked by a person. */
export type ManualDirectoryId =
  | 'facebook'
  | 'apple'
  | 'bing'
  | 'paginas_amarelas'
  | 'guia_mais'
  | 'tripadvisor'
export type DirectoryId = CheckedDirectoryId | ManualDirectoryId

/**
 * good: found and consistent; inconsistent: found, with differences; missing: searched and not found;
 * unchecked: not searched (no provider configured, manual-only directory, provider error) — never "missing".
 */
export type DirectoryStatus = 'good' | 'inconsistent' | 'missing' | 'unchecked'

/** Why a directory is unchecked. */
export type UncheckedReason = 'not_configured' | 'manual' | 'provider_error' | 'no_site'

export interface Difference {
  field: NapField
  /** The value given in the form (the reference). */
  expected: string
  /** The value the directory holds. */
  found: string
}

export interface DirectoryEntry {
  directory: DirectoryId
  status: DirectoryStatus
  /** Each differing field with both values (status inconsistent). */
  differences?: Difference[]
  /** The listing itself, when found. */
  url?: string
  /** The directory's own search for the business (manual directories, and a fallback for the others). */
  checkUrl?: string
  /** The listing's NAP as the directory holds it, to show side by side with the form. */
  found?: Nap
  /** Weighted field similarity of the listing to the reference, 0-1 (found listings only). */
  similarity?: number
  reason?: UncheckedReason
  /** The provider's own error text (reason provider_error). */
  message?: string
}

export interface DirectoryRecommendation {
  id: string
  impact: 'high' | 'medium' | 'low'
  title: Localized
  description: Localized
  url?: string
}

export interface DirectoryReport {
  /** What every directory was compared to: the form, completed from the site's own NAP where empty. */
  reference: Nap
  country: Country
  /** The site's own NAP (JSON-LD, footer), when a site was read. */
  siteNap: Nap | null
  directories: DirectoryEntry[]
  /** 0-100 over the directories actually checked; null when none could be checked. */
  directoryScore: number | null
  /** How directoryScore is computed, in words. */
  formula: Localized
  recommendations: DirectoryRecommendation[]
  /** Providers the operator has not configured (their directories are unchecked). */
  notConfigured: CheckedDirectoryId[]
  /** Attributions the data's licences require (OpenStreetMap). */
  attributions: string[]
}

/** One listing as a provider returns it, already in Farol's shape. */
export interface Listing {
  nap: Nap
  url?: string
}
