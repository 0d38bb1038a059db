import { describe, expect, it } from 'vitest'
import { pagePath } from './aggregate.ts'
import { analyzeLogs } from './analyze.ts'
import { parseRangeFile } from './verify.ts'

const GPT =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CLAUDE =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
const USER =
  'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot'
const HUMAN = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0'
const l = (ip: string, day: number, path: string, status: number, bytes: number, ua: string) =>
  `${ip} - - [${String(day).padStart(2, '0')}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} ${bytes} "-" "${ua}"`

const log = [
  l('20.171.206.1', 20, '/robots.txt', 200, 50, GPT),
  l('20.171.206.1', 20, '/', 200, 1000, GPT),
  l('20.171.206.2', 21, '/precos?x=1', 200, 2000, GPT),
  l('20.171.206.2', 21, '/privado/a', 200, 10, GPT),
  l('20.171.206.2', 22, '/antigo', 404, 5, GPT),
  l('203.0.113.66', 22, '/wp-login.php', 404, 5, GPT), // spoofed: outside a fresh list
  l('203.0.113.67', 22, '/.env', 404, 5, GPT), // spoofed, second source
  l('198.51.100.1', 21, '/', 200, 900, CLAUDE),
  l('198.51.100.1', 22, '/sobre', 301, 0, CLAUDE),
  l('23.98.142.180', 22, '/precos', 200, 2000, USER),
  l('192.0.2.1', 20, '/', 200, 1000, HUMAN),
  l('192.0.2.1', 20, '/sobre', 200, 1000, HUMAN),
  l('192.0.2.1', 20, '/contactos', 200, 1000, HUMAN),
  'garbage line',
].join('\n')

async function* once(s: string) {
  yield Buffer.from(s)
}

const fresh = new Map([
  ['gptbot', parseRangeFile('gptbot', { prefixes: [{ ipv4Prefix: '20.171.206.0/24' }] }, '2026-11-25')],
  [
    'chatgpt-user',
    parseRangeFile('chatgpt-user', { prefixes: [{ ipv4Prefix: '23.98.142.176/28' }] }, '2026-11-25'),
  ],
])

describe('analyzeLogs', () => {
  it('counts per bot: verdicts, days, statuses, bytes, pages, share, robots.txt and disallowed paths', async () => {
    const r = await analyzeLogs([{ name: 'access.log', stream: once(log) }], {
      robotsTxt: 'User-agent: GPTBot\nDisallow: /privado/\n\nUser-agent: *\nAllow: /\n',
      origin: 'https://exemplo.pt',
      verifier: { ranges: fresh, now: Date.UTC(2026, 10, 26) },
    })
    expect(r.files[0]).toMatchObject({
      name: 'access.log',
      format: 'combined',
      lines: 14,
      hits: 13,
      malformed: 1,
    })
    expect(r.totals).toEqual({
      hits: 13,
      botHits: 8,
      aiHits: 8,
      searchEngineHits: 0,
      spoofedHits: 2,
      otherHits: 3,
    })
    const gpt = r.bots.find((b) => b.token === 'GPTBot')
    expect(gpt).toMatchObject({
      purpose: 'training',
      hits: 5,
      verified: 5,
      spoofed: 2,
      spoofedSources: 2,
      bytes: 3065,
      statuses: { '200': 4, '404': 1 },
      days: [
        { day: '2026-11-20', hits: 2 },
        { day: '2026-11-21', hits: 2 },
        { day: '2026-11-22', hits: 1 },
      ],
      pages: 5,
      robotsFetches: 1,
      disallowedHits: 1,
      disallowedPaths: [{ path: '/privado/a', hits: 1 }],
      first: '2026-11-20T10:00:00.000Z',
      last: '2026-11-22T10:00:00.000Z',
    })
    // Site pages from the log: 2xx paths of anyone (/, /robots.txt, /precos, /privado/a, /sobre, /contactos).
    expect(r.sitePages).toEqual({ count: 6, source: 'log' })
    expect(gpt?.share).toBeCloseTo(5 / 6)
    expect(r.bots.find((b) => b.token === 'ClaudeBot')).toMatchObject({
      hits: 2,
      unverified: 2,
      verified: 0,
      disallowedHits: 0,
    })
    expect(r.bots.find((b) => b.token === 'ChatGPT-User')).toMatchObject({ purpose: 'user', verified: 1 })
    // Spoofed hits never become pages the bot fetched.
    expect(r.pages.find((p) => p.path === '/wp-login.php')).toBeUndefined()
    expect(r.pages.find((p) => p.path === '/precos')).toMatchObject({
      hits: 2,
      bots: expect.arrayContaining([
        expect.objectContaining({ token: 'GPTBot', hits: 1, lastStatus: 200 }),
        expect.objectContaining({ token: 'ChatGPT-User', hits: 1 }),
      ]),
    })
    expect(r.period).toEqual({ from: '2026-11-20T10:00:00.000Z', to: '2026-11-22T10:00:00.000Z' })
  })

  it('without robots.txt the disallowed count is unknown (null), and crawl pages replace log pages', async () => {
    const r = await analyzeLogs([{ name: 'a', stream: once(log) }], {
      sitePages: 10,
      verifier: { ranges: fresh, now: Date.UTC(2026, 10, 26) },
    })
    expect(r.bots[0]?.disallowedHits).toBeNull()
    expect(r.sitePages).toEqual({ count: 10, source: 'crawl' })
    expect(r.bots.find((b) => b.token === 'GPTBot')?.share).toBeCloseTo(0.5)
  })

  it('keeps only the requested host when the log names hosts', async () => {
    const json = [
      '{"ClientIP":"1.1.1.1","ClientRequestHost":"a.pt","ClientRequestMethod":"GET","ClientRequestURI":"/","ClientRequestUserAgent":"ClaudeBot/1.0","EdgeResponseStatus":200,"EdgeStartTimestamp":"2026-11-20T00:00:00Z"}',
      '{"ClientIP":"1.1.1.1","ClientRequestHost":"b.pt","ClientRequestMethod":"GET","ClientRequestURI":"/","ClientRequestUserAgent":"ClaudeBot/1.0","EdgeResponseStatus":200,"EdgeStartTimestamp":"2026-11-20T00:00:00Z"}',
    ].join('\n')
    const r = await analyzeLogs([{ name: 'cf.json', stream: once(json) }], { host: 'a.pt' })
    expect(r.totals.hits).toBe(1)
  })

  it('pagePath drops query and fragment', () => {
    expect(pagePath('/a/b?x=1#y')).toBe('/a/b')
    expect(pagePath('/a#y?x')).toBe('/a')
  })
})
