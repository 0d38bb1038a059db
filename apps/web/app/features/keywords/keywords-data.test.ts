import { describe, expect, it } from 'vitest'
import {
  byModifier,
  csvFileName,
  figure,
  filterLongTail,
  type LongTailIdea,
  toCsv,
  writerLink,
} from './keywords-data.ts'

const tail = (
  keyword: string,
  group: LongTailIdea['group'],
  modifier: string,
  volume: number | null = null,
): LongTailIdea => ({
  keyword,
  source: 'autocomplete',
  volume,
  cpc: null,
  difficulty: null,
  intent: null,
  group,
  modifier,
})

describe('figure', () => {
  it.each([
    [null, 'pt', 'number', '—'],
    [0, 'pt', 'number', '0'],
    [12100, 'en', 'number', '12,100'],
    [1.5, 'en', 'money', 'US$1.50'],
    [1.5, 'pt', 'money', '1,50 US$'],
    [12100, 'pt', 'number', '12 100'],
    [null, 'en', 'money', '—'],
  ] as const)('%j (%s, %s) -> %j', (value, lang, style, text) => {
    expect(figure(value, lang, style).replace(/\u00a0/g, ' ')).toBe(text)
  })
})

describe('toCsv', () => {
  it('writes a header, empty cells for unknown figures (never 0), and quotes what needs it', () => {
    const csv = toCsv([
      tail('seguro auto "barato"', 'alphabetical', 'b'),
      {
        keyword: 'seguro, auto',
        source: 'dataforseo',
        volume: 0,
        cpc: 1.2,
        difficulty: 40,
        intent: 'commercial',
      },
      tail('=cmd', 'alphabetical', '#'),
    ])
    expect(csv.split('\r\n')).toEqual([
      'keyword,source,volume,cpc,difficulty,intent,group,modifier',
      '"seguro auto ""barato""",autocomplete,,,,,alphabetical,b',
      '"seguro, auto",dataforseo,0,1.2,40,commercial,,',
      "'=cmd,autocomplete,,,,,alphabetical,#",
      '',
    ])
  })
})

describe('toCsv in the page language', () => {
  it("writes the table's columns with its headers and its words for the codes", () => {
    const words = {
      header: ['Palavra-chave', 'Fonte', 'Volume mensal', 'CPC', 'Dificuldade', 'Intenção'] as [
        string,
        string,
        string,
        string,
        string,
        string,
      ],
      source: (c: string) => ({ autocomplete: 'Sugestões', dataforseo: 'DataForSEO' })[c] ?? c,
      intent: (c: string) => ({ commercial: 'Comercial' })[c] ?? c,
    }
    const csv = toCsv(
      [
        {
          keyword: 'seguro auto',
          source: 'dataforseo',
          volume: 10,
          cpc: 1.2,
          difficulty: 40,
          intent: 'commercial',
        },
        tail('seguro barato', 'alphabetical', 'b'),
      ],
      words,
    )
    expect(csv.split('\r\n')).toEqual([
      'Palavra-chave,Fonte,Volume mensal,CPC,Dificuldade,Intenção',
      'seguro auto,DataForSEO,10,1.2,40,Comercial',
      'seguro barato,Sugestões,,,,',
      '',
    ])
  })
})

describe('names and links', () => {
  it('names the file after the seed without accents', () => {
    expect(csvFileName('Seguro Automóvel', 'longTail')).toBe('seguro-automovel-long-tail.csv')
    expect(csvFileName('???', 'related')).toBe('keywords-related.csv')
  })

  it('links a keyword to the writer', () => {
    expect(writerLink('seguro auto & vida')).toBe('/suite/writer?title=seguro+auto+%26+vida')
  })
})

describe('long-tail filters', () => {
  const ideas = [
    tail('como escolher seguro auto', 'questions', 'como'),
    tail('como pagar seguro auto', 'questions', 'como'),
    tail('qual seguro auto', 'questions', 'qual'),
    tail('seguro auto para jovens', 'prepositions', 'para'),
  ]
  it('keeps one group or all', () => {
    expect(filterLongTail(ideas, 'prepositions').map((i) => i.keyword)).toEqual(['seguro auto para jovens'])
    expect(filterLongTail(ideas, 'all')).toHaveLength(4)
    expect(filterLongTail(ideas, 'comparisons')).toEqual([])
  })

  it('sections ideas by modifier', () => {
    expect(byModifier(ideas).map((s) => [s.modifier, s.ideas.length])).toEqual([
      ['como', 2],
      ['qual', 1],
      ['para', 1],
    ])
  })
})
