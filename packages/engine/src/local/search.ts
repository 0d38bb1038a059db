// One directory search: every configured provider at once, the site's own NAP beside them, each
// listing compared with the reference, then the score and the recommendations.

import { directorySearchUrl, manualDirectories } from './manual.ts'
import { bestListing, compareNap } from './match.ts'
import { osmAttribution } from './nominatim.ts'
import { detectCountry } from './normalize.ts'
import { type DirectoryProvider, DirectoryProviderError } from './provider.ts'
import { directoryRecommendations, directoryScore, directoryScoreFormula } from './score.ts'
import type { SiteNap } from './site-nap.ts'
import type { CheckedDirectoryId, Country, DirectoryEntry, DirectoryReport, Nap } from './types.ts'

export interface DirectorySearchInput {
  form: Nap
  /** The business's site, when known (the last analysed URL): its NAP is read and checked. */
  siteUrl?: string | null
}

export interface DirectorySearchDeps {
  /** Configured providers; a directory without one is "unchecked, not configured". */
  providers: DirectoryProvider[]
  /** Reads the site's NAP (readSiteNap with the server's guard settings). */
  readSite?: (url: string, country: Country, signal?: AbortSignal) => Promise<SiteNap | null>
  signal?: AbortSignal
  /** Called as each directory finishes, with every entry known so far (partial results). */
  onEntry?: (entries: DirectoryEntry[]) => void | Promise<void>
}

const apiDirectories: Exclude<CheckedDirectoryId, 'website'>[] = ['google', 'osm', 'foursquare']

function errorMessage(error: unknown): string {
  if (error instanceof DirectoryProviderError) return error.message
  if (error instanceof Error) return error.name === 'TimeoutError' ? 'timeout' : error.message
  return String(error)
}

/** The form, with optional fields it left empty taken from the site's own NAP. */
export function referenceNap(form: Nap, site: Nap | null): Nap {
  if (!site) return form
  return {
    ...form,
    postalCode: form.postalCode.trim() || site.postalCode,
    phone: form.phone.trim() || site.phone,
  }
}

export async function searchDirectories(
  input: DirectorySearchInput,
  deps: DirectorySearchDeps,
): Promise<DirectoryReport> {
  const form = input.form
  const country = detectCountry(
    form.postalCode,
    form.phone,
    `${form.address} ${form.city} ${input.siteUrl ?? ''}`,
  )
  const done: DirectoryEntry[] = []
  // Partial results in a fixed order, whichever provider answers first.
  const report = async (entry: DirectoryEntry) => {
    done.push(entry)
    await deps.onEntry?.([...done])
  }

  // The site and the providers run at once: providers search by the form's required fields (name,
  // address, city), so they do not wait for the site; only the comparison needs both.
  const sitePromise: Promise<{ site: SiteNap | null; error: string | null }> =
    input.siteUrl && deps.readSite
      ? deps
          .readSite(input.siteUrl, country, deps.signal)
          .then((site) => ({ site, error: null }))
          .catch((error: unknown) => ({ site: null, error: errorMessage(error) }))
      : Promise.resolve({ site: null, error: null })

  const configured = new Map(deps.providers.map((p) => [p.id, p]))
  const searches = apiDirectories.map(async (id): Promise<DirectoryEntry> => {
    const provider = configured.get(id)
    const checkUrl = directorySearchUrl(id, form)
    if (!provider)
      return {
        directory: id,
        status: 'unchecked',
        reason: 'not_configured',
        ...(checkUrl ? { checkUrl } : {}),
      }
    let listings: Awaited<ReturnType<DirectoryProvider['search']>>
    try {
      listings = await provider.search({
        nap: form,
        country,
        ...(deps.signal ? { signal: deps.signal } : {}),
      })
    } catch (error) {
      if (deps.signal?.aborted) throw error
      return {
        directory: id,
        status: 'unchecked',
        reason: 'provider_error',
        message: errorMessage(error),
        ...(checkUrl ? { checkUrl } : {}),
      }
    }
    const { site } = await sitePromise
    const reference = referenceNap(form, site?.nap ?? null)
    const best = bestListing(reference, listings, country)
    if (!best) return { directory: id, status: 'missing', ...(checkUrl ? { checkUrl } : {}) }
    const { comparison, listing } = best
    return {
      directory: id,
      status: comparison.differences.length ? 'inconsistent' : 'good',
      ...(comparison.differences.length ? { differences: comparison.differences } : {}),
      ...(listing.url ? { url: listing.url } : {}),
      ...(checkUrl ? { checkUrl } : {}),
      found: listing.nap,
      similarity: Math.round(comparison.similarity * 1000) / 1000,
    }
  })

  const siteEntry = sitePromise.then(({ site, error }): DirectoryEntry => {
    if (!input.siteUrl) return { directory: 'website', status: 'unchecked', reason: 'no_site' }
    if (error)
      return {
        directory: 'website',
        status: 'unchecked',
        reason: 'provider_error',
        message: error,
        url: input.siteUrl,
      }
    if (!site) return { directory: 'website', status: 'missing', url: input.siteUrl }
    // The site is checked against the form itself (the reference was completed from the site).
    const comparison = compareNap(form, site.nap, country)
    return {
      directory: 'website',
      status: comparison.differences.length ? 'inconsistent' : 'good',
      ...(comparison.differences.length ? { differences: comparison.differences } : {}),
      url: input.siteUrl,
      found: site.nap,
      similarity: Math.round(comparison.similarity * 1000) / 1000,
    }
  })

  const all = await Promise.all(
    [siteEntry, ...searches].map(async (pending) => {
      const entry = await pending
      await report(entry)
      return entry
    }),
  )
  const manual: DirectoryEntry[] = manualDirectories
    .filter((d) => d.countries.includes(country))
    .map((d) => ({ directory: d.id, status: 'unchecked', reason: 'manual', checkUrl: d.searchUrl(form) }))
  const directories = [...all, ...manual]
  const { site } = await sitePromise
  return {
    reference: referenceNap(form, site?.nap ?? null),
    country,
    siteNap: site?.nap ?? null,
    directories,
    directoryScore: directoryScore(directories),
    formula: directoryScoreFormula,
    recommendations: directoryRecommendations(directories),
    notConfigured: apiDirectories.filter((id) => !configured.has(id)),
    attributions: configured.has('osm') ? [osmAttribution] : [],
  }
}
