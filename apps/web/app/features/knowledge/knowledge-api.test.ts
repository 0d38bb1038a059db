import { describe, expect, it } from 'vitest'
import { invalidFacts } from './knowledge-api.ts'

describe('invalidFacts (the server rule: a value of 1 to 300 characters, trimmed)', () => {
  it.each([
    ['', true],
    ['   ', true],
    ['Braga', false],
    ['x'.repeat(300), false],
    ['x'.repeat(301), true],
    [`  ${'x'.repeat(300)}  `, false],
  ])('%j → invalid %s', (value, bad) => {
    expect(invalidFacts([{ value: 'ok' }, { value }])).toEqual(bad ? [1] : [])
  })
})
