import { describe, expect, it } from 'vitest'
import { completedSteps, withVisit } from './state.ts'

describe('onboarding steps from real actions', () => {
  it('a new account with no name, no analysis and no visits has nothing done', () => {
    expect(completedSteps({ name: '', analysed: false, visited: [] })).toEqual([])
    expect(completedSteps({ name: '   ', analysed: false, visited: [] })).toEqual([])
    expect(completedSteps({ name: null, analysed: false, visited: [] })).toEqual([])
  })

  it('a name completes the profile, an analysis the analyze step, visits their pages', () => {
    expect(completedSteps({ name: 'Ana', analysed: false, visited: [] })).toEqual(['profile'])
    expect(completedSteps({ name: '', analysed: true, visited: [] })).toEqual(['analyze'])
    expect(completedSteps({ name: '', analysed: false, visited: ['recommendations'] })).toEqual([
      'recommendations',
    ])
    expect(completedSteps({ name: '', analysed: false, visited: ['aio'] })).toEqual(['content'])
    expect(completedSteps({ name: 'Ana', analysed: true, visited: ['aio', 'recommendations'] })).toEqual([
      'profile',
      'analyze',
      'recommendations',
      'content',
    ])
  })

  it('ignores stored values it does not know', () => {
    expect(completedSteps({ name: '', analysed: false, visited: ['profile', 'x', '__proto__'] })).toEqual([])
  })

  it('records each visit once', () => {
    expect(withVisit([], 'aio')).toEqual(['aio'])
    expect(withVisit(['aio'], 'aio')).toEqual(['aio'])
    expect(withVisit(['aio', 'junk'], 'recommendations')).toEqual(['aio', 'recommendations'])
  })
})
