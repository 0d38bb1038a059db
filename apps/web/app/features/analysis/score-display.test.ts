import { describe, expect, it } from 'vitest'
import { bandOf, performanceColour, scoreLabelKey } from './score-display.ts'

describe('score display (spec §9)', () => {
  it('labels 90-100 Bom, 50-89 A melhorar, 0-49 Fraco (80 is not "Excelente")', () => {
    expect([100, 90, 89, 80, 50, 49, 0].map(scoreLabelKey)).toEqual([
      'good',
      'good',
      'needs-improvement',
      'needs-improvement',
      'needs-improvement',
      'poor',
      'poor',
    ])
  })

  it('colours every score like performance: 90+ green, 50-89 amber, below 50 red', () => {
    expect([90, 89, 81, 50, 49].map(bandOf)).toEqual(['green', 'amber', 'amber', 'amber', 'red'])
  })

  it('colours performance 90+ green, 50+ amber, else red', () => {
    expect([90, 89, 50, 49].map(performanceColour)).toEqual(['green', 'amber', 'amber', 'red'])
  })
})
