// The knowledge hub's verdict on one claim an AI answer makes about the business, against the site's
// facts: supported, contradicted (the site says otherwise), outdated (it matches what the site used to
// say) or unsupported (the site says nothing about it). Only the first three are checkable, so the
// accuracy score is supported / checkable with its n, never a guess about what the site does not state.
import { comparable, type FactKind, type SiteFact } from './site-facts.ts'

export type ClaimVerdict = 'supported' | 'contradicted' | 'unsupported' | 'outdated'

export interface ExtractedClaim {
  /** The claim as the answer states it. */
  text: string
  /** What it is about; 'other' for anything the facts have no kind for. */
  attribute: FactKind | 'other'
  /** The value it states (a phone number, a year, a name…). */
  value: string
}

export interface ClaimCheck {
  claim: ExtractedClaim
  verdict: ClaimVerdict
  /** The fact that supports or contradicts it (with its page). */
  fact: SiteFact | null
}

/** Kinds whose single value the site states: a different value contradicts (a second service does not). */
const SINGLE_VALUED: ReadonlySet<FactKind> = new Set([
  'name',
  'address',
  'postalCode',
  'city',
  'phone',
  'email',
  'foundingYear',
  'url',
])

export function checkClaim(
  claim: ExtractedClaim,
  facts: readonly SiteFact[],
  previousFacts: readonly SiteFact[] = [],
): ClaimCheck {
  const attribute = claim.attribute
  const sameKind = (f: SiteFact) =>
    attribute === 'other'
      ? true
      : f.kind === attribute || (attribute === 'name' && f.kind === 'alternateName')
  const candidates = facts.filter(sameKind)
  const match = candidates.find((f) => sameValue(attribute, f.value, claim.value))
  if (match) return { claim, verdict: 'supported', fact: match }
  const old = previousFacts.filter(sameKind).find((f) => sameValue(attribute, f.value, claim.value))
  if (old) return { claim, verdict: 'outdated', fact: candidates[0] ?? old }
  if (attribute !== 'other' && SINGLE_VALUED.has(attribute) && candidates.length > 0)
    return { claim, verdict: 'contradicted', fact: candidates[0]! }
  return { claim, verdict: 'unsupported', fact: null }
}

export function sameValue(kind: FactKind | 'other', a: string, b: string): boolean {
  switch (kind) {
    case 'phone':
      return phoneDigits(a) !== '' && phoneDigits(a) === phoneDigits(b)
    case 'foundingYear':
      return /\d{4}/.exec(a)?.[0] === /\d{4}/.exec(b)?.[0]
    case 'postalCode':
      return a.replace(/\D/g, '') === b.replace(/\D/g, '')
    case 'email':
    case 'url':
      return (
        comparable(a).replace(/^https?:\/\/(www\.)?|\/$/g, '') ===
        comparable(b).replace(/^https?:\/\/(www\.)?|\/$/g, '')
      )
    default: {
      const x = comparable(a)
      const y = comparable(b)
      if (x === y || (y.length >= 4 && x.includes(y)) || (x.length >= 4 && y.includes(x))) return true
      return tokenOverlap(x, y) >= 0.75
    }
  }
}

/** The national part of a phone number: "+351 253 000 111" and "253 000 111" are one number. */
function phoneDigits(value: string): string {
  const digits = value.replace(/\D/g, '')
  return digits.length > 9 ? digits.slice(-9) : digits
}

function tokenOverlap(a: string, b: string): number {
  const ta = new Set(a.split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 2))
  const tb = new Set(b.split(/[^\p{L}\p{N}]+/u).filter((t) => t.length > 2))
  if (ta.size === 0 || tb.size === 0) return 0
  let shared = 0
  for (const t of ta) if (tb.has(t)) shared++
  return shared / Math.min(ta.size, tb.size)
}

export interface Accuracy {
  /** 0-100, supported / checkable; null when nothing was checkable. */
  score: number | null
  /** Checkable claims: supported + contradicted + outdated. */
  n: number
  supported: number
  contradicted: number
  outdated: number
  unsupported: number
}

export function accuracyOf(checks: readonly ClaimCheck[]): Accuracy {
  const count = (v: ClaimVerdict) => checks.filter((c) => c.verdict === v).length
  const supported = count('supported')
  const contradicted = count('contradicted')
  const outdated = count('outdated')
  const n = supported + contradicted + outdated
  return {
    score: n === 0 ? null : Math.round((supported / n) * 100),
    n,
    supported,
    contradicted,
    outdated,
    unsupported: count('unsupported'),
  }
}
