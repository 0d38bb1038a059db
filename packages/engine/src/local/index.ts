// Local directories: NAP normalisation and matching, the providers, the search that composes them.
export { defaultFoursquareUrl, foursquareProvider } from './foursquare.ts'
export { defaultGooglePlacesUrl, googlePlacesFieldMask, googlePlacesProvider } from './google-places.ts'
export { directorySearchUrl, manualDirectories } from './manual.ts'
export { bestListing, compareNap, fieldSimilarity, fieldWeights } from './match.ts'
export {
  defaultNominatimUrl,
  intervalLimiter,
  memoryCache,
  nominatimIntervalMs,
  nominatimProvider,
  osmAttribution,
  type RateLimiter,
  type ResponseCache,
  sleep,
} from './nominatim.ts'
export {
  detectCountry,
  normalizeAddress,
  normalizeName,
  normalizePhone,
  normalizePostalCode,
} from './normalize.ts'
export { type DirectoryProvider, DirectoryProviderError } from './provider.ts'
export { directoryScore, directoryScoreFormula } from './score.ts'
export {
  type DirectorySearchDeps,
  type DirectorySearchInput,
  referenceNap,
  searchDirectories,
} from './search.ts'
export { extractSiteNap, readSiteNap, type SiteNap } from './site-nap.ts'
export type * from './types.ts'
