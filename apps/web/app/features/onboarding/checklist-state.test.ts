import { describe, expect, it } from 'vitest'
import { readAnswer, visitPageOf } from './api.ts'
import { buildSteps, checklistProgress, isStepId, showChecklist, stepRoutes } from './checklist-state.ts'

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

  it('reads the server answer, ignoring step ids it does not know', () => {
    const state = readAnswer({
      completedSteps: ['profile', 'bogus', 'content'],
      dismissed: true,
      tourCompleted: false,
      visitedDashboard: true,
    })
    expect([...state.completed]).toEqual(['profile', 'content'])
    expect(state).toMatchObject({ dismissed: true, tourCompleted: false, visitedDashboard: true })
    expect(buildSteps(state.completed).map((s) => s.completed)).toEqual([true, false, false, true])
    expect(isStepId('analyze')).toBe(true)
    expect(isStepId('__proto__')).toBe(false)
  })

  it('counts progress', () => {
    expect(checklistProgress(new Set())).toEqual({ done: 0, total: 4, percent: 0, allDone: false })
    expect(checklistProgress(new Set(['profile', 'analyze']))).toEqual({
      done: 2,
      total: 4,
      percent: 50,
      allDone: false,
    })
    expect(checklistProgress(new Set(['profile', 'analyze', 'recommendations', 'content'])).allDone).toBe(
      true,
    )
  })

  it('closes itself once every step is done, after a moment when the last one completes on the page', () => {
    expect(showChecklist({ dismissed: false, allDone: false, justFinished: false })).toBe(true)
    expect(showChecklist({ dismissed: false, allDone: true, justFinished: false })).toBe(false)
    expect(showChecklist({ dismissed: false, allDone: true, justFinished: true })).toBe(true)
    expect(showChecklist({ dismissed: true, allDone: false, justFinished: false })).toBe(false)
    expect(showChecklist({ dismissed: true, allDone: true, justFinished: true })).toBe(false)
  })

  it('knows which suite pages complete a step by being visited', () => {
    expect(visitPageOf('/suite/recommendations')).toBe('recommendations')
    expect(visitPageOf('/suite/recommendations/')).toBe('recommendations')
    expect(visitPageOf('/suite/aio')).toBe('aio')
    expect(visitPageOf('/suite')).toBeNull()
    expect(visitPageOf('/suite/seo')).toBeNull()
  })
})
