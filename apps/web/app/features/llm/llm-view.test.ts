import { wilson } from '@farol/engine/visibility/metrics.ts'
import { describe, expect, it } from 'vitest'
import { highlightSegments, intervalText, presenceLevel } from './llm-view.ts'

describe('llm view helpers', () => {
  it('writes a rate with its interval and n', () => {
    const t = (key: string, v?: Record<string, unknown>) => `${key}:${JSON.stringify(v ?? {})}`
    expect(intervalText(wilson(8, 10), t)).toBe(
      'presence.interval:{"rate":"80%","low":"49%","high":"94%","n":10}',
    )
    expect(intervalText(wilson(0, 0), t)).toBe('presence.intervalEmpty:{}')
  })
  it('bands the presence score as the spec says', () => {
    expect([presenceLevel(70), presenceLevel(69), presenceLevel(40), presenceLevel(39)]).toEqual([
      'high',
      'moderate',
      'moderate',
      'low',
    ])
  })
  it('highlights spans, merging overlaps', () => {
    expect(
      highlightSegments('A Oficina Ribeiro e oficinaribeiro.pt', [
        { start: 20, end: 37 },
        { start: 2, end: 17 },
        { start: 10, end: 17 },
      ]),
    ).toEqual([
      { text: 'A ', mark: false, start: 0 },
      { text: 'Oficina Ribeiro', mark: true, start: 2 },
      { text: ' e ', mark: false, start: 17 },
      { text: 'oficinaribeiro.pt', mark: true, start: 20 },
    ])
  })
})
