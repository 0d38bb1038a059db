import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startFakeDns } from '../../test/fakes/dns.ts'
import { BOTS, botForUserAgent, RANGE_SOURCES } from './bots-table.ts'
import {
  createVerifier,
  dnsResolver,
  loadRanges,
  overlayRanges,
  parseRangeFile,
  RANGES_DIR,
  type RangeSet,
  rangesFresh,
} from './verify.ts'

const bot = (token: string) => {
  const b = BOTS.find((x) => x.token === token)
  if (!b) throw new Error(token)
  return b
}
const NOW = Date.UTC(2026, 10, 26)

describe('bot table', () => {
  it.each([
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)',
      'GPTBot',
    ],
    ['Mozilla/5.0 (compatible; Claude-SearchBot/1.0; +Claude-SearchBot@anthropic.com)', 'Claude-SearchBot'],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)',
      'ClaudeBot',
    ],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    ['Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)', 'bingbot'],
    [
      'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)',
      'Perplexity-User',
    ],
    [
      'meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)',
      'meta-externalagent',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15',
      null,
    ],
  ])('%s → %s', (ua, token) => {
    expect(botForUserAgent(ua)?.token ?? null).toBe(token)
  })
  it('control tokens never match an agent, and every robots-view crawler has a purpose', () => {
    expect(botForUserAgent('Google-Extended')).toBeNull()
    expect(
      BOTS.filter((b) => b.robotsView).every((b) => ['training', 'search', 'user'].includes(b.purpose)),
    ).toBe(true)
  })
})

describe('published ranges', () => {
  const fresh: RangeSet = parseRangeFile(
    'gptbot',
    {
      creationTime: '2026-11-20T00:00:00.000000',
      prefixes: [
        { ipv4Prefix: '20.171.206.0/24' },
        { ipv6Prefix: '2600:1f28:365:80b0::/60' },
        { ipv4Prefix: 42 },
      ],
    },
    '2026-11-20',
  )
  it('reads the operators’ format, skipping a mistyped entry', () => {
    expect(fresh.cidrs).toHaveLength(2)
  })
  it.each([
    ['20.171.206.10', 'verified'],
    ['::ffff:20.171.206.10', 'verified'],
    ['2600:1f28:365:80b1::1', 'verified'],
    ['203.0.113.5', 'spoofed'],
  ])('a fresh list: %s is %s', (ip, verdict) => {
    const v = createVerifier({ ranges: new Map([['gptbot', fresh]]), now: NOW })
    expect(v.verify(bot('GPTBot'), ip)).toBe(verdict)
  })
  it('a stale or undated list verifies inside; outside it is "outside the list", never spoofed', () => {
    const stale = { ...fresh, retrieved: '2026-01-01' }
    expect(
      createVerifier({ ranges: new Map([['gptbot', stale]]), now: NOW }).verify(bot('GPTBot'), '203.0.113.5'),
    ).toBe('outside-list')
    const undated = { ...fresh, retrieved: null }
    expect(
      createVerifier({ ranges: new Map([['gptbot', undated]]), now: NOW }).verify(
        bot('GPTBot'),
        '203.0.113.5',
      ),
    ).toBe('outside-list')
    const shipped = loadRanges()
    const v = createVerifier({ ranges: shipped, now: NOW })
    expect(v.verify(bot('GPTBot'), '20.171.206.77')).toBe('verified')
    expect(v.verify(bot('GPTBot'), '203.0.113.5')).toBe('outside-list')
    expect(v.verify(bot('ChatGPT-User'), '23.98.142.180')).toBe('verified')
  })
  it('a refreshed copy laid over the shipped one makes the same address spoofed (overlayRanges)', () => {
    const shipped = loadRanges()
    const refreshed = { ...fresh, retrieved: '2026-11-27T04:41:00.000Z' }
    const ranges = overlayRanges(shipped, [
      refreshed,
      { ...fresh, name: 'claudebot', retrieved: '2020-01-01' },
    ])
    expect(ranges.get('gptbot')).toBe(refreshed)
    // An older copy never replaces a newer one.
    expect(ranges.get('claudebot')).toBe(shipped.get('claudebot'))
    const v = createVerifier({ ranges, now: NOW })
    expect(v.verify(bot('GPTBot'), '203.0.113.5')).toBe('spoofed')
    expect(rangesFresh(refreshed, NOW)).toBe(true)
    expect(rangesFresh(shipped.get('gptbot')!, NOW)).toBe(false)
  })
  // The operators' lists shipped in data/ranges (sources.json says where each came from and when).
  const shipped = loadRanges()
  it.each([
    ['Googlebot', '66.249.66.1', '66.249.90.1'],
    ['Googlebot', '2001:4860:4801:10::7', '2001:4860:4802::1'],
    ['bingbot', '157.55.39.10', '157.55.40.10'],
    ['bingbot', '40.77.190.3', '40.77.192.3'],
    ['Applebot', '17.241.208.170', '17.22.237.5'],
    ['DuckDuckBot', '20.191.45.212', '20.191.45.213'],
    ['PerplexityBot', '3.211.124.183', '3.211.124.184'],
    ['PerplexityBot', '18.97.9.100', '18.97.9.104'],
    ['Perplexity-User', '18.97.21.3', '18.97.21.4'],
    ['ClaudeBot', '216.73.217.9', '216.73.220.1'],
    ['Claude-SearchBot', '216.73.216.1', '216.73.212.1'],
    ['Claude-User', '34.162.191.81', '34.162.191.82'],
    ['GPTBot', '20.171.207.9', '20.171.208.9'],
    ['OAI-SearchBot', '20.171.53.225', '20.171.53.240'],
    ['ChatGPT-User', '23.98.142.180', '23.98.142.192'],
  ])('shipped %s list: %s is inside, %s is not', (token, inside, outside) => {
    const v = createVerifier({ ranges: shipped, now: NOW })
    expect(v.verify(bot(token), inside)).toBe('verified')
    // Shipped copies are months old: outside is not called spoofed (no resolver here either).
    expect(v.verify(bot(token), outside)).toBe('outside-list')
    // Within 30 days of the list's date, outside it is someone else.
    const set = shipped.get(bot(token).ranges![0]!)!
    const then = createVerifier({ ranges: shipped, now: Date.parse(set.retrieved!) + 86_400_000 })
    expect(then.verify(bot(token), outside)).toBe('spoofed')
  })
  it('every shipped list is dated and comes from an address bots:update knows', () => {
    const sources = JSON.parse(readFileSync(join(RANGES_DIR, 'sources.json'), 'utf8')).files as Record<
      string,
      { url: string; retrieved: string | null }
    >
    for (const [name, set] of shipped) {
      expect(sources[name]?.url, name).toBe(RANGE_SOURCES[name])
      // OpenAI's copies have no recorded date (their note says why); every other list has one.
      if (!['gptbot', 'searchbot', 'chatgpt-user'].includes(name))
        expect(set.retrieved, name).toMatch(/^2026-/)
      expect(set.cidrs.length, name).toBeGreaterThan(0)
    }
    for (const b of BOTS)
      for (const r of b.ranges ?? []) expect(RANGE_SOURCES[r], `${b.token} ${r}`).toBeTruthy()
  })
  it('a bot with no published method is unverified', () => {
    expect(createVerifier({ now: NOW }).verify(bot('Bytespider'), '1.2.3.4')).toBe('unverified')
  })
})

