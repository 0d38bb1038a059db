import { describe, expect, it } from 'vitest'
import { type BotSummary, combineFiles, dailySeries, filterBots } from './bots-data.ts'

const bot = (
  token: string,
  kind: BotSummary['kind'],
  purpose: BotSummary['purpose'],
  hits: number,
  days: [string, number][],
  spoofed = 0,
) => ({ token, kind, purpose, hits, spoofed, days: days.map(([day, h]) => ({ day, hits: h })) }) as BotSummary

const bots = [
  bot(
    'GPTBot',
    'ai',
    'training',
    3,
    [
      ['2026-11-20', 1],
      ['2026-11-22', 2],
    ],
    4,
  ),
  bot('ChatGPT-User', 'ai', 'user', 1, [['2026-11-21', 1]]),
  bot('Googlebot', 'search-engine', 'search', 5, [['2026-11-20', 5]]),
]

describe('bots page data', () => {
  it('joins plain files with a newline, gzip files back to back, and refuses a mix', async () => {
    const a = new File(['a'], 'a.log')
    const b = new File(['b'], 'b.log')
    expect(await combineFiles([a, b])?.text()).toBe('a\nb')
    const g = combineFiles([
      new File([new Uint8Array([31, 139])], 'x.gz'),
      new File([new Uint8Array([31, 139])], 'y.GZ'),
    ])
    expect(g?.size).toBe(4)
    expect(combineFiles([a, new File(['x'], 'x.gz')])).toBeNull()
    expect(combineFiles([])).toBeNull()
  })
  it('daily series: a column per bot, days in order, missing days 0', () => {
    expect(dailySeries(bots)).toEqual({
      tokens: ['Googlebot', 'GPTBot', 'ChatGPT-User'],
      days: [
        { day: '2026-11-20', Googlebot: 5, GPTBot: 1, 'ChatGPT-User': 0 },
        { day: '2026-11-21', Googlebot: 0, GPTBot: 0, 'ChatGPT-User': 1 },
        { day: '2026-11-22', Googlebot: 0, GPTBot: 2, 'ChatGPT-User': 0 },
      ],
    })
  })
  it.each([
    ['all', ['GPTBot', 'ChatGPT-User', 'Googlebot']],
    ['training', ['GPTBot']],
    ['user', ['ChatGPT-User']],
    ['search', []],
    ['search-engine', ['Googlebot']],
    ['spoofed', ['GPTBot']],
  ] as const)('filter %s', (f, tokens) => {
    expect(filterBots(bots, f).map((b) => b.token)).toEqual(tokens)
  })
})
