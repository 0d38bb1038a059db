import { describe, expect, it } from 'vitest'
import { highlightClaims } from './highlight.ts'

describe('highlightClaims', () => {
  it('marks each claim where it appears, every time, in order', () => {
    const segments = highlightClaims('Desde 1998, 95% voltam. 95% é muito.', [
      { text: '95%', reason: 'verificar' },
      { text: '1998', reason: 'data' },
    ])
    expect(segments).toEqual([
      { text: 'Desde ', reason: null },
      { text: '1998', reason: 'data' },
      { text: ', ', reason: null },
      { text: '95%', reason: 'verificar' },
      { text: ' voltam. ', reason: null },
      { text: '95%', reason: 'verificar' },
      { text: ' é muito.', reason: null },
    ])
  })

  it('leaves text without claims whole and ignores overlaps', () => {
    expect(highlightClaims('Nada a verificar.', [])).toEqual([{ text: 'Nada a verificar.', reason: null }])
    expect(
      highlightClaims('segundo a Deco', [
        { text: 'segundo a Deco', reason: 'fonte' },
        { text: 'Deco', reason: 'x' },
      ]).filter((s) => s.reason),
    ).toEqual([{ text: 'segundo a Deco', reason: 'fonte' }])
  })
})
