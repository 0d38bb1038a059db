import { describe, expect, it } from 'vitest'
import { listOf } from './overviews-api.ts'
import { filterAnswers, usd } from './overviews-view.ts'

describe('overviews page helpers', () => {
  it('money in the page language, to the tenth of a cent', () => {
    expect(usd(0.018, 'pt').replace(/\s/g, ' ')).toBe('0,018 US$')
    expect(usd(0.018, 'en')).toBe('US$0.018')
    expect(usd(2, 'en')).toBe('US$2.00')
  })
  it('keywords one a line or separated by commas', () => {
    expect(listOf(' seguro auto\n\nseguro casa, seguro vida ;x')).toEqual([
      'seguro auto',
      'seguro casa',
      'seguro vida',
      'x',
    ])
  })
  it('filters answers by citation', () => {
    const row = (keyword: string, shown: boolean, cited: boolean) => ({ keyword, shown, cited }) as never
    const rows = [row('a', true, true), row('b', true, false), row('c', false, false)]
    const keys = (f: Parameters<typeof filterAnswers>[1]) => filterAnswers(rows, f).map((r) => r.keyword)
    expect(keys('all')).toEqual(['a', 'b', 'c'])
    expect(keys('cited')).toEqual(['a'])
    expect(keys('notCited')).toEqual(['b'])
    expect(keys('none')).toEqual(['c'])
  })
})
