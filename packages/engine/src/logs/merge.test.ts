import { describe, expect, it } from 'vitest'
import { analyzeLogs } from './analyze.ts'
import { mergeAggregates, mergePages } from './merge.ts'
import { parseRangeFile } from './verify.ts'

const GPT = 'Mozilla/5.0 (compatible; GPTBot/1.1; +https://openai.com/gptbot)'
const CLAUDE = 'Mozilla/5.0 (compatible; ClaudeBot/1.0; +claudebot@anthropic.com)'
const l = (ip: string, day: number, path: string, status: number, bytes: number, ua: string) =>
  `${ip} - - [${day}/Nov/2026:10:00:00 +0000] "GET ${path} HTTP/1.1" ${status} ${bytes} "-" "${ua}"`

const lines = [
  l('20.171.206.1', 20, '/robots.txt', 200, 50, GPT),
  l('20.171.206.1', 20, '/', 200, 1000, GPT),
  l('198.51.100.1', 21, '/', 200, 900, CLAUDE),
  l('203.0.113.66', 21, '/wp-login.php', 404, 5, GPT),
  l('20.171.206.2', 22, '/precos', 200, 2000, GPT),
  l('198.51.100.1', 22, '/privado/x', 301, 0, CLAUDE),
  l('20.171.206.2', 23, '/', 500, 10, GPT),
  l('192.0.2.1', 23, '/sobre', 200, 10, 'Firefox'),
]
const ranges = new Map([
  ['gptbot', parseRangeFile('gptbot', { prefixes: [{ ipv4Prefix: '20.171.206.0/24' }] }, '2026-11-25')],
])
async function report(text: string[]) {
  const {
    files: _f,
    verification: _v,
    ...agg
  } = await analyzeLogs(
    [
      {
        name: 'a.log',
        stream: (async function* () {
          yield Buffer.from(text.join('\n'))
        })(),
      },
    ],
    {
      origin: 'https://exemplo.pt',
      robotsTxt: 'User-agent: *\nDisallow: /privado/\n',
      verifier: { ranges, now: Date.UTC(2026, 10, 26) },
    },
  )
  return agg
}

describe('mergeAggregates', () => {
  it('a log read in two parts adds up to the same aggregates as read whole', async () => {
    const whole = await report(lines)
    const merged = mergeAggregates(await report(lines.slice(0, 3)), await report(lines.slice(3)))
    expect(merged.totals).toEqual(whole.totals)
    expect(merged.period).toEqual(whole.period)
    expect(merged.pages).toEqual(whole.pages)
    expect(merged.robotsTxt).toBe('given')
    for (const b of whole.bots) {
      const m = merged.bots.find((x) => x.token === b.token)!
      // The two bounded figures: never above the truth.
      const { spoofedSources, share, ...rest } = b
      expect(m).toMatchObject(rest)
      expect(m.spoofedSources).toBeLessThanOrEqual(spoofedSources)
      expect(m.spoofedSources).toBeGreaterThan(spoofedSources > 0 ? 0 : -1)
      expect(m.share).toBeGreaterThanOrEqual(share ?? 0)
    }
    expect(merged.sitePages.count).toBeLessThanOrEqual(whole.sitePages.count)
    expect(merged.bots.map((b) => b.token)).toEqual(whole.bots.map((b) => b.token))
  })

  it('keeps the pages with most hits when the cap is reached, and says it was', () => {
    const page = (path: string, hits: number) => ({
      path,
      hits,
      bots: [
        {
          token: 'GPTBot',
          hits,
          first: '2026-11-20T00:00:00.000Z',
          last: '2026-11-20T00:00:00.000Z',
          lastStatus: 200,
        },
      ],
    })
    const r = mergePages([page('/a', 1), page('/b', 5)], [page('/c', 3), page('/a', 3)], 2)
    expect(r.pages.map((p) => [p.path, p.hits])).toEqual([
      ['/b', 5],
      ['/a', 4],
    ])
    expect(r.truncated).toBe(true)
  })

  it('the later visit gives the last status', () => {
    const v = (last: string, lastStatus: number) => ({
      token: 'GPTBot',
      hits: 1,
      first: last,
      last,
      lastStatus,
    })
    const r = mergePages(
      [{ path: '/', hits: 1, bots: [v('2026-11-22T00:00:00.000Z', 404)] }],
      [{ path: '/', hits: 1, bots: [v('2026-11-21T00:00:00.000Z', 200)] }],
    )
    expect(r.pages[0]!.bots[0]).toMatchObject({ hits: 2, lastStatus: 404, first: '2026-11-21T00:00:00.000Z' })
  })
})
