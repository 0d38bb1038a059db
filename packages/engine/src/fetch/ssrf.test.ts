// The SSRF guard, end to end: each vector goes through safeFetch with the guard ON. The loopback vectors
// use the fixture server's port, so a guard that let them through would get a real 200 instead of the
// expected refusal; the others would fail with a different code (timeout, refused connection).
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type FixtureServer, startFixtureServer } from '../../test/fixtures/server.ts'
import type { EngineErrorCode } from '../errors.ts'
import { isBlockedAddress } from './address.ts'
import { safeFetch } from './fetcher.ts'
import {
  createGuardedAgent,
  guardPolicy,
  parseTargetUrl,
  type ResolvedAddress,
  type Resolver,
} from './guard.ts'

const answers: Record<string, ResolvedAddress[]> = {
  localhost: [{ address: '127.0.0.1', family: 4 }],
  'loopback.test': [{ address: '127.0.0.1', family: 4 }],
  'private.test': [{ address: '10.1.2.3', family: 4 }],
  'metadata.test': [{ address: '169.254.169.254', family: 4 }],
  'alibaba-metadata.test': [{ address: '100.100.100.200', family: 4 }],
  'cgnat.test': [{ address: '100.64.1.1', family: 4 }],
  'zero.test': [{ address: '0.0.0.0', family: 4 }],
  // One public answer and one private: a rebinding setup, refused whichever answer would be used.
  'mixed.test': [
    { address: '93.184.215.14', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'mixed-v6.test': [
    { address: '2606:4700:4700::1111', family: 6 },
    { address: '::1', family: 6 },
  ],
  'mapped.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'ula.test': [{ address: 'fd12:3456::1', family: 6 }],
  'aws-v6-metadata.test': [{ address: 'fd00:ec2::254', family: 6 }],
  'nat64.test': [{ address: '64:ff9b::a00:1', family: 6 }],
  '6to4.test': [{ address: '2002:a9fe:a9fe::1', family: 6 }],
  'teredo.test': [{ address: '2001:0:4136:e378:8000:63bf:3fff:fdd2', family: 6 }],
  'linklocal-v6.test': [{ address: 'fe80::1', family: 6 }],
  'empty.test': [],
}

const fakeResolver: Resolver = async (hostname) => {
  const found = answers[hostname]
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
  return found
}

let fx: FixtureServer
let port: string
beforeAll(async () => {
  fx = await startFixtureServer()
  port = new URL(fx.origin).port
})
afterAll(() => fx.close())

async function refusal(url: string, options: Parameters<typeof safeFetch>[1] = {}): Promise<string> {
  try {
    const result = await safeFetch(url, {
      allowPrivate: false,
      resolver: fakeResolver,
      connectTimeoutMs: 500,
      totalTimeoutMs: 3000,
      ...options,
    })
    return `fetched ${result.status}`
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

// `{port}` is replaced by the fixture server's port.
const vectors: [string, EngineErrorCode][] = [
  // IPv4 loopback in every spelling the URL parser accepts.
  ['http://127.0.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://127.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://127.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://2130706433:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://0x7f000001:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://017700000001:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://0177.0.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://0x7f.0.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://0x7f.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://127.000.000.001:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://127.0.0.1.:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://%31%32%37.0.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://①②⑦.0.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://１２７．０．０．１:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['HTTP://127.0.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http:/\\127.0.0.1:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://127.0.0.1:{port}\\@example.com/', 'BLOCKED_ADDRESS'],
  ['http://127.255.255.254:{port}/', 'BLOCKED_ADDRESS'],
  ['http://0.0.0.0:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://0:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  // IPv6 forms.
  ['http://[::1]:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://[::]:{port}/', 'BLOCKED_ADDRESS'],
  ['http://[::ffff:127.0.0.1]:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://[::ffff:7f00:1]:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://[0:0:0:0:0:ffff:127.0.0.1]:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://[::127.0.0.1]:{port}/', 'BLOCKED_ADDRESS'],
  ['http://[::ffff:0:7f00:1]:{port}/', 'BLOCKED_ADDRESS'],
  ['http://[::ffff:169.254.169.254]/', 'BLOCKED_ADDRESS'],
  ['http://[::ffff:a00:1]/', 'BLOCKED_ADDRESS'],
  ['http://[fe80::1]/', 'BLOCKED_ADDRESS'],
  ['http://[fc00::1]/', 'BLOCKED_ADDRESS'],
  ['http://[fd00:ec2::254]/latest/meta-data/', 'BLOCKED_ADDRESS'],
  ['http://[ff02::1]/', 'BLOCKED_ADDRESS'],
  ['http://[fec0::1]/', 'BLOCKED_ADDRESS'],
  ['http://[64:ff9b::7f00:1]/', 'BLOCKED_ADDRESS'],
  ['http://[64:ff9b::a9fe:a9fe]/', 'BLOCKED_ADDRESS'],
  ['http://[2002:7f00:1::1]/', 'BLOCKED_ADDRESS'],
  ['http://[2002:a9fe:a9fe::1]/', 'BLOCKED_ADDRESS'],
  ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'BLOCKED_ADDRESS'],
  ['http://[2001:db8::1]/', 'BLOCKED_ADDRESS'],
  ['http://[100::1]/', 'BLOCKED_ADDRESS'],
  // Private, reserved and special IPv4 ranges.
  ['http://10.0.0.1/', 'BLOCKED_ADDRESS'],
  ['http://10.255.255.255/', 'BLOCKED_ADDRESS'],
  ['http://172.16.0.1/', 'BLOCKED_ADDRESS'],
  ['http://172.31.255.255/', 'BLOCKED_ADDRESS'],
  ['http://192.168.1.1/', 'BLOCKED_ADDRESS'],
  ['http://169.254.169.254/latest/meta-data/', 'BLOCKED_ADDRESS'],
  ['http://0xa9fea9fe/latest/meta-data/', 'BLOCKED_ADDRESS'],
  ['http://2852039166/latest/meta-data/', 'BLOCKED_ADDRESS'],
  ['http://169.254.0.1/', 'BLOCKED_ADDRESS'],
  ['http://100.64.0.1/', 'BLOCKED_ADDRESS'],
  ['http://100.100.100.200/', 'BLOCKED_ADDRESS'],
  ['http://224.0.0.1/', 'BLOCKED_ADDRESS'],
  ['http://239.255.255.250/', 'BLOCKED_ADDRESS'],
  ['http://255.255.255.255/', 'BLOCKED_ADDRESS'],
  ['http://240.0.0.1/', 'BLOCKED_ADDRESS'],
  ['http://198.18.0.1/', 'BLOCKED_ADDRESS'],
  ['http://192.0.2.1/', 'BLOCKED_ADDRESS'],
  ['http://198.51.100.1/', 'BLOCKED_ADDRESS'],
  ['http://203.0.113.1/', 'BLOCKED_ADDRESS'],
  ['http://192.0.0.1/', 'BLOCKED_ADDRESS'],
  ['https://127.0.0.1:{port}/', 'BLOCKED_ADDRESS'],
  // Hostnames judged by their DNS answers (injected resolver).
  ['http://localhost:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://loopback.test:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://LOOPBACK.test:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://private.test/', 'BLOCKED_ADDRESS'],
  ['http://metadata.test/latest/meta-data/', 'BLOCKED_ADDRESS'],
  ['http://alibaba-metadata.test/', 'BLOCKED_ADDRESS'],
  ['http://cgnat.test/', 'BLOCKED_ADDRESS'],
  ['http://zero.test:{port}/', 'BLOCKED_ADDRESS'],
  ['http://mixed.test:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
  ['http://mixed-v6.test/', 'BLOCKED_ADDRESS'],
  ['http://mapped.test:{port}/', 'BLOCKED_ADDRESS'],
  ['http://ula.test/', 'BLOCKED_ADDRESS'],
  ['http://aws-v6-metadata.test/', 'BLOCKED_ADDRESS'],
  ['http://nat64.test/', 'BLOCKED_ADDRESS'],
  ['http://6to4.test/', 'BLOCKED_ADDRESS'],
  ['http://teredo.test/', 'BLOCKED_ADDRESS'],
  ['http://linklocal-v6.test/', 'BLOCKED_ADDRESS'],
  ['https://metadata.test/', 'BLOCKED_ADDRESS'],
  ['http://nowhere.test/', 'HOST_NOT_FOUND'],
  ['http://empty.test/', 'DNS_FAILURE'],
  // Userinfo tricks.
  ['http://example.com@127.0.0.1:{port}/redirect/chain/0', 'CREDENTIALS_IN_URL'],
  ['http://example.com:80@127.0.0.1:{port}/redirect/chain/0', 'CREDENTIALS_IN_URL'],
  ['http://user:pass@example.com/', 'CREDENTIALS_IN_URL'],
  ['http://user@loopback.test:{port}/', 'CREDENTIALS_IN_URL'],
  // Schemes other than http(s).
  ['file:///etc/passwd', 'UNSUPPORTED_SCHEME'],
  ['file://127.0.0.1/etc/passwd', 'UNSUPPORTED_SCHEME'],
  ['ftp://example.com/', 'UNSUPPORTED_SCHEME'],
  ['gopher://127.0.0.1:6379/_INFO', 'UNSUPPORTED_SCHEME'],
  ['dict://127.0.0.1:11211/stats', 'UNSUPPORTED_SCHEME'],
  ['data:text/html,<h1>hi</h1>', 'UNSUPPORTED_SCHEME'],
  ['javascript:alert(1)', 'UNSUPPORTED_SCHEME'],
  ['ws://example.com/', 'UNSUPPORTED_SCHEME'],
  ['view-source:http://example.com/', 'UNSUPPORTED_SCHEME'],
  ['blob:http://example.com/uuid', 'UNSUPPORTED_SCHEME'],
  // Not URLs at all.
  ['', 'INVALID_URL'],
  ['not a url', 'INVALID_URL'],
  ['http://', 'INVALID_URL'],
  ['http://[::1', 'INVALID_URL'],
  ['http://256.0.0.1/', 'INVALID_URL'],
  ['http://0x100000000/', 'INVALID_URL'],
  ['http://127.0.0.1%00.example.com/', 'INVALID_URL'],
  ['http://[::1%25eth0]/', 'INVALID_URL'],
]

describe('SSRF guard: URL vectors through safeFetch', () => {
  it('has at least 60 vectors', () => {
    expect(vectors.length).toBeGreaterThanOrEqual(60)
  })

  it.each(vectors)('%s -> %s', async (template, code) => {
    const before = fx.requests.length
    expect(await refusal(template.replaceAll('{port}', port))).toBe(code)
    // Refused means refused before connecting: the fixture server never saw the request.
    expect(fx.requests.length).toBe(before)
  })

  it('the same loopback URLs are fetched when private targets are allowed (the vectors can succeed)', async () => {
    for (const template of [
      'http://127.1:{port}/redirect/chain/0',
      'http://0x7f000001:{port}/redirect/chain/0',
      'http://loopback.test:{port}/redirect/chain/0',
    ]) {
      expect(await refusal(template.replaceAll('{port}', port), { allowPrivate: true })).toBe('fetched 200')
    }
  })
})

describe('SSRF guard: every redirect hop is checked', () => {
  // The fixture lives on 127.0.0.1. To test redirects *from an allowed host*, this policy pretends that
  // exactly 127.0.0.1 is public while the rest of the real policy stays on.
  const pretendPublic = (ip: string) => ip !== '127.0.0.1' && isBlockedAddress(ip)
  const hopResolver: Resolver = async (hostname) => {
    if (hostname === 'public.test' || hostname === 'public2.test')
      return [{ address: '127.0.0.1', family: 4 }]
    // The first answer is the reachable, allowed fixture; the second is private: still refused.
    if (hostname === 'mixed-hop.test') {
      return [
        { address: '127.0.0.1', family: 4 },
        { address: '10.0.0.1', family: 4 },
      ]
    }
    return fakeResolver(hostname)
  }
  const viaRedirect = (target: string) =>
    `http://public.test:${port}/redirect/to?url=${encodeURIComponent(target.replaceAll('{port}', port))}`

  it('control: a redirect between allowed hosts is followed and recorded', async () => {
    const result = await safeFetch(viaRedirect('http://public2.test:{port}/redirect/chain/0'), {
      allowPrivate: false,
      isBlocked: pretendPublic,
      resolver: hopResolver,
    })
    expect(result.status).toBe(200)
    expect(result.finalUrl).toBe(`http://public2.test:${port}/redirect/chain/0`)
    expect(result.redirects).toHaveLength(1)
    expect(result.remoteAddress).toBe('127.0.0.1')
  })

  it.each<[string, EngineErrorCode]>([
    ['http://127.0.0.2:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
    ['http://2130706434:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
    ['http://[::1]:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
    ['http://[::ffff:127.0.0.2]:{port}/', 'BLOCKED_ADDRESS'],
    ['http://169.254.169.254/latest/meta-data/', 'BLOCKED_ADDRESS'],
    ['http://private.test:{port}/', 'BLOCKED_ADDRESS'],
    ['http://metadata.test/latest/meta-data/', 'BLOCKED_ADDRESS'],
    ['http://mixed-hop.test:{port}/redirect/chain/0', 'BLOCKED_ADDRESS'],
    ['http://mapped.test:{port}/', 'BLOCKED_ADDRESS'],
    ['http://u:p@public2.test:{port}/', 'CREDENTIALS_IN_URL'],
    ['file:///etc/passwd', 'UNSUPPORTED_SCHEME'],
    ['gopher://127.0.0.1:6379/_INFO', 'UNSUPPORTED_SCHEME'],
  ])('public -> %s is refused with %s', async (target, code) => {
    const before = fx.requests.length
    const outcome = await refusal(viaRedirect(target), { isBlocked: pretendPublic, resolver: hopResolver })
    expect(outcome).toBe(code)
    // The first hop was served (it is allowed); the refused hop never reached a server.
    expect(fx.requests.length).toBe(before + 1)
  })

  it('checks hops deep in a chain, not only the first and last', async () => {
    const inner = `http://public2.test:${port}/redirect/to?url=${encodeURIComponent('http://private.test/')}`
    const outcome = await refusal(viaRedirect(inner), { isBlocked: pretendPublic, resolver: hopResolver })
    expect(outcome).toBe('BLOCKED_ADDRESS')
  })
})

describe('SSRF guard: DNS answers', () => {
  it('connects to exactly the answer it checked (one resolution per connection, no re-resolve)', async () => {
    // A rebinding resolver: a harmless answer first, a private one afterwards. A guard that checked one
    // resolution and connected using another would reach 10.0.0.1 and fail differently.
    const calls: string[] = []
    const rebinding: Resolver = async (hostname) => {
      calls.push(hostname)
      return calls.length === 1 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.1', family: 4 }]
    }
    const result = await safeFetch(`http://rebind.test:${port}/redirect/chain/0`, {
      allowPrivate: false,
      isBlocked: (ip) => ip !== '127.0.0.1' && isBlockedAddress(ip),
      resolver: rebinding,
    })
    expect(result.status).toBe(200)
    expect(result.remoteAddress).toBe('127.0.0.1')
    expect(calls).toEqual(['rebind.test'])
  })

  it('refuses when the first answer is private even if a later one would be public', async () => {
    let n = 0
    const rebinding: Resolver = async () =>
      n++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '8.8.8.8', family: 4 }]
    expect(await refusal(`http://rebind.test:${port}/`, { resolver: rebinding })).toBe('BLOCKED_ADDRESS')
  })

  it('uses the system resolver by default, so localhost is caught through /etc/hosts', async () => {
    expect(await refusal(`http://localhost:${port}/redirect/chain/0`, { resolver: undefined })).toBe(
      'BLOCKED_ADDRESS',
    )
  })
})

describe('SSRF guard: the dispatcher itself', () => {
  it('refuses literal loopback addresses even when URL validation is bypassed', async () => {
    const agent = createGuardedAgent({ allowPrivate: false })
    const before = fx.requests.length
    for (const host of ['127.0.0.1', '[::ffff:127.0.0.1]', '[::1]']) {
      await expect(
        request(`http://${host}:${port}/redirect/chain/0`, { dispatcher: agent }),
      ).rejects.toMatchObject({ code: 'BLOCKED_ADDRESS' })
    }
    expect(fx.requests.length).toBe(before)
    await agent.close()
  })

  it('lets loopback through when allowPrivate is set', async () => {
    const agent = createGuardedAgent({ allowPrivate: true })
    const response = await request(`${fx.origin}/redirect/chain/0`, { dispatcher: agent })
    expect(response.statusCode).toBe(200)
    await response.body.dump()
    await agent.close()
  })
})

describe('parseTargetUrl and the policy defaults', () => {
  it('returns the parsed URL for a public address', () => {
    expect(parseTargetUrl('  https://exemplo.pt/página?q=1 ', { allowPrivate: false }).href).toBe(
      'https://exemplo.pt/p%C3%A1gina?q=1',
    )
  })
  it('defaults allowPrivate from FAROL_ALLOW_PRIVATE_TARGETS (set to 1 by the test config)', () => {
    expect(process.env.FAROL_ALLOW_PRIVATE_TARGETS).toBe('1')
    expect(guardPolicy().allowPrivate).toBe(true)
    expect(guardPolicy({ allowPrivate: false }).allowPrivate).toBe(false)
    expect(() => parseTargetUrl('http://127.0.0.1/')).not.toThrow()
    expect(() => parseTargetUrl('http://127.0.0.1/', { allowPrivate: false })).toThrow(/BLOCKED_ADDRESS/)
  })
  it('still refuses schemes and credentials when private targets are allowed', () => {
    expect(() => parseTargetUrl('file:///etc/passwd', { allowPrivate: true })).toThrow(/UNSUPPORTED_SCHEME/)
    expect(() => parseTargetUrl('http://a@127.0.0.1/', { allowPrivate: true })).toThrow(/CREDENTIALS_IN_URL/)
  })
})
