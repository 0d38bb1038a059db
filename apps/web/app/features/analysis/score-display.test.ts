import { describe, expect, it } from 'vitest'
import { bandOf, performanceColour, scoreLabelKey } from './score-display.ts'

describe('score display (spec §9)', () => {
  it('labels 80+ Excelente, 60+ Bom, 40+ Razoável, else Fraco', () => {
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(scoreLabelKey)).toEqual([
      'excellent',
      'excellent',
      'good',
      'good',
      'fair',
      'fair',
      'poor',
      'poor',
    ])
  })

  it('bands 80+ green, 60-79 amber, below 60 red', () => {
    expect([80, 79, 60, 59].map(bandOf)).toEqual(['green', 'amber', 'amber', 'red'])
  })

  it('colours performance 90+ green, 50+ amber, else red', () => {
    expect([90, 89, 50, 49].map(performanceColour)).toEqual(['green', 'amber', 'amber', 'red'])
  })
})
