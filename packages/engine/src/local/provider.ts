// What every directory provider is: a search by the business's NAP that answers listings in Farol's
// shape. Provider base URLs are the operator's configuration, so they are fetched directly (no SSRF
// guard); user-typed addresses never reach these functions.
import type { CheckedDirectoryId, Country, Listing, Nap } from './types.ts'

export interface DirectoryQuery {
  nap: Nap
  country: Country
  signal?: AbortSignal
}

export interface DirectoryProvider {
  id: Exclude<CheckedDirectoryId, 'website'>
  search(query: DirectoryQuery): Promise<Listing[]>
}

/**
 * A provider answered with an error (bad key, quota, outage). The directory becomes "unchecked" with
 * the provider's own message: the business is not missing just because the provider failed.
 */
export class DirectoryProviderError extends Error {
  readonly provider: string
  readonly status: number | null
  constructor(provider: string, status: number | null, message: string) {
    super(message)
    this.name = 'DirectoryProviderError'
    this.provider = provider
    this.status = status
  }
}

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>

/** Per-request time limit for a provider call: a stuck provider must not hold the whole search. */
export const providerTimeoutMs = 10_000

export function withTimeout(signal: AbortSignal | undefined, ms = providerTimeoutMs): AbortSignal {
  const timeout = AbortSignal.timeout(ms)
  return signal ? AbortSignal.any([signal, timeout]) : timeout
}

/** Reads a JSON answer; a non-2xx answer becomes a DirectoryProviderError with the provider's message. */
export async function readJson(
  provider: string,
  response: Response,
  errorMessage: (body: unknown) => string | undefined,
): Promise<unknown> {
  const text = await response.text()
  let body: unknown = null
  try {
    body = text ? JSON.parse(text) : null
  } catch {
    body = null
  }
  if (!response.ok) {
    const message = errorMessage(body) ?? (text.slice(0, 200) || response.statusText)
    throw new DirectoryProviderError(provider, response.status, `HTTP ${response.status}: ${message}`)
  }
  if (body === null) throw new DirectoryProviderError(provider, response.status, 'answer is not JSON')
  return body
}

export const str = (v: unknown): string => (typeof v === 'string' ? v.trim() : '')

export function joinStreet(street: string, number: string): string {
  return street && number ? `${street}, ${number}` : street
}
