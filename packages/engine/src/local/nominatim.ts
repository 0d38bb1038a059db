// OpenStreetMap Nominatim search. The public instance's usage policy
// (operations.osmfoundation.org/policies/nominatim/): at most 1 request per second for the whole
// application, an identifying User-Agent, results cached, attribution shown. The limiter and the cache
// are injected: the CLI and tests use the in-process ones below, the server a database-backed pair
// that holds across processes and concurrent searches.
import { searchName } from './normalize.ts'
import {
  type DirectoryProvider,
  type DirectoryQuery,
  type FetchLike,
  joinStreet,
  readJson,
  str,
  withTimeout,
} from './provider.ts'
import type { Listing } from './types.ts'

export const defaultNominatimUrl = 'https://nominatim.openstreetmap.org'
export const osmAttribution =
  '© OpenStreetMap contributors, ODbL 1.0 (https://www.openstreetmap.org/copyright)'

/**
 * Time between the end of one Nominatim request and the start of the next (the policy: at most one
 * per second). Counting from the end, not the start, keeps arrivals a second apart whatever the
 * network or a busy event loop does to the request on its way.
 */
export const nominatimIntervalMs = 1000

/** How long a request may hold the clock before another caller may take it (a crashed holder). */
export const nominatimLeaseMs = 15_000

export interface RateLimiter {
  /**
   * Resolves when the caller may send one request, holding the clock; the returned release must be
   * called once the answer arrived (or the request failed): the next caller waits one interval from then.
   */
  acquire(signal?: AbortSignal): Promise<() => Promise<void>>
}

export interface ResponseCache {
  get(key: string): Promise<unknown | undefined>
  set(key: string, value: unknown): Promise<void>
}

/** Sleeps `ms`, or rejects at once with the signal's reason when it aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}

/**
 * In-process limiter (the CLI, tests): a caller takes the clock when it is free and holds it until its
 * request ended; the next caller may start one interval after that.
 */
export function intervalLimiter(intervalMs = nominatimIntervalMs, now = () => Date.now()): RateLimiter {
  let nextFree = 0
  let held = false
  return {
    async acquire(signal) {
      for (;;) {
        signal?.throwIfAborted()
        const t = now()
        if (!held && t >= nextFree) {
          held = true
          return async () => {
            held = false
            nextFree = now() + intervalMs
          }
        }
        await sleep(held ? 20 : nextFree - t, signal)
      }
    },
  }
}

/** In-process cache (the CLI, tests); entries live `ttlMs`. */
export function memoryCache(ttlMs = 7 * 24 * 3600_000): ResponseCache {
  const entries = new Map<string, { value: unknown; at: number }>()
  return {
    async get(key) {
      const hit = entries.get(key)
      if (!hit || Date.now() - hit.at > ttlMs) return undefined
      return hit.value
    },
    async set(key, value) {
      entries.set(key, { value, at: Date.now() })
    },
  }
}

export interface NominatimOptions {
  baseUrl?: string
  /** Must name the application and a contact (the policy): "Farol/0.1 (+https://farol.example)". */
  userAgent: string
  limiter: RateLimiter
  cache: ResponseCache
  fetch?: FetchLike
}

interface NominatimPlace {
  osm_type?: string
  osm_id?: number
  name?: string
  display_name?: string
  address?: Record<string, string>
  extratags?: Record<string, string> | null
}

/** The search URL: free-form "name, city" restricted to the country (a business is found by its name). */
export function nominatimSearchUrl(baseUrl: string, query: DirectoryQuery): string {
  const url = new URL('search', `${baseUrl.replace(/\/+$/, '')}/`)
  url.searchParams.set('q', [searchName(query.nap.name), query.nap.city].filter(Boolean).join(', '))
  url.searchParams.set('format', 'jsonv2')
  url.searchParams.set('addressdetails', '1')
  url.searchParams.set('extratags', '1')
  url.searchParams.set('limit', '5')
  url.searchParams.set('countrycodes', query.country.toLowerCase())
  url.searchParams.set('accept-language', query.country === 'BR' ? 'pt-BR' : 'pt-PT')
  return url.href
}

export function nominatimListing(place: NominatimPlace): Listing {
  const a = place.address ?? {}
  const tags = place.extratags ?? {}
  const road = a.road ?? a.pedestrian ?? a.square ?? ''
  const url =
    place.osm_type && place.osm_id
      ? `https://www.openstreetmap.org/${place.osm_type}/${place.osm_id}`
      : undefined
  return {
    nap: {
      name: str(place.name),
      address: joinStreet(str(road), str(a.house_number)),
      postalCode: str(a.postcode),
      city: str(a.city ?? a.town ?? a.village ?? a.municipality),
      phone: str(tags.phone ?? tags['contact:phone'] ?? tags['contact:mobile']),
    },
    ...(url ? { url } : {}),
  }
}

export function nominatimProvider(options: NominatimOptions): DirectoryProvider {
  const baseUrl = options.baseUrl ?? defaultNominatimUrl
  const doFetch = options.fetch ?? ((url, init) => fetch(url, init))
  return {
    id: 'osm',
    async search(query) {
      const url = nominatimSearchUrl(baseUrl, query)
      let body = await options.cache.get(url)
      if (body === undefined) {
        const release = await options.limiter.acquire(query.signal)
        try {
          const response = await doFetch(url, {
            headers: { 'User-Agent': options.userAgent, Accept: 'application/json' },
            signal: withTimeout(query.signal),
          })
          body = await readJson('osm', response, (b) =>
            str((b as { error?: { message?: string } })?.error?.message),
          )
        } finally {
          await release()
        }
        await options.cache.set(url, body)
      }
      if (!Array.isArray(body)) return []
      return (body as NominatimPlace[]).filter((p) => p && typeof p === 'object').map(nominatimListing)
    },
  }
}
