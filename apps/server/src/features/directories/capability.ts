// Task kind `directory_search` (spec §7): the form's fields (businessName, address, postalCode, city,
// phoneNumber) and optionally the site's address; the engine checks the site and every configured
// directory. Spec §5: name, address and city are required ('Informações incompletas'); §6: signed in.
import {
  type DirectoryProvider,
  type DirectoryReport,
  detectCountry,
  foursquareProvider,
  googlePlacesProvider,
  nominatimIntervalMs,
  nominatimProvider,
  normalizePhone,
  normalizePostalCode,
  readSiteNap,
  searchDirectories,
} from '@farol/engine/local/index.ts'
import type { Nap } from '@farol/engine/local/types.ts'
import { z } from 'zod'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { AppError } from '../../platform/errors.ts'
import type { Capability } from '../../platform/tasks/capability.ts'
import { normalizeTaskUrl } from '../../platform/tasks/contract.ts'
import { dbRateLimiter, dbResponseCache } from './provider-state.ts'

export interface DirectoryInput {
  form: Nap
  /** The business's site (user-typed, so normalised under the SSRF rules); null when not given. */
  siteUrl: string | null
}

const field = z
  .string()
  .max(200)
  .optional()
  .transform((v) => (v ?? '').trim())

const requestedData = z.object({
  businessName: field,
  address: field,
  postalCode: field,
  city: field,
  phoneNumber: field,
  url: z.string().max(2048).optional(),
})

/** Spec §5 validation, then the optional fields' formats; pure (apart from the URL rules). */
export function parseDirectoryRequest(data: unknown, allowPrivate: boolean): DirectoryInput {
  const parsed = requestedData.safeParse(data)
  if (!parsed.success) throw new AppError('DIRECTORY_INCOMPLETE', parsed.error.message)
  const d = parsed.data
  if (!d.businessName || !d.address || !d.city) throw new AppError('DIRECTORY_INCOMPLETE')
  if (d.postalCode && !normalizePostalCode(d.postalCode)) throw new AppError('DIRECTORY_POSTAL_CODE')
  if (
    d.phoneNumber &&
    !normalizePhone(
      d.phoneNumber,
      detectCountry(d.postalCode, d.phoneNumber, `${d.address} ${d.city} ${d.url ?? ''}`),
    )
  ) {
    throw new AppError('DIRECTORY_PHONE')
  }
  const siteUrl = d.url?.trim() ? normalizeTaskUrl(d.url, allowPrivate) : null
  return {
    form: {
      name: d.businessName,
      address: d.address,
      postalCode: d.postalCode,
      city: d.city,
      phone: d.phoneNumber,
    },
    siteUrl,
  }
}

/** The User-Agent Nominatim's policy asks for: the application and where to reach its operator. */
export function directoryUserAgent(config: Config): string {
  return `Farol/0.1 (+${config.publicUrl})`
}

/** The providers the operator configured (Nominatim unless FAROL_NOMINATIM_URL=off). */
export function configuredProviders(config: Config, db: Db): DirectoryProvider[] {
  const d = config.directories
  const providers: DirectoryProvider[] = []
  if (d.googlePlaces)
    providers.push(googlePlacesProvider({ apiKey: d.googlePlaces.apiKey, baseUrl: d.googlePlaces.url }))
  if (d.nominatimUrl) {
    providers.push(
      nominatimProvider({
        baseUrl: d.nominatimUrl,
        userAgent: directoryUserAgent(config),
        limiter: dbRateLimiter(db, 'nominatim', nominatimIntervalMs),
        cache: dbResponseCache(db),
      }),
    )
  }
  if (d.foursquare)
    providers.push(foursquareProvider({ apiKey: d.foursquare.apiKey, baseUrl: d.foursquare.url }))
  return providers
}

export const capability: Capability<DirectoryInput, DirectoryReport> = {
  kind: 'directory_search',
  loginRequired: true,
  // Every search is fresh: 'new search' after fixing a listing must not answer the old result.
  reuse: false,
  expireInSeconds: 120,
  parse(data, ctx) {
    const input = parseDirectoryRequest(data, ctx.allowPrivate)
    return { url: input.siteUrl ?? '', input }
  },
  async run(ctx, input) {
    await ctx.progress('searching', 5)
    const providers = configuredProviders(ctx.config, ctx.db)
    const total = providers.length + 1
    return searchDirectories(input, {
      providers,
      readSite: (url, country, signal) =>
        readSiteNap(url, country, {
          allowPrivate: ctx.config.allowPrivateTargets,
          userAgent: directoryUserAgent(ctx.config),
          ...(signal ? { signal } : {}),
        }),
      signal: ctx.signal,
      // Partial results: the page shows each directory's row as soon as it is known.
      onEntry: (entries) =>
        ctx.progress('searching', Math.min(95, Math.round((100 * entries.length) / (total + 1))), {
          directories: entries,
          partial: true,
        }),
    })
  },
}
