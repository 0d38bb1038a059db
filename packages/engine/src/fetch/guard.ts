// The SSRF guard. The rule: the address a socket actually connects to must be public. A hostname check
// alone is not a guard (DNS can answer anything, and answer differently the second time), so the guard
// resolves DNS itself, checks every answer, and hands exactly the checked answers to the socket.
import { lookup as dnsLookup } from 'node:dns/promises'
import { isIP, type LookupFunction } from 'node:net'
import { Agent, buildConnector } from 'undici'
import { EngineError } from '../errors.ts'
import { canonicalIp, isBlockedAddress } from './address.ts'
import { classifyNetworkError, errorCodeIn } from './classify.ts'

export interface ResolvedAddress {
  address: string
  family: 4 | 6
}

/** DNS resolution, injectable so tests can make any hostname answer any address. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export interface GuardOptions {
  /** Lift the address refusal (tests on loopback, self-hosted intranets). Default: FAROL_ALLOW_PRIVATE_TARGETS=1. */
  allowPrivate?: boolean
  /** Default: the system resolver (getaddrinfo, so /etc/hosts applies: `localhost` is caught too). */
  resolver?: Resolver
  /** Which addresses are refused. Default: isBlockedAddress. Injectable so a test can treat one loopback
   *  address as "public" and prove that later hops are still checked. */
  isBlocked?: (ip: string) => boolean
}

/** GuardOptions with defaults applied. */
export interface GuardPolicy {
  allowPrivate: boolean
  resolver: Resolver
  isBlocked: (ip: string) => boolean
}

export const systemResolver: Resolver = async (hostname) => {
  const answers = await dnsLookup(hostname, { all: true, verbatim: true })
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }))
}

export function allowPrivateFromEnv(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.FAROL_ALLOW_PRIVATE_TARGETS === '1' || env.FAROL_ALLOW_PRIVATE_TARGETS === 'true'
}

export function guardPolicy(options: GuardOptions = {}): GuardPolicy {
  return {
    allowPrivate: options.allowPrivate ?? allowPrivateFromEnv(),
    resolver: options.resolver ?? systemResolver,
    isBlocked: options.isBlocked ?? isBlockedAddress,
  }
}

const allowedSchemes = new Set(['http:', 'https:'])

/** `[::1]` -> `::1`; URL.hostname keeps the brackets of IPv6 literals. */
export function bareHost(hostname: string): string {
  return hostname.replace(/^\[(.*)\]$/, '$1')
}

/**
 * Validates an address typed by a user or found in a Location header: http(s) only, no credentials, a
 * host. Literal IPs are refused here already (a clearer, earlier error); hostnames are checked at
 * connect time, when their DNS answer is known.
 */
export function parseTargetUrl(
  input: string,
  options: Pick<GuardOptions, 'allowPrivate' | 'isBlocked'> = {},
): URL {
  const text = input.trim()
  if (text.length === 0 || text.length > 8192) throw new EngineError('INVALID_URL', 'empty or too long')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new EngineError('INVALID_URL', text.slice(0, 200))
  }
  if (!allowedSchemes.has(url.protocol)) throw new EngineError('UNSUPPORTED_SCHEME', url.protocol)
  // `http://a.com@127.0.0.1/` reads like a.com but connects to 127.0.0.1; credentials in an audited URL
  // have no legitimate use and would be sent to the site (and stored in reports), so refuse them outright.
  if (url.username || url.password) throw new EngineError('CREDENTIALS_IN_URL')
  if (!url.hostname) throw new EngineError('INVALID_URL', 'no host')
  const allowPrivate = options.allowPrivate ?? allowPrivateFromEnv()
  const isBlocked = options.isBlocked ?? isBlockedAddress
  const literal = canonicalIp(bareHost(url.hostname))
  if (literal && isIP(bareHost(url.hostname)) && !allowPrivate && isBlocked(literal)) {
    throw new EngineError('BLOCKED_ADDRESS', literal)
  }
  return url
}

