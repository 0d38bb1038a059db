// Before anything is spent: how many calls a run makes and what they cost at the published live prices,
// after setting aside what today's cache already holds.
import { documentedRatePerMinute, livePrices } from './client.ts'
import type { Surface } from './types.ts'

export interface RunEstimate {
  calls: number
  /** USD at the published live prices. */
  cost: number
  bySurface: Record<Surface, { calls: number; cost: number }>
  /** Answers already read today (free). */
  cached: number
  /** The shortest time the calls can take at the rate limit, in seconds. */
  seconds: number
}

const cents = (usd: number) => Math.round(usd * 10_000) / 10_000

/** Pure: the estimate for the calls still to make (`pending`) beside those the cache answers. */
export function estimateRun(pending: Surface[], cached: number, ratePerMinute = documentedRatePerMinute) {
  const bySurface: RunEstimate['bySurface'] = {
    ai_overview: { calls: 0, cost: 0 },
    ai_mode: { calls: 0, cost: 0 },
  }
  for (const surface of pending) {
    bySurface[surface].calls += 1
    bySurface[surface].cost = cents(bySurface[surface].cost + livePrices[surface])
  }
  return {
    calls: pending.length,
    cost: cents(pending.reduce((sum, s) => sum + livePrices[s], 0)),
    bySurface,
    cached,
    seconds: Math.ceil((pending.length / ratePerMinute) * 60),
  } satisfies RunEstimate
}
