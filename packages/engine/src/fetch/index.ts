// Safe fetching for the audit: an SSRF guard applied at connect time, and a fetcher built on it.
export { canonicalIp, cloudMetadataAddresses, isBlockedAddress } from './address.ts'
export { type Accept, charsetFromMeta, decodeBody, parseContentType } from './decode.ts'
export { type EgressProxy, type EgressProxyOptions, startEgressProxy } from './egress-proxy.ts'
export {
  defaultUserAgent,
  fetchText,
  redirectTarget,
  type SafeFetchOptions,
  safeFetch,
} from './fetcher.ts'
export {
  allowPrivateFromEnv,
  createGuardedAgent,
  type GuardOptions,
  guardPolicy,
  parseTargetUrl,
  type ResolvedAddress,
  type Resolver,
  resolveGuarded,
  systemResolver,
} from './guard.ts'
