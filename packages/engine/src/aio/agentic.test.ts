import { describe, expect, it } from 'vitest'
import { measureAgentic } from './agentic.ts'

describe('measureAgentic', () => {
  it('averages scored audits and skips not-applicable ones', () => {
    const r = measureAgentic({
      agenticAudits: [
        { id: 'a', score: 1, title: 'A' },
        { id: 'b', score: 0.5, title: 'B' },
        { id: 'c', score: null, title: 'C' },
      ],
    })
    expect(r.averageScore).toBe(0.75)
    expect(r.audits).toHaveLength(3)
  })
  it('is empty without Lighthouse', () => {
    expect(measureAgentic(undefined)).toEqual({ audits: [], averageScore: null })
  })
})
