// The provider's failures as stable codes the server translates (platform/errors.ts has the user words).
// Kept beside the client so the engine's shared catalogue does not grow a code per provider quirk.

export type OverviewsErrorCode =
  | 'OVERVIEWS_PROVIDER_AUTH' // 401 / 401xx: login or password refused
  | 'OVERVIEWS_PAYMENT_REQUIRED' // 402 / 40200, 40210: the account's balance
  | 'OVERVIEWS_RATE_LIMITED' // 40202 (or 429) still after the retries
  | 'OVERVIEWS_INVALID_REQUEST' // 40501 and the other 40xxx: a field DataForSEO refused
  | 'OVERVIEWS_PROVIDER_ERROR' // 5xx, 50000, a broken answer, the network

export class OverviewsError extends Error {
  readonly code: OverviewsErrorCode
  /** DataForSEO's own status code when it sent one. */
  readonly providerStatus: number | null
  constructor(code: OverviewsErrorCode, message: string, providerStatus: number | null = null) {
    super(message)
    this.name = 'OverviewsError'
    this.code = code
    this.providerStatus = providerStatus
  }
}

export const isOverviewsError = (error: unknown): error is OverviewsError => error instanceof OverviewsError

/** Pure: the code for a DataForSEO status (the envelope's or a task's). */
export function codeForStatus(status: number): OverviewsErrorCode {
  if (status >= 40100 && status < 40200) return 'OVERVIEWS_PROVIDER_AUTH'
  if (status === 40200 || status === 40210) return 'OVERVIEWS_PAYMENT_REQUIRED'
  if (status === 40202 || status === 40209) return 'OVERVIEWS_RATE_LIMITED'
  if (status >= 40000 && status < 50000) return 'OVERVIEWS_INVALID_REQUEST'
  return 'OVERVIEWS_PROVIDER_ERROR'
}
