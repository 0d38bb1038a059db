import { describe, expect, it } from 'vitest'
import { classifyLongTail, expansionQueries, groupLongTail, isLongTail } from './expansion.ts'

describe('expansionQueries', () => {
  it('asks the seed and "seed " first, then questions, prepositions, comparisons and a-z (Portuguese)', () => {
    const queries = expansionQueries('  seguro   auto ', 'pt')
    expect(queries.slice(0, 2).map((q) => q.query)).toEqual(['seguro auto', 'seguro auto '])
    const byGroup = (g: string) => queries.filter((q) => q.group === g).map((q) => q.query)
    expect(byGroup('questions')).toEqual([
      'como seguro auto',
      'o que seguro auto',
      'qual seguro auto',
      'quais seguro auto',
      'quanto custa seguro auto',
      'onde seguro auto',
      'porque seguro auto',
      'por que seguro auto',
      'quando seguro auto',
    ])
    expect(byGroup('prepositions')).toEqual([
      'seguro auto para',
      'seguro auto com',
      'seguro auto sem',
      'seguro auto perto de',
      'seguro auto em',
    ])
    expect(byGroup('comparisons')).toEqual(['seguro auto vs', 'seguro auto ou'])
    expect(byGroup('alphabetical')).toHaveLength(26)
    expect(byGroup('alphabetical')[0]).toBe('seguro auto a')
    expect(byGroup('alphabetical')[25]).toBe('seguro auto z')
  })

  it('uses English modifiers in English', () => {
    const queries = expansionQueries('car insurance', 'en')
    expect(queries.filter((q) => q.group === 'questions').map((q) => q.modifier)).toContain('how')
    expect(queries.map((q) => q.query)).toContain('car insurance without')
    expect(queries.map((q) => q.query)).toContain('car insurance or')
    expect(queries.map((q) => q.query)).not.toContain('como car insurance')
  })

  it('asks nothing for an empty seed', () => {
    expect(expansionQueries('   ', 'pt')).toEqual([])
  })
})

describe('isLongTail', () => {
  it.each([
    ['seguro auto para jovens', 'seguro auto', true],
    ['seguro auto barato', 'seguro auto', true],
    ['seguro auto', 'seguro auto', false],
    ['seguro automóvel', 'seguro auto', false],
    ['barato seguro', 'seguro', false],
    ['como escolher um seguro', 'seguro', true],
    ['anual aa', 'seguro auto', false],
    ['Seguro Automóvel para Jovens', 'seguro automovel', true],
    ['seguro auto para', 'seguro auto', false],
    ['seguro auto perto de', 'seguro auto', false],
    ['como seguro auto', 'seguro auto', false],
    ['seguro auto vs', 'seguro auto', false],
    ['seguro auto vs moto', 'seguro auto', true],
  ])('%j with seed %j: %s', (suggestion, seed, expected) => {
    expect(isLongTail(suggestion, seed, 'pt')).toBe(expected)
  })

  it('drops an echoed English query too', () => {
    expect(isLongTail('car insurance for', 'car insurance', 'en')).toBe(false)
    expect(isLongTail('car insurance for students', 'car insurance', 'en')).toBe(true)
  })
})

describe('classifyLongTail', () => {
  it.each([
    ['como escolher seguro auto', 'pt', 'questions', 'como'],
    ['quanto custa seguro auto por mês', 'pt', 'questions', 'quanto custa'],
    ['o que cobre o seguro auto', 'pt', 'questions', 'o que'],
    ['por que fazer seguro auto', 'pt', 'questions', 'por que'],
    ['seguro auto para jovens', 'pt', 'prepositions', 'para'],
    ['seguro auto perto de mim', 'pt', 'prepositions', 'perto de'],
    ['seguro auto sem franquia', 'pt', 'prepositions', 'sem'],
    ['seguro auto vs seguro moto', 'pt', 'comparisons', 'vs'],
    ['seguro auto ou leasing', 'pt', 'comparisons', 'ou'],
    ['seguro auto versus leasing', 'pt', 'comparisons', 'vs'],
    ['seguro auto barato', 'pt', 'alphabetical', 'b'],
    ['seguro auto açores', 'pt', 'alphabetical', 'a'],
    ['melhor seguro auto', 'pt', 'alphabetical', 'm'],
    ['how to choose car insurance', 'en', 'questions', 'how'],
    ['car insurance for new drivers', 'en', 'prepositions', 'for'],
    ['car insurance vs leasing', 'en', 'comparisons', 'vs'],
    ['car insurance quote online', 'en', 'alphabetical', 'q'],
  ] as const)('%j (%s) -> %s/%s', (keyword, lang, group, modifier) => {
    const seed = lang === 'pt' ? 'seguro auto' : 'car insurance'
    expect(classifyLongTail(keyword, seed, lang)).toEqual({ group, modifier })
  })

  it('ignores modifier words that are part of the seed', () => {
    expect(classifyLongTail('seguro para carro barato', 'seguro para carro', 'pt')).toEqual({
      group: 'alphabetical',
      modifier: 'b',
    })
  })
})

describe('groupLongTail', () => {
  it('groups by modifier family, in the order the modifiers are asked', () => {
    const ideas = [
      { keyword: 'seguro auto sem franquia', group: 'prepositions' as const, modifier: 'sem' },
      { keyword: 'seguro auto barato', group: 'alphabetical' as const, modifier: 'b' },
      { keyword: 'seguro auto para jovens', group: 'prepositions' as const, modifier: 'para' },
      { keyword: 'como escolher seguro auto', group: 'questions' as const, modifier: 'como' },
      { keyword: 'seguro auto anual', group: 'alphabetical' as const, modifier: 'a' },
    ]
    const grouped = groupLongTail(ideas, 'pt')
    expect(grouped.questions.map((g) => g.modifier)).toEqual(['como'])
    expect(grouped.prepositions.map((g) => g.modifier)).toEqual(['para', 'sem'])
    expect(grouped.comparisons).toEqual([])
    expect(grouped.alphabetical.map((g) => [g.modifier, g.ideas.map((i) => i.keyword)])).toEqual([
      ['a', ['seguro auto anual']],
      ['b', ['seguro auto barato']],
    ])
  })
})
