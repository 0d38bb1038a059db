import { describe, expect, it } from 'vitest'
import {
  buildSteps,
  checklistProgress,
  completeStep,
  onboardingStepIds,
  parseCompletedSteps,
  serializeCompletedSteps,
  stepRoutes,
  withAutoCompletion,
} from './checklist-state.ts'

describe('onboarding checklist state', () => {
  it('has the four spec steps, in order, each with a route', () => {
    const steps = buildSteps(new Set())
    expect(steps.map((s) => s.id)).toEqual(['profile', 'analyze', 'recommendations', 'content'])
    expect(steps.every((s) => !s.completed && s.route.startsWith('/suite'))).toBe(true)
    expect(steps[0]).toEqual({
      id: 'profile',
      title: 'checklist.steps.profile.title',
      description: 'checklist.steps.profile.description',
      route: '/suite/profile',
      completed: false,
    })
    expect(stepRoutes.recommendations).toBe('/suite/recommendations')
  })

  it('marks a clicked step complete without touching the others, idempotently', () => {
    const one = completeStep(new Set(), 'recommendations')
    expect([...one]).toEqual(['recommendations'])
    expect(completeStep(one, 'recommendations')).toBe(one)
    const two = completeStep(one, 'profile')
    expect(buildSteps(two).map((s) => s.completed)).toEqual([true, false, true, false])
    // The input set is not mutated.
    expect([...one]).toEqual(['recommendations'])
  })

  it('round-trips through storage in step order and ignores unknown or broken data', () => {
    const set = completeStep(completeStep(new Set(), 'content'), 'profile')
    const raw = serializeCompletedSteps(set)
    expect(raw).toBe('["profile","content"]')
    expect([...parseCompletedSteps(raw)].sort()).toEqual(['content', 'profile'])
    expect(parseCompletedSteps('["profile","hack",3]').size).toBe(1)
    expect(parseCompletedSteps('{not json').size).toBe(0)
    expect(parseCompletedSteps('{"profile":true}').size).toBe(0)
    expect(parseCompletedSteps(null).size).toBe(0)
  })

  it('completes the analyze step when an analysed address exists', () => {
    expect(withAutoCompletion(new Set(), { lastAnalyzedUrl: null }).has('analyze')).toBe(false)
    expect(withAutoCompletion(new Set(), { lastAnalyzedUrl: '  ' }).has('analyze')).toBe(false)
    expect(withAutoCompletion(new Set(), { lastAnalyzedUrl: 'https://exemplo.pt' }).has('analyze')).toBe(true)
  })

  it('reports progress and completion', () => {
    expect(checklistProgress(new Set())).toEqual({ done: 0, total: 4, percent: 0, allDone: false })
    expect(checklistProgress(new Set(['analyze']))).toEqual({
      done: 1,
      total: 4,
      percent: 25,
      allDone: false,
    })
    expect(checklistProgress(new Set(onboardingStepIds))).toEqual({
      done: 4,
      total: 4,
      percent: 100,
      allDone: true,
    })
  })
})
