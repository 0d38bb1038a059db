import { describe, expect, it } from 'vitest'
import { containsSeed, dedupKeywords, keywordKey, wordCount } from './normalize.ts'
import type { KeywordIdea } from './types.ts'

const idea = (keyword: string, extra: Partial<KeywordIdea> = {}): KeywordIdea => ({
  keyword,
  source: 'autocomplete',
  volume: null,
  cpc: null,
  difficulty: null,
  intent: null,
  ...extra,
})

describe('keywordKey', () => {
  it.each([
    ['Seguro Automóvel', 'seguro automovel'],
    ['  seguro   automóvel  ', 'seguro automovel'],
    ['SEGURO\tAUTOMÓVEL', 'seguro automovel'],
    ['ação', 'acao'],
    ['Ação', 'acao'],
    ['pão-de-ló', 'pao-de-lo'],
    ['seguro, automóvel!', 'seguro automovel'],
  ])('%j -> %j', (input, key) => {
    expect(keywordKey(input)).toBe(key)
  })
})

describe('dedupKeywords', () => {
  it.each([
    ['case', ['Seguro Auto', 'seguro auto'], ['seguro auto']],
    ['accents', ['seguro automóvel', 'seguro automovel'], ['seguro automóvel']],
    ['spacing', ['seguro  auto online', ' seguro auto online '], ['seguro auto online']],
    ['all at once', ['Simulação Seguro', 'simulacao  seguro', 'SIMULAÇÃO seguro'], ['simulação seguro']],
    ['distinct stay', ['seguro auto', 'seguro moto'], ['seguro auto', 'seguro moto']],
  ])('%s', (_, input, expected) => {
    expect(dedupKeywords(input.map((k) => idea(k))).map((i) => i.keyword)).toEqual(expected)
  })

  it('keeps the first source and fills figures only from a later measured duplicate', () => {
    const [merged] = dedupKeywords([
      idea('seguro auto'),
      idea('Seguro Auto', {
        source: 'dataforseo',
        volume: 1900,
        cpc: 1.2,
        difficulty: 40,
        intent: 'commercial',
      }),
    ])
    expect(merged).toEqual({
      keyword: 'seguro auto',
      source: 'autocomplete',
      volume: 1900,
      cpc: 1.2,
      difficulty: 40,
      intent: 'commercial',
    })
  })

  it('never turns an unknown figure into 0', () => {
    const [merged] = dedupKeywords([idea('seguro auto'), idea('seguro auto')])
    expect(merged!.volume).toBeNull()
    expect(merged!.cpc).toBeNull()
    expect(merged!.difficulty).toBeNull()
  })
})

describe('containsSeed and wordCount', () => {
  it.each([
    ['como escolher seguro automóvel', 'seguro automovel', true],
    ['seguro auto para jovens', 'seguro auto', true],
    ['seguro automático', 'seguro auto', false],
    ['auto seguro', 'seguro auto', false],
    ['Seguro  AUTO online', 'seguro auto', true],
  ])('%j contains %j: %s', (keyword, seed, expected) => {
    expect(containsSeed(keyword, seed)).toBe(expected)
  })

  it('counts words after tidying', () => {
    expect(wordCount('  seguro   auto  jovens ')).toBe(3)
    expect(wordCount('')).toBe(0)
  })
})
