// Is this "GPTBot" OpenAI's? Two documented ways, in this order:
// 1. the operator's published IP ranges (data/ranges/*.json, the operator's own JSON format, dated in
//    sources.json): inside → verified; outside a list refreshed in the last 30 days → spoofed;
// 2. forward-confirmed reverse DNS where the operator documents its host names (Google, Bing, Apple,
//    Amazon…): the address's PTR name ends in the operator's domain and that name resolves back to the
//    address → verified; a PTR that does not, or no PTR at all → spoofed; a resolver that does not answer
//    → unverified.
// An address outside a list older than that is 'outside-list': shown with the list's date, counted apart
// from the hits no method could check. Anything else (no published method, no resolver) is unverified:
// never a guess.
import { promises as dnsPromises } from 'node:dns'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import ipaddr from 'ipaddr.js'
import type { BotEntry } from './bots-table.ts'
import { RANGES_FRESH_DAYS } from './ranges-fresh.ts'

/** 'outside-list': outside the operator's list, but the list is older than RANGES_FRESH_DAYS. */
export type Verdict = 'verified' | 'unverified' | 'outside-list' | 'spoofed'

export interface RangeSet {
  name: string
  /** ISO date the list was fetched from its operator; null when not known. */
  retrieved: string | null
  cidrs: [ipaddr.IPv4 | ipaddr.IPv6, number][]
}

export { RANGES_FRESH_DAYS }

// Written as new URL('./…', import.meta.url) so the server bundle keeps pointing at this folder.
export const RANGES_DIR = fileURLToPath(new URL('./data/ranges/', import.meta.url))

/** Reads the operators' format: `{ creationTime?, prefixes: [{ ipv4Prefix } | { ipv6Prefix }] }`. */
export function parseRangeFile(name: string, json: unknown, retrieved: string | null): RangeSet {
  const prefixes = (json as { prefixes?: unknown })?.prefixes
  if (!Array.isArray(prefixes)) throw new Error(`${name}: no "prefixes" array`)
  const cidrs: RangeSet['cidrs'] = []
  for (const p of prefixes as Record<string, unknown>[]) {
    for (const key of ['ipv4Prefix', 'ipv6Prefix']) {
      const v = p?.[key]
      // One mistyped entry costs that entry, not the list.
      if (typeof v === 'string' && ipaddr.isValidCIDR(v)) cidrs.push(ipaddr.parseCIDR(v))
    }
  }
  return { name, retrieved, cidrs }
}

export function loadRanges(dir = RANGES_DIR): Map<string, RangeSet> {
  const out = new Map<string, RangeSet>()
  let sources: Record<string, { retrieved?: string | null }> = {}
  try {
    sources = JSON.parse(readFileSync(join(dir, 'sources.json'), 'utf8')).files ?? {}
  } catch {
    // no manifest: every list undated
  }
  for (const file of readdirSync(dir)) {
    if (!file.endsWith('.json') || file === 'sources.json') continue
    const name = file.slice(0, -5)
    const set = parseRangeFile(
      name,
      JSON.parse(readFileSync(join(dir, file), 'utf8')),
      sources[name]?.retrieved ?? null,
    )
    out.set(name, set)
  }
  return out
}

/** Whether a list is recent enough that an address outside it is called spoofed. */
export function rangesFresh(set: RangeSet, now: number): boolean {
  return set.retrieved !== null && now - Date.parse(set.retrieved) <= RANGES_FRESH_DAYS * 86_400_000
}

/**
 * The shipped lists with fresher copies laid over them (the server's refreshed lists): per name, the
 * later-dated one wins; an undated copy never replaces a dated one.
 */
export function overlayRanges(base: Map<string, RangeSet>, newer: Iterable<RangeSet>): Map<string, RangeSet> {
  const out = new Map(base)
  for (const set of newer) {
    const have = out.get(set.name)
    const later = set.retrieved !== null && (have?.retrieved == null || set.retrieved > have.retrieved)
    if (!have || later) out.set(set.name, set)
  }
  return out
}

export function inRanges(set: RangeSet, ip: string): boolean {
  if (!ipaddr.isValid(ip)) return false
  const addr = ipaddr.process(ip) // IPv4-mapped IPv6 reads as IPv4
  for (const [net, bits] of set.cidrs) if (addr.kind() === net.kind() && addr.match(net, bits)) return true
  return false
}

export interface Resolver {
  /** PTR names; [] when the name does not exist (NXDOMAIN/NODATA); throws when the resolver fails. */
  reverse(ip: string): Promise<string[]>
  /** A or AAAA addresses of a name; [] when none. */
  forward(host: string, family: 4 | 6): Promise<string[]>
}

