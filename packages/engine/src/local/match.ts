// Comparing a directory listing with the business's reference NAP, field by field, the way listing
// tools do: each field normalised, a similarity per field, a weighted total. Pure functions.
import {
  foldText,
  normalizeAddress,
  normalizeName,
  normalizePhone,
  normalizePostalCode,
  textSimilarity,
} from './normalize.ts'
import type { Country, Difference, Listing, Nap, NapField } from './types.ts'

/** How much each field says about "this is the same business, listed right" (phone is nearly an id). */
export const fieldWeights: Record<NapField, number> = {
  phone: 1.0,
  address: 0.7,
  name: 0.55,
  postalCode: 0.55,
  city: 0.1,
}

/** Below this similarity a field is reported as different. */
const sameThreshold: Record<NapField, number> = {
  phone: 1,
  address: 0.85,
  name: 0.8,
  postalCode: 1,
  city: 0.85,
}

/** Similarity of one field, 0-1, or null when either side has no usable value (not compared). */
export function fieldSimilarity(field: NapField, a: string, b: string, country: Country): number | null {
  if (!a.trim() || !b.trim()) return null
  switch (field) {
    case 'phone': {
      const pa = normalizePhone(a, country)
      const pb = normalizePhone(b, country)
      if (!pa || !pb) return foldText(a).replace(/\s/g, '') === foldText(b).replace(/\s/g, '') ? 1 : 0
      return pa === pb ? 1 : 0
    }
    case 'postalCode': {
      const pa = normalizePostalCode(a)?.code ?? foldText(a)
      const pb = normalizePostalCode(b)?.code ?? foldText(b)
      return pa === pb ? 1 : 0
    }
    case 'name': {
      const na = normalizeName(a)
      const nb = normalizeName(b)
      if (!na || !nb) return null
      // "Versailles" listed for "Pastelaria Versailles": one name inside the other is the same business.
      const contained = ` ${na} `.includes(` ${nb} `) || ` ${nb} `.includes(` ${na} `)
      return Math.max(textSimilarity(na, nb), contained ? 0.9 : 0)
    }
    case 'address': {
      const aa = normalizeAddress(a)
      const ab = normalizeAddress(b)
      if (!aa.street || !ab.street) return null
      const street = textSimilarity(aa.street, ab.street)
      // The house number is compared apart: the right street with the wrong number is a wrong address.
      if (aa.number && ab.number && aa.number !== ab.number) return street * 0.5
      return street
    }
    case 'city':
      return textSimilarity(foldText(a), foldText(b))
  }
}

export interface Comparison {
  /** Weighted similarity over the fields both sides have, 0-1. */
  similarity: number
  perField: Partial<Record<NapField, number>>
  differences: Difference[]
}

/** Compares a listing with the reference: weighted similarity and each differing field with both values. */
export function compareNap(reference: Nap, listing: Nap, country: Country): Comparison {
  const perField: Partial<Record<NapField, number>> = {}
  const differences: Difference[] = []
  let weighted = 0
  let weights = 0
  for (const field of Object.keys(fieldWeights) as NapField[]) {
    const s = fieldSimilarity(field, reference[field], listing[field], country)
    if (s === null) continue
    perField[field] = s
    weighted += fieldWeights[field] * s
    weights += fieldWeights[field]
    if (s < sameThreshold[field])
      differences.push({ field, expected: reference[field], found: listing[field] })
  }
  return { similarity: weights ? weighted / weights : 0, perField, differences }
}

/**
 * Whether a listing is this business at all (then its differences are inconsistencies) rather than
 * another business the search also returned: the same phone; or a close name in the same city (the
 * listing may carry an old phone or postal code, which is what the check is for); or a similar name
 * at the same street address.
 */
export function isSameBusiness(c: Comparison): boolean {
  const { phone, name = 0, city = 1, address = 0 } = c.perField
  if (phone === 1) return true
  if (name >= 0.75 && city >= 0.6) return true
  return name >= 0.5 && address >= 0.8
}

/** The best matching listing among a search's results, or null when none is this business. */
export function bestListing(
  reference: Nap,
  listings: Listing[],
  country: Country,
): { listing: Listing; comparison: Comparison } | null {
  let best: { listing: Listing; comparison: Comparison } | null = null
  for (const listing of listings) {
    const comparison = compareNap(reference, listing.nap, country)
    if (!isSameBusiness(comparison)) continue
    if (!best || comparison.similarity > best.comparison.similarity) best = { listing, comparison }
  }
  return best
}
