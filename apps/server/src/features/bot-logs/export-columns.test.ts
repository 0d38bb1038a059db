// The /suite/bots exports (issue 41 item 4): the shown columns in the page's language with its words, the
// column of requests outside an old list included; codes only with codes=1.
import type { BotSummary } from '@farol/engine/logs/aggregate.ts'
import { describe, expect, it } from 'vitest'
import { botRows, pageRows } from './export-columns.ts'

const gpt: BotSummary = {
  token: 'GPTBot',
  operator: 'OpenAI',
  kind: 'ai',
  purpose: 'training',
  hits: 31,
  verified: 1,
  unverified: 0,
  outsideList: 30,
  list: { name: 'gptbot', retrieved: '2026-05-04', fresh: false },
  spoofed: 0,
  spoofedSources: 0,
  bytes: 3100,
  statuses: { '200': 31 },
  days: [],
  pages: 4,
  share: 0.5,
  first: '2026-11-20T10:00:00.000Z',
  last: '2026-11-21T10:00:00.000Z',
  robotsFetches: 0,
  disallowedHits: null,
  disallowedPaths: [],
}
const google: BotSummary = {
  ...gpt,
  token: 'Googlebot',
  operator: 'Google',
  kind: 'search-engine',
  purpose: 'search',
}

describe('bot table export', () => {
  it("writes the page's shown columns in Portuguese, with the page's words", () => {
    const rows = botRows([gpt, google], {
      lang: 'pt',
      columns: ['bot', 'purpose', 'hits', 'outsideList', 'share', 'last'],
      codes: false,
    })
    expect(rows[0]).toEqual([
      'Robô',
      'Operador',
      'Finalidade',
      'Pedidos',
      'Fora da lista (antiga)',
      '% do site',
      'Última visita',
    ])
    expect(rows[1]).toEqual(['GPTBot', 'OpenAI', 'Treino de modelos', 31, 30, '50%', '2026-11-21'])
    expect(rows[2]?.[2]).toBe('Motor de pesquisa')
  })

  it('in English; without columns, every column of the page', () => {
    const rows = botRows([gpt], { lang: 'en', columns: undefined, codes: false })
    expect(rows[0]).toEqual([
      'Bot',
      'Operator',
      'Purpose',
      'Requests',
      'Verified',
      'No way to verify',
      'Outside the (old) list',
      'Spoofed',
      'Pages',
      '% of site',
      'robots.txt',
      'On disallowed paths',
      'Last seen',
    ])
    expect(rows[1]?.slice(0, 3)).toEqual(['GPTBot', 'OpenAI', 'Model training'])
  })

  it('codes=1: every field as the API names it, outside_list and its list included', () => {
    const [header, row] = botRows([gpt], { lang: 'pt', columns: ['bot'], codes: true })
    expect(header).toEqual([
      'bot',
      'operator',
      'kind',
      'purpose',
      'hits',
      'verified',
      'unverified',
      'outside_list',
      'list',
      'list_retrieved',
      'spoofed',
      'pages',
      'share',
      'bytes',
      'robots_txt_fetches',
      'disallowed_hits',
      'first_seen',
      'last_seen',
    ])
    expect(row?.slice(0, 10)).toEqual([
      'GPTBot',
      'OpenAI',
      'ai',
      'training',
      31,
      1,
      0,
      30,
      'gptbot',
      '2026-05-04',
    ])
  })

  it('an analysis from before issue 42 (no outsideList) exports 0 in that column', () => {
    const { outsideList: _, ...old } = gpt
    expect(botRows([old], { lang: 'pt', columns: ['outsideList'], codes: false })[1]).toEqual([
      'GPTBot',
      'OpenAI',
      0,
    ])
  })
})

describe('pages export', () => {
  const pages = [
    {
      path: '/antigo',
      hits: 2,
      bots: [
        {
          token: 'ClaudeBot',
          hits: 2,
          first: '2026-11-20T10:00:00.000Z',
          last: '2026-11-21T10:00:00.000Z',
          lastStatus: 404,
        },
      ],
    },
  ]
  it("the reader's headers, or the codes", () => {
    expect(pageRows(pages, { lang: 'pt', codes: false })).toEqual([
      ['Página', 'Robô', 'Pedidos', 'Primeira visita', 'Última visita', 'Último estado'],
      ['/antigo', 'ClaudeBot', 2, '2026-11-20', '2026-11-21', 404],
    ])
    expect(pageRows(pages, { lang: 'en', codes: false })[0]?.[0]).toBe('Page')
    expect(pageRows(pages, { lang: 'en', codes: true })[0]).toEqual([
      'path',
      'bot',
      'hits',
      'first_fetch',
      'last_fetch',
      'last_status',
    ])
  })
})