/** The in-addr.arpa / ip6.arpa name of an address. */
export function reverseName(ip: string): string {
  const addr = ipaddr.parse(ip)
  if (addr.kind() === 'ipv4') return `${addr.toByteArray().reverse().join('.')}.in-addr.arpa`
  const hex = addr
    .toByteArray()
    .map((b) => b.toString(16).padStart(2, '0'))
    .join('')
  return `${[...hex].reverse().join('.')}.ip6.arpa`
}

const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NOTFOUND', 'NODATA'])

/** A resolver over node:dns, optionally pointed at given servers (`127.0.0.1:5353` in tests). */
export function dnsResolver(servers?: string[], timeoutMs = 2000): Resolver {
  const r = new dnsPromises.Resolver({ timeout: timeoutMs, tries: 2 })
  if (servers?.length) r.setServers(servers)
  const absentAsEmpty = (e: unknown): string[] => {
    if (ABSENT.has((e as { code?: string }).code ?? '')) return []
    throw e
  }
  return {
    // resolvePtr, not reverse(): reverse() falls back to /etc/hosts when DNS fails and then reports
    // "not found", which would turn a resolver outage into a spoofing verdict.
    reverse: (ip) => r.resolvePtr(reverseName(ip)).catch(absentAsEmpty),
    forward: (host, family) => (family === 4 ? r.resolve4(host) : r.resolve6(host)).catch(absentAsEmpty),
  }
}

const endsInDomain = (host: string, domains: string[]) => {
  const h = host.toLowerCase().replace(/\.$/, '')
  return domains.some((d) => h === d || h.endsWith(`.${d}`))
}

/** Forward-confirmed reverse DNS. */
export async function fcrdns(resolver: Resolver, ip: string, domains: string[]): Promise<Verdict> {
  try {
    const names = await resolver.reverse(ip)
    const own = names.filter((n) => endsInDomain(n, domains))
    if (!own.length) return 'spoofed'
    const addr = ipaddr.process(ip)
    for (const name of own) {
      const back = await resolver.forward(name, addr.kind() === 'ipv4' ? 4 : 6)
      if (
        back.some(
          (a) => ipaddr.isValid(a) && ipaddr.process(a).toNormalizedString() === addr.toNormalizedString(),
        )
      )
        return 'verified'
    }
    return 'spoofed'
  } catch {
    return 'unverified'
  }
}

export interface VerifierOptions {
  ranges?: Map<string, RangeSet>
  /** null: no DNS lookups (offline runs, benchmarks). */
  resolver?: Resolver | null
  /** For freshness of the range lists. */
  now?: number
  /** Distinct addresses looked up at most; later ones are unverified (a scanner must not cost hours). */
  maxLookups?: number
}

export interface Verifier {
  /** Sync when the answer is known without DNS; a promise only for a first lookup of an address. */
  verify(bot: BotEntry, ip: string): Verdict | Promise<Verdict>
  lookups(): number
}

export function createVerifier(options: VerifierOptions = {}): Verifier {
  const ranges = options.ranges ?? new Map()
  const resolver = options.resolver ?? null
  const now = options.now ?? Date.now()
  const maxLookups = options.maxLookups ?? 2000
  const cache = new Map<string, Verdict>()
  let lookups = 0
  const fresh = (set: RangeSet) => rangesFresh(set, now)

  return {
    lookups: () => lookups,
    verify(bot, ip) {
      const key = `${bot.token}|${ip}`
      const cached = cache.get(key)
      if (cached) return cached
      const remember = (v: Verdict) => {
        if (cache.size > 100_000) cache.clear()
        cache.set(key, v)
        return v
      }
      let outsideFresh = false
      let outsideStale = false
      for (const name of bot.ranges ?? []) {
        const set = ranges.get(name)
        if (!set) continue
        if (inRanges(set, ip)) return remember('verified')
        if (fresh(set)) outsideFresh = true
        else outsideStale = true
      }
      // Without an answer from DNS: a fresh list that says "not theirs" is a spoofing verdict; an old
      // one only says the address is not on it.
      const otherwise = (): Verdict =>
        outsideFresh ? 'spoofed' : outsideStale ? 'outside-list' : 'unverified'
      if (bot.rdns?.length && resolver && ipaddr.isValid(ip) && lookups < maxLookups) {
        lookups++
        return fcrdns(resolver, ip, bot.rdns).then((v) =>
          // DNS trouble never outranks a list that says "not theirs".
          remember(v === 'unverified' ? otherwise() : v),
        )
      }
      return remember(otherwise())
    },
  }
}
