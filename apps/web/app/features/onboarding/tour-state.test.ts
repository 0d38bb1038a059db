import { describe, expect, it } from 'vitest'
import {
  initialTourState,
  isLastStep,
  placeCard,
  presentSteps,
  shouldStartTour,
  type TourState,
  tourCardWidth,
  tourKeyAction,
  tourReducer,
  tourStartDelayMs,
  tourStepDelayMs,
  tourSteps,
} from './tour-state.ts'

describe('guided tour state', () => {
  it('has the spec constants: six steps, 1 s start, 300 ms steps, 320 px card', () => {
    expect(tourSteps).toHaveLength(6)
    expect(tourStartDelayMs).toBe(1000)
    expect(tourStepDelayMs).toBe(300)
    expect(tourCardWidth).toBe(320)
    expect(new Set(tourSteps.map((s) => s.targetId)).size).toBe(6)
    for (const s of tourSteps) {
      expect(['top', 'bottom', 'left', 'right']).toContain(s.position)
      expect(s.title).toMatch(/^tour\.steps\.\w+\.title$/)
    }
  })

  it('moves forward and back, stays at the first step, and finishes after the last', () => {
    let state: TourState = tourReducer(initialTourState, { type: 'start' })
    expect(state).toEqual({ status: 'active', index: 0 })
    expect(tourReducer(state, { type: 'previous' })).toBe(state)
    for (let i = 1; i < 6; i++) {
      state = tourReducer(state, { type: 'next' })
      expect(state).toEqual({ status: 'active', index: i })
    }
    expect(isLastStep(state)).toBe(true)
    state = tourReducer(state, { type: 'previous' })
    expect(state.index).toBe(4)
    state = tourReducer(tourReducer(state, { type: 'next' }), { type: 'next' })
    expect(state.status).toBe('completed')
    // A completed tour ignores further moves until it is started again.
    expect(tourReducer(state, { type: 'next' })).toBe(state)
    expect(tourReducer(state, { type: 'start' })).toEqual({ status: 'active', index: 0 })
  })

  it('closing marks it completed; goTo is clamped', () => {
    const active = tourReducer(initialTourState, { type: 'start' })
    expect(tourReducer(active, { type: 'goTo', index: 99 }).index).toBe(5)
    expect(tourReducer(active, { type: 'goTo', index: -3 }).index).toBe(0)
    expect(tourReducer({ status: 'active', index: 2 }, { type: 'close' })).toEqual({
      status: 'completed',
      index: 2,
    })
    expect(tourReducer(initialTourState, { type: 'close' })).toBe(initialTourState)
  })

  it('starts on a first visit or when the flag is set, not after completion', () => {
    expect(
      shouldStartTour({ hasVisitedDashboard: false, showOnboardingTour: false, tourCompleted: false }),
    ).toBe(true)
    expect(
      shouldStartTour({ hasVisitedDashboard: true, showOnboardingTour: false, tourCompleted: false }),
    ).toBe(false)
    expect(
      shouldStartTour({ hasVisitedDashboard: false, showOnboardingTour: false, tourCompleted: true }),
    ).toBe(false)
    expect(
      shouldStartTour({ hasVisitedDashboard: true, showOnboardingTour: true, tourCompleted: true }),
    ).toBe(true)
  })

  it('maps keys to moves', () => {
    expect(tourKeyAction('ArrowRight')).toEqual({ type: 'next' })
    expect(tourKeyAction('ArrowDown')).toEqual({ type: 'next' })
    expect(tourKeyAction('ArrowLeft')).toEqual({ type: 'previous' })
    expect(tourKeyAction('ArrowUp')).toEqual({ type: 'previous' })
    expect(tourKeyAction('Escape')).toEqual({ type: 'close' })
    expect(tourKeyAction('Enter')).toBeNull()
  })

  describe('placeCard', () => {
    const viewport = { width: 1280, height: 800 }
    const card = { height: 200 }

    it('puts the card on the preferred side, centred on the target', () => {
      const target = { top: 300, left: 400, width: 200, height: 100 }
      expect(placeCard(target, 'bottom', card, viewport)).toEqual({
        top: 412,
        left: 340,
        width: 320,
        placement: 'bottom',
      })
      expect(placeCard(target, 'top', card, viewport)).toMatchObject({ top: 88, placement: 'top' })
      expect(placeCard(target, 'right', card, viewport)).toMatchObject({ left: 612, placement: 'right' })
      expect(placeCard(target, 'left', card, viewport)).toMatchObject({ left: 68, placement: 'left' })
    })

    it('falls back to the opposite side when there is no room, and stays in the viewport', () => {
      const nearTop = { top: 20, left: 1200, width: 60, height: 40 }
      const placed = placeCard(nearTop, 'top', card, viewport)
      expect(placed.placement).toBe('bottom')
      expect(placed.left + placed.width).toBeLessThanOrEqual(viewport.width - 8)
      const nearLeft = { top: 300, left: 10, width: 100, height: 50 }
      expect(placeCard(nearLeft, 'left', card, viewport).placement).toBe('right')
    })

    it('centres the card without a visible target and narrows it on small screens', () => {
      expect(placeCard(null, 'bottom', card, viewport)).toEqual({
        top: 300,
        left: 480,
        width: 320,
        placement: 'center',
      })
      const hidden = { top: 0, left: 0, width: 0, height: 0 }
      expect(placeCard(hidden, 'right', card, viewport).placement).toBe('center')
      const offscreen = { top: 2000, left: 10, width: 100, height: 50 }
      expect(placeCard(offscreen, 'top', card, viewport).placement).toBe('center')
      expect(placeCard(null, 'bottom', card, { width: 320, height: 600 }).width).toBe(304)
    })
  })
})

describe('present steps', () => {
  it('keeps only the steps whose target is shown, in order', () => {
    const emptyDashboardOnAPhone = new Set(['tour-url-form', 'tour-tools'])
    const steps = presentSteps(tourSteps, (id) => emptyDashboardOnAPhone.has(id))
    expect(steps.map((s) => s.key)).toEqual(['form', 'tools'])
    expect(presentSteps(tourSteps, () => true)).toHaveLength(6)
    // Next past the last present step finishes the tour.
    expect(tourReducer({ status: 'active', index: 1 }, { type: 'next' }, steps.length).status).toBe(
      'completed',
    )
  })
})