describe('forward-confirmed reverse DNS against a loopback DNS server', () => {
  let dns: Awaited<ReturnType<typeof startFakeDns>>
  beforeAll(async () => {
    dns = await startFakeDns({
      ptr: {
        '66.249.66.1': ['crawl-66-249-66-1.googlebot.com'],
        '2001:4860:4801:10::1': ['crawl-2001-4860-4801-10--1.googlebot.com'],
        '198.51.100.9': ['host.example.net'],
        '198.51.100.10': ['crawl-fake.googlebot.com.attacker.net'],
        '198.51.100.11': ['crawl-198-51-100-11.googlebot.com'],
      },
      a: {
        'crawl-66-249-66-1.googlebot.com': ['66.249.66.1'],
        'crawl-198-51-100-11.googlebot.com': ['66.249.66.99'],
      },
      aaaa: { 'crawl-2001-4860-4801-10--1.googlebot.com': ['2001:4860:4801:10::1'] },
      silent: ['198.51.100.12'],
    })
  })
  afterAll(() => dns.close())

  it.each([
    ['66.249.66.1', 'verified', 'PTR in googlebot.com and back'],
    ['2001:4860:4801:10::1', 'verified', 'IPv6'],
    ['198.51.100.9', 'spoofed', 'PTR elsewhere'],
    ['198.51.100.10', 'spoofed', 'lookalike suffix'],
    ['198.51.100.11', 'spoofed', 'forward lookup gives another address'],
    ['203.0.113.200', 'spoofed', 'no PTR (NXDOMAIN)'],
    ['198.51.100.12', 'unverified', 'resolver does not answer'],
  ])('%s is %s (%s)', async (ip, verdict) => {
    const v = createVerifier({ resolver: dnsResolver([dns.server], 300), now: NOW })
    expect(await v.verify(bot('Googlebot'), ip)).toBe(verdict)
  })

  it('looks an address up once, then answers from the cache synchronously', async () => {
    const v = createVerifier({ resolver: dnsResolver([dns.server], 300), now: NOW })
    const before = dns.queries.length
    expect(await v.verify(bot('bingbot'), '66.249.66.1')).toBe('spoofed') // a Google address is not Bing
    expect(v.verify(bot('bingbot'), '66.249.66.1')).toBe('spoofed')
    expect(dns.queries.length - before).toBe(1)
    expect(v.lookups()).toBe(1)
  })
})
