// Which IP addresses the audit may connect to. Pure functions: no DNS, no sockets.
//
// IPv4 is a blocklist (the public internet is "everything else"). IPv6 is an allowlist: only global
// unicast 2000::/3 is reachable at all, minus the special blocks inside it; transition formats that
// carry an IPv4 address (mapped, NAT64, 6to4) are judged by the IPv4 address they carry, because a
// translator would deliver the packet there.
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

type Cidr = [ipaddr.IPv4 | ipaddr.IPv6, number]

const cidr = (text: string): Cidr => ipaddr.parseCIDR(text)

/** IPv4 ranges an audit must never reach (IANA special-purpose registry, RFC 6890 and successors). */
const blockedV4: readonly Cidr[] = [
  '0.0.0.0/8', // "this network"; 0.0.0.0 reaches the local host on Linux
  '10.0.0.0/8', // private
  '100.64.0.0/10', // carrier-grade NAT (also Alibaba Cloud metadata 100.100.100.200)
  '127.0.0.0/8', // loopback
  '169.254.0.0/16', // link-local (cloud metadata 169.254.169.254)
  '172.16.0.0/12', // private
  '192.0.0.0/24', // IETF protocol assignments
  '192.0.2.0/24', // documentation TEST-NET-1
  '192.88.99.0/24', // deprecated 6to4 relay anycast
  '192.168.0.0/16', // private
  '198.18.0.0/15', // benchmarking
  '198.51.100.0/24', // documentation TEST-NET-2
  '203.0.113.0/24', // documentation TEST-NET-3
  '224.0.0.0/4', // multicast
  '240.0.0.0/4', // reserved, includes broadcast 255.255.255.255
].map(cidr)

/** The only IPv6 block that is routable on the public internet. */
const globalUnicastV6 = cidr('2000::/3')

/** Special blocks inside 2000::/3 that are not ordinary public hosts. */
const blockedInsideGlobalV6: readonly Cidr[] = [
  '2001::/23', // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID, AMT...
  '2001:db8::/32', // documentation
  '3fff::/20', // documentation (RFC 9637)
  '5f00::/16', // SRv6 segment identifiers
].map(cidr)

const nat64WellKnown = cidr('64:ff9b::/96')
const sixToFour = cidr('2002::/16')

/** Written out so the refusal reason is obvious in reviews; all are also inside the ranges above. */
export const cloudMetadataAddresses: readonly string[] = [
  '169.254.169.254',
  'fd00:ec2::254',
  '100.100.100.200',
]

function isBlockedV4(addr: ipaddr.IPv4): boolean {
  return blockedV4.some((range) => addr.match(range))
}

function v4FromBytes(bytes: number[]): ipaddr.IPv4 {
  return new ipaddr.IPv4(bytes)
}

function isBlockedV6(addr: ipaddr.IPv6): boolean {
  const bytes = addr.toByteArray()
  if (addr.isIPv4MappedAddress()) return isBlockedV4(addr.toIPv4Address())
  // NAT64 (RFC 6052): a DNS64 resolver may legitimately synthesise 64:ff9b::<public v4> for IPv6-only
  // hosts, so judge the embedded address instead of refusing the whole block.
  if (addr.match(nat64WellKnown)) return isBlockedV4(v4FromBytes(bytes.slice(12, 16)))
  if (!addr.match(globalUnicastV6)) return true
  // 6to4 (RFC 3056): 2002:AABB:CCDD::/48 carries the IPv4 address AA.BB.CC.DD.
  if (addr.match(sixToFour)) return isBlockedV4(v4FromBytes(bytes.slice(2, 6)))
  return blockedInsideGlobalV6.some((range) => addr.match(range))
}

/**
 * Canonical IP text for any numeric spelling the WHATWG URL parser accepts (`127.1`, `2130706433`,
 * `0x7f000001`, `0177.0.0.1`, `[::ffff:7f00:1]`), or null when the input is not an IP address.
 */
export function canonicalIp(input: string): string | null {
  const text = input.trim().replace(/^\[(.*)\]$/, '$1')
  if (isIP(text)) return text
  try {
    const host = new URL(`http://${text.includes(':') ? `[${text}]` : text}/`).hostname
    const bare = host.replace(/^\[(.*)\]$/, '$1')
    return isIP(bare) ? bare : null
  } catch {
    return null
  }
}

/**
 * Whether connecting to this address must be refused. Fails closed: anything that is not an IP address
 * (or cannot be parsed) is blocked, so a caller that passes a hostname by mistake does not open a hole.
 */
export function isBlockedAddress(ip: string): boolean {
  const canonical = canonicalIp(ip)
  if (!canonical) return true
  let addr: ipaddr.IPv4 | ipaddr.IPv6
  try {
    // Zone ids (fe80::1%eth0) are only valid on link-local addresses, which are blocked anyway.
    addr = ipaddr.parse(canonical.replace(/%.*$/, ''))
  } catch {
    return true
  }
  return addr.kind() === 'ipv4' ? isBlockedV4(addr as ipaddr.IPv4) : isBlockedV6(addr as ipaddr.IPv6)
}
