import { describe, expect, it } from 'vitest'
import { canonicalIp, cloudMetadataAddresses, isBlockedAddress } from './address.ts'

// Each row: an address and whether the audit must refuse to connect to it.
const blocked: [string, string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback /8'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network" /8'],
  ['10.0.0.1', 'private 10/8'],
  ['172.16.0.1', 'private 172.16/12 low'],
  ['172.31.255.255', 'private 172.16/12 high'],
  ['192.168.0.1', 'private 192.168/16'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.1.1', 'link-local'],
  ['100.64.0.1', 'CGNAT low'],
  ['100.127.255.255', 'CGNAT high'],
  ['100.100.100.200', 'Alibaba metadata'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast SSDP'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved 240/4'],
  ['198.18.0.1', 'benchmarking'],
  ['198.19.255.255', 'benchmarking high'],
  ['192.0.2.10', 'TEST-NET-1'],
  ['198.51.100.10', 'TEST-NET-2'],
  ['203.0.113.10', 'TEST-NET-3'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with zone'],
  ['fc00::1', 'ULA fc00::/7 low'],
  ['fdff:ffff::1', 'ULA fc00::/7 high'],
  ['fd00:ec2::254', 'AWS IPv6 metadata'],
  ['ff02::1', 'IPv6 multicast'],
  ['fec0::1', 'deprecated site-local'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, hex'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::7f00:1', 'IPv4-compatible (deprecated) loopback'],
  ['::ffff:0:7f00:1', 'SIIT ::ffff:0:0/96'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of metadata'],
  ['64:ff9b:1::1', 'local-use NAT64 /48'],
  ['2002:7f00:1::1', '6to4 of loopback'],
  ['2002:c0a8:101::1', '6to4 of 192.168.1.1'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['3fff::1', 'IPv6 documentation 3fff::/20'],
  ['100::1', 'IPv6 discard-only'],
  ['2001:2::1', 'IPv6 benchmarking'],
  // Not canonical IPs: fail closed.
  ['example.com', 'a hostname is not an address'],
  ['', 'empty'],
  ['999.1.1.1', 'invalid'],
]

const allowed: [string, string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['93.184.215.14', 'public IPv4'],
  ['172.15.255.255', 'just below 172.16/12'],
  ['172.32.0.1', 'just above 172.16/12'],
  ['100.63.255.255', 'just below CGNAT'],
  ['100.128.0.1', 'just above CGNAT'],
  ['169.253.255.255', 'just below link-local'],
  ['223.255.255.255', 'just below multicast'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2a00:1450:4003:80e::200e', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of a public address (DNS64 networks)'],
  ['2002:808:808::1', '6to4 of a public address'],
]

describe('isBlockedAddress', () => {
  it.each(blocked)('refuses %s (%s)', (ip) => {
    expect(isBlockedAddress(ip)).toBe(true)
  })
  it.each(allowed)('allows %s (%s)', (ip) => {
    expect(isBlockedAddress(ip)).toBe(false)
  })
  it('refuses every listed cloud metadata address', () => {
    for (const ip of cloudMetadataAddresses) expect(isBlockedAddress(ip), ip).toBe(true)
  })
  it('judges non-canonical numeric spellings by the address they mean', () => {
    for (const spelling of ['127.1', '2130706433', '0x7f000001', '017700000001', '0177.0.0.1', '[::1]']) {
      expect(isBlockedAddress(spelling), spelling).toBe(true)
    }
    expect(isBlockedAddress('134744072')).toBe(false) // 8.8.8.8 as one number
  })
})

describe('canonicalIp', () => {
  it.each([
    ['127.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['[::1]', '::1'],
    ['::FFFF:127.0.0.1', '::FFFF:127.0.0.1'],
  ])('%s -> %s', (input, expected) => {
    expect(canonicalIp(input)).toBe(expected)
  })
  it('returns null for hostnames', () => {
    expect(canonicalIp('example.com')).toBeNull()
    expect(canonicalIp('0x7f000001.nip.io')).toBeNull()
  })
})
