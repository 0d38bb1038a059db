// The statistics shown beside every rate. Pure functions; the formulas are published in
// docs/llm-presence-score.md and on the page.

export interface Proportion {
  /** successes */
  k: number
  /** trials */
  n: number
  /** k/n, null when n = 0 */
  rate: number | null
  /** Wilson 95% interval; [0, 1] when n = 0 (nothing is known). */
  low: number
  high: number
}

/**
 * Wilson score interval (95%, z = 1.96). Unlike k/n ± z·√(p(1-p)/n) it stays inside [0, 1] and is honest
 * for small n and for rates near 0 or 1, which is exactly where assistant samples live (5-60 answers).
 */
export function wilson(k: number, n: number, z = 1.96): Proportion {
  if (n <= 0) return { k: 0, n: 0, rate: null, low: 0, high: 1 }
  const p = k / n
  const z2 = z * z
  const denom = 1 + z2 / n
  const centre = (p + z2 / (2 * n)) / denom
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denom
  return { k, n, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) }
}

export type Trend = 'up' | 'down' | 'stable'

/**
 * Two-proportion z-test at 95% (pooled): 'up' or 'down' only when the change from the previous run is
 * significant, else 'stable' (also when either run has no answers). Returns z for display.
 */
export function trendBetween(
  prev: { k: number; n: number },
  curr: { k: number; n: number },
): { trend: Trend; z: number | null } {
  if (prev.n <= 0 || curr.n <= 0) return { trend: 'stable', z: null }
  const p1 = prev.k / prev.n
  const p2 = curr.k / curr.n
  const pooled = (prev.k + curr.k) / (prev.n + curr.n)
  const se = Math.sqrt(pooled * (1 - pooled) * (1 / prev.n + 1 / curr.n))
  if (se === 0) return { trend: 'stable', z: 0 }
  const z = (p2 - p1) / se
  return { trend: Math.abs(z) >= 1.96 ? (z > 0 ? 'up' : 'down') : 'stable', z }
}

/** What the presence score is built from; a component is null when the run could not measure it. */
export interface PresenceInputs {
  /** Mention rate in unbranded (discovery + comparison) answers. */
  unbranded: number | null
  /** Rate of branded answers that know the brand (mention it without "no information"). */
  branded: number | null
  /** Rate of web-search answers that cite the brand's domain among their sources. */
  citation: number | null
  /** Mean of 1/position over unbranded answers that mention the brand (1 = named first). */
  position: number | null
}

export const presenceWeights = { unbranded: 0.5, branded: 0.2, citation: 0.15, position: 0.15 } as const

/**
 * Presence score 0-100 = 100 × Σ wᵢ·xᵢ / Σ wᵢ over the components that were measured, with weights
 * unbranded 0.5, branded 0.2, citation 0.15, position 0.15. Unbranded questions weigh most because they are
 * how new customers find a business; a missing component (no branded prompts, no web search) gives its
 * weight to the others instead of counting as zero. null when nothing was measured.
 */
export function presenceScore(x: PresenceInputs): number | null {
  let sum = 0
  let weight = 0
  for (const key of Object.keys(presenceWeights) as (keyof PresenceInputs)[]) {
    const v = x[key]
    if (v === null) continue
    sum += presenceWeights[key] * v
    weight += presenceWeights[key]
  }
  return weight === 0 ? null : Math.round((100 * sum) / weight)
}

/** Share of voice: the brand's mentions over all tracked brands' mentions (brand + competitors), 0-1. */
export function shareOfVoice(counts: Record<string, number>, name: string): number | null {
  const total = Object.values(counts).reduce((a, b) => a + b, 0)
  return total === 0 ? null : (counts[name] ?? 0) / total
}