/** A name DNS says does not exist is definitive (HOST_NOT_FOUND); a resolver that did not answer is not. */
function dnsError(hostname: string, cause: unknown): EngineError {
  const code = classifyNetworkError(errorCodeIn(cause), 'http:')
  const error = new EngineError(code === 'HOST_NOT_FOUND' ? code : 'DNS_FAILURE', hostname)
  error.cause = cause
  return error
}

/**
 * Resolves a hostname (or passes a literal IP through) and refuses when ANY answer is blocked: a name
 * that answers both a public and a private address is a rebinding setup, not a public site.
 */
export async function resolveGuarded(hostname: string, policy: GuardPolicy): Promise<ResolvedAddress[]> {
  const host = bareHost(hostname)
  const family = isIP(host)
  let answers: ResolvedAddress[]
  if (family) answers = [{ address: host, family: family === 6 ? 6 : 4 }]
  else {
    try {
      answers = await policy.resolver(host)
    } catch (error) {
      throw dnsError(host, error)
    }
    if (answers.length === 0) throw dnsError(host, new Error('no addresses'))
  }
  if (!policy.allowPrivate) {
    const blocked = answers.find((a) => policy.isBlocked(a.address))
    if (blocked) throw new EngineError('BLOCKED_ADDRESS', family ? host : `${host} -> ${blocked.address}`)
  }
  return answers
}

/**
 * A `lookup` for net/tls.connect that only ever yields checked answers. Node calls it with `all: true`
 * when happy-eyeballs (autoSelectFamily) is on, and expects a single address otherwise.
 */
export function guardedLookup(policy: GuardPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveGuarded(hostname, policy).then(
      (answers) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0
        const usable = wanted ? answers.filter((a) => a.family === wanted) : answers
        if (usable.length === 0) {
          callback(dnsError(hostname, new Error(`no IPv${wanted} address`)), '', 0)
          return
        }
        if (options.all) callback(null, usable)
        else callback(null, usable[0]!.address, usable[0]!.family)
      },
      (error: Error) => callback(error, '', 0),
    )
  }
}

export interface GuardedAgentOptions extends GuardOptions {
  connectTimeoutMs?: number
  headersTimeoutMs?: number
  bodyTimeoutMs?: number
  /** Called with the address each new connection reached, keyed by origin (for FetchedResource.remoteAddress). */
  onConnect?: (origin: string, remoteAddress: string) => void
}

/**
 * An undici connector that applies the guard to every connection the dispatcher opens, whatever URL
 * led there (first request, any redirect hop). Literal IPs never reach `lookup` in Node, so they are
 * checked here before connecting.
 */
export function guardedConnector(
  policy: GuardPolicy,
  options: Pick<GuardedAgentOptions, 'connectTimeoutMs' | 'onConnect'> = {},
): buildConnector.connector {
  const base = buildConnector({
    timeout: options.connectTimeoutMs ?? 10_000,
    lookup: guardedLookup(policy),
    // HTTP/1.1 only: keeps one predictable code path; audits fetch a handful of documents.
    allowH2: false,
  })
  return (connectOptions, callback) => {
    const host = bareHost(connectOptions.hostname)
    if (isIP(host) && !policy.allowPrivate && policy.isBlocked(host)) {
      callback(new EngineError('BLOCKED_ADDRESS', host), null)
      return
    }
    base(connectOptions, (error, socket) => {
      if (socket?.remoteAddress && options.onConnect) {
        const port = connectOptions.port || (connectOptions.protocol === 'https:' ? '443' : '80')
        options.onConnect(
          `${connectOptions.protocol}//${connectOptions.hostname}:${port}`,
          socket.remoteAddress,
        )
      }
      if (error) callback(error, null)
      else callback(null, socket!)
    })
  }
}

/** An undici Agent whose every connection passes the guard. */
export function createGuardedAgent(options: GuardedAgentOptions = {}): Agent {
  const policy = guardPolicy(options)
  return new Agent({
    connect: guardedConnector(policy, options),
    headersTimeout: options.headersTimeoutMs ?? 15_000,
    bodyTimeout: options.bodyTimeoutMs ?? 30_000,
  })
}
