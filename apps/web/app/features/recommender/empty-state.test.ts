import { describe, expect, it } from 'vitest'
import { emptyVerdict } from './empty-state.ts'

describe('an empty suggestion list', () => {
  it('with no competitor, presence analysis or keywords says nothing was compared, and what is missing', () => {
    expect(emptyVerdict({ site: true, competitor: null, llmPresence: false, keywords: false })).toEqual({
      kind: 'nothingCompared',
      compared: [],
      missing: ['competitor', 'llmPresence', 'keywords'],
    })
  })

  it('a competitor that could not be read is no comparison either', () => {
    const v = emptyVerdict({ site: true, competitor: false, llmPresence: false, keywords: false })
    expect(v.kind).toBe('nothingCompared')
    expect(v.missing[0]).toBe('competitorFailed')
  })

  it('says "no gaps" only against what was compared, and still names what was not', () => {
    expect(emptyVerdict({ site: true, competitor: true, llmPresence: false, keywords: true })).toEqual({
      kind: 'noGaps',
      compared: ['competitor', 'keywords'],
      missing: ['llmPresence'],
    })
  })
})
