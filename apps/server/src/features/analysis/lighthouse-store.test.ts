import { describe, expect, it } from 'vitest'
import { decodeLighthouseResult, encodeLighthouseResult } from './lighthouse-store.ts'

const lhr = {
  lighthouseVersion: '13.5.0',
  categories: { performance: { id: 'performance', title: 'Desempenho', score: 0.97 } },
  audits: { 'final-screenshot': { details: { data: `data:image/jpeg;base64,${'A'.repeat(5000)}` } } },
}

describe('stored Lighthouse results', () => {
  it('round-trips an LHR through its compact form, which is smaller than the plain JSON', () => {
    const text = encodeLighthouseResult(lhr)
    const stored = JSON.parse(text)
    expect(stored.encoding).toBe('gzip+base64')
    expect(text.length).toBeLessThan(JSON.stringify(lhr).length / 4)
    expect(decodeLighthouseResult(stored)).toEqual(lhr)
  })

  it('reads rows written before, holding the plain LHR, as they are', () => {
    expect(decodeLighthouseResult(lhr)).toEqual(lhr)
    expect(decodeLighthouseResult(null)).toBeNull()
    expect(decodeLighthouseResult(undefined)).toBeUndefined()
  })
})
