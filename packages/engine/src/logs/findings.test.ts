import { describe, expect, it } from 'vitest'
import type { BotSummary } from './aggregate.ts'
import { botFindings, botFindingTexts } from './findings.ts'
import type { CrawlJoin, PresenceJoin } from './joins.ts'

const bot = (token: string, extra: Partial<BotSummary> = {}): BotSummary => ({
  token,
  operator: 'OpenAI',
  kind: 'ai',
  purpose: 'training',
  hits: 10,
  verified: 10,
  unverified: 0,
  spoofed: 0,
  spoofedSources: 0,
  bytes: 1000,
  statuses: { '200': 10 },
  days: [],
  pages: 3,
  share: null,
  first: '2026-11-01T00:00:00.000Z',
  last: '2026-11-20T00:00:00.000Z',
  robotsFetches: 1,
  disallowedHits: 0,
  disallowedPaths: [],
  ...extra,
})

const emptyCrawl: CrawlJoin = {
  crawledAt: '2026-11-21T00:00:00.000Z',
  broken: [],
  redirected: [],
  nonIndexable: [],
  orphan: [],
  unfetched: [],
}
const visit = (path: string, status: number | null) => ({ path, status, hits: 4, bots: [] })

describe('botFindings', () => {
  it('finds nothing in a clean log joined with a clean crawl', () => {
    expect(
      botFindings([bot('GPTBot'), bot('ClaudeBot')], {
        crawl: emptyCrawl,
        presence: { cited: [], userFetches: [] },
      }),
    ).toEqual([])
  })

  it('names each problem with its count and examples, errors first', () => {
    const crawl: CrawlJoin = {
      ...emptyCrawl,
      broken: [visit('/antiga', 404), visit('/loja/velha', 410)],
      nonIndexable: [visit('/rascunho', 200)],
      unfetched: [{ path: '/precos', linkScore: 9, inlinks: 40 }],
    }
    const presence: PresenceJoin = {
      cited: [
        {
          path: '/precos',
          assistant: 'Perplexity',
          operator: 'Perplexity',
          citedAt: '2026-11-20',
          lastFetch: null,
          bot: null,
          stale: true,
        },
        {
          path: '/precos',
          assistant: 'ChatGPT',
          operator: 'OpenAI',
          citedAt: '2026-11-20',
          lastFetch: null,
          bot: null,
          stale: true,
        },
        {
          path: '/',
          assistant: 'ChatGPT',
          operator: 'OpenAI',
          citedAt: '2026-11-20',
          lastFetch: '2026-11-19',
          bot: 'GPTBot',
          stale: false,
        },
      ],
      userFetches: [],
    }
    const found = botFindings(
      [
        bot('GPTBot', { spoofed: 7, spoofedSources: 2, disallowedHits: 3 }),
        bot('Bytespider', { spoofed: 0, disallowedHits: 12 }),
      ],
      { crawl, presence },
    )
    expect(found.map((f) => [f.type, f.severity, f.count])).toEqual([
      ['bots-broken-pages', 'error', 2],
      ['bots-spoofed', 'warning', 7],
      ['bots-non-indexable', 'warning', 1],
      ['bots-unfetched', 'warning', 1],
      ['bots-ignore-robots', 'notice', 2],
      ['bots-stale-citations', 'notice', 1],
    ])
    expect(found[0]!.examples).toEqual(['/antiga (404)', '/loja/velha (410)'])
    expect(found.find((f) => f.type === 'bots-ignore-robots')!.examples).toEqual([
      'Bytespider (12)',
      'GPTBot (3)',
    ])
    expect(found.find((f) => f.type === 'bots-spoofed')!.title.pt).toBe(
      botFindingTexts['bots-spoofed']!.title.pt,
    )
  })

  it('says nothing about the crawl or the answers when there is none to join', () => {
    expect(botFindings([bot('GPTBot')], { crawl: null, presence: null })).toEqual([])
  })
})
