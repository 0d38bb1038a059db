/**
 * The guided tour over the dashboard (spec §3 "Tour step", §4, §9): six steps, starting 1 s after the
 * first visit or when the showOnboardingTour flag is set; steps change after a 300 ms pause; closing
 * or finishing marks it completed. Pure state and geometry; guided-tour.tsx renders it.
 */

export const tourStartDelayMs = 1000
export const tourStepDelayMs = 300
export const tourCardWidth = 320

export type TourPosition = 'top' | 'bottom' | 'left' | 'right'

export interface TourStep {
  /** Locale key stem: onboarding:tour.steps.<key>.title / .description */
  key: string
  title: string
  description: string
  /** The id of the element the step points at; the card is centred when it is not on screen. */
  targetId: string
  position: TourPosition
}

function step(key: string, targetId: string, position: TourPosition): TourStep {
  return {
    key,
    title: `tour.steps.${key}.title`,
    description: `tour.steps.${key}.description`,
    targetId,
    position,
  }
}

export const tourTargets = {
  form: 'tour-url-form',
  scores: 'tour-scores',
  metrics: 'tour-metrics',
  recommendations: 'tour-recommendations',
  tools: 'tour-tools',
  navigation: 'tour-navigation',
} as const

export const tourSteps: readonly TourStep[] = [
  step('form', tourTargets.form, 'bottom'),
  step('scores', tourTargets.scores, 'bottom'),
  step('metrics', tourTargets.metrics, 'top'),
  step('recommendations', tourTargets.recommendations, 'top'),
  step('tools', tourTargets.tools, 'top'),
  step('navigation', tourTargets.navigation, 'right'),
]

/**
 * The steps whose target is on the page and shown (issue 12): an empty dashboard has no scores yet, and
 * a phone hides the sidebar, so the tour never points at something absent or asks for a hidden menu.
 */
export function presentSteps(
  steps: readonly TourStep[],
  isShown: (targetId: string) => boolean,
): readonly TourStep[] {
  return steps.filter((s) => isShown(s.targetId))
}

type TourStatus = 'idle' | 'active' | 'completed'

export interface TourState {
  status: TourStatus
  index: number
}

export type TourAction =
  | { type: 'start' }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'goTo'; index: number }
  | { type: 'close' }

export const initialTourState: TourState = { status: 'idle', index: 0 }

/** Step progression: next past the last step finishes the tour; closing completes it too. */
export function tourReducer(state: TourState, action: TourAction, count = tourSteps.length): TourState {
  switch (action.type) {
    case 'start':
      return { status: 'active', index: 0 }
    case 'next':
      if (state.status !== 'active') return state
      return state.index + 1 >= count
        ? { status: 'completed', index: state.index }
        : { status: 'active', index: state.index + 1 }
    case 'previous':
      if (state.status !== 'active' || state.index === 0) return state
      return { status: 'active', index: state.index - 1 }
    case 'goTo':
      if (state.status !== 'active') return state
      return { status: 'active', index: Math.min(Math.max(action.index, 0), count - 1) }
    case 'close':
      return state.status === 'active' ? { status: 'completed', index: state.index } : state
  }
}

export function isLastStep(state: TourState, count = tourSteps.length): boolean {
  return state.index >= count - 1
}

/** Spec §4: the tour starts on the first visit (unless already completed) or when the flag is set. */
export function shouldStartTour({
  hasVisitedDashboard,
  showOnboardingTour,
  tourCompleted,
}: {
  hasVisitedDashboard: boolean
  showOnboardingTour: boolean
  tourCompleted: boolean
}): boolean {
  return showOnboardingTour || (!hasVisitedDashboard && !tourCompleted)
}

export interface Rect {
  top: number
  left: number
  width: number
  height: number
}

export interface Viewport {
  width: number
  height: number
}

export interface CardPlacement {
  top: number
  left: number
  width: number
  /** The side actually used (a side without room falls back to the opposite one), or centre. */
  placement: TourPosition | 'center'
}

const gap = 12
const margin = 8

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), Math.max(min, max))
}

/**
 * Where the card goes (viewport coordinates) beside a target, on the preferred side when it fits,
 * else the opposite one; centred when there is no target on screen. Always inside the viewport.
 */
export function placeCard(
  target: Rect | null,
  preferred: TourPosition,
  card: { height: number },
  viewport: Viewport,
): CardPlacement {
  const width = Math.min(tourCardWidth, viewport.width - 2 * margin)
  const maxLeft = viewport.width - width - margin
  const maxTop = viewport.height - card.height - margin
  const visible =
    target &&
    target.width > 0 &&
    target.height > 0 &&
    target.top < viewport.height &&
    target.top + target.height > 0 &&
    target.left < viewport.width &&
    target.left + target.width > 0
  if (!target || !visible) {
    return {
      top: clamp((viewport.height - card.height) / 2, margin, maxTop),
      left: clamp((viewport.width - width) / 2, margin, maxLeft),
      width,
      placement: 'center',
    }
  }
  const room: Record<TourPosition, boolean> = {
    top: target.top - gap - card.height >= margin,
    bottom: target.top + target.height + gap + card.height <= viewport.height - margin,
    left: target.left - gap - width >= margin,
    right: target.left + target.width + gap + width <= viewport.width - margin,
  }
  const opposite: Record<TourPosition, TourPosition> = {
    top: 'bottom',
    bottom: 'top',
    left: 'right',
    right: 'left',
  }
  const order: TourPosition[] = [preferred, opposite[preferred], 'bottom', 'top', 'right', 'left']
  const side = order.find((s) => room[s]) ?? 'bottom'
  const centredLeft = target.left + target.width / 2 - width / 2
  const centredTop = target.top + target.height / 2 - card.height / 2
  const raw =
    side === 'top'
      ? { top: target.top - gap - card.height, left: centredLeft }
      : side === 'bottom'
        ? { top: target.top + target.height + gap, left: centredLeft }
        : side === 'left'
          ? { top: centredTop, left: target.left - gap - width }
          : { top: centredTop, left: target.left + target.width + gap }
  return {
    top: clamp(raw.top, margin, maxTop),
    left: clamp(raw.left, margin, maxLeft),
    width,
    placement: side,
  }
}

/** Keyboard of the tour card: arrows move between steps, Escape closes. */
export function tourKeyAction(key: string): TourAction | null {
  switch (key) {
    case 'ArrowRight':
    case 'ArrowDown':
      return { type: 'next' }
    case 'ArrowLeft':
    case 'ArrowUp':
      return { type: 'previous' }
    case 'Escape':
      return { type: 'close' }
    default:
      return null
  }
}
