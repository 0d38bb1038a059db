import { describe, expect, it } from 'vitest'
import { headings, skippedLevels } from './headings.ts'
import { page, run } from './test-utils.ts'

const h = (...levels: number[]) => page('', levels.map((l) => `<h${l}>Título ${l}</h${l}>`).join(''))

describe('headings', () => {
  it('passes one H1 and no skipped levels (going up is fine)', () => {
    expect(run(headings, h(1, 2, 3, 2, 3, 4, 2))).toMatchObject({ verdict: 'pass', score: 100 })
  })
  it('fails without an H1 (score 60 when otherwise fine)', () => {
    expect(run(headings, h(2, 3))).toMatchObject({ verdict: 'fail', score: 60 })
  })
  it('warns with several H1s (70) or skipped levels (70), both (40)', () => {
    expect(run(headings, h(1, 1, 2))).toMatchObject({ verdict: 'warn', score: 70 })
    expect(run(headings, h(1, 3))).toMatchObject({ verdict: 'warn', score: 70 })
    expect(run(headings, h(1, 1, 4))).toMatchObject({ verdict: 'warn', score: 40 })
  })
  it('lists skips', () => {
    expect(skippedLevels([1, 2, 4, 2, 5].map((level) => ({ level, text: '' })))).toEqual([
      { from: 2, to: 4 },
      { from: 2, to: 5 },
    ])
  })
  it('warns about empty headings', () => {
    expect(run(headings, page('', '<h1>Título</h1><h2> </h2>')).verdict).toBe('warn')
  })
})
