/**
 * The signed-in user's onboarding state on the server (apps/server/src/onboarding): the same checklist
 * and tour in every browser of the account. Steps are decided by the server from real actions; the
 * browser only reports visits to a step's page and the checklist's and tour's flags.
 */
import { type CompletedSteps, isStepId } from './checklist-state.ts'

export interface OnboardingState {
  completed: CompletedSteps
  dismissed: boolean
  tourCompleted: boolean
  visitedDashboard: boolean
}

export type OnboardingFlags = Partial<
  Pick<OnboardingState, 'dismissed' | 'tourCompleted' | 'visitedDashboard'>
>

/** The pages whose visit completes a step (server: stepOfPage). */
export type VisitPage = 'recommendations' | 'aio'

interface Answer {
  completedSteps: string[]
  dismissed: boolean
  tourCompleted: boolean
  visitedDashboard: boolean
}

export function readAnswer(answer: Answer): OnboardingState {
  return {
    completed: new Set(answer.completedSteps.filter(isStepId)),
    dismissed: answer.dismissed,
    tourCompleted: answer.tourCompleted,
    visitedDashboard: answer.visitedDashboard,
  }
}

async function call(path: string, init: RequestInit = {}): Promise<OnboardingState | null> {
  try {
    const response = await fetch(path, {
      ...init,
      credentials: 'same-origin',
      headers: { accept: 'application/json', ...(init.body ? { 'content-type': 'application/json' } : {}) },
    })
    if (!response.ok) return null
    return readAnswer((await response.json()) as Answer)
  } catch {
    // Onboarding is a help, never a blocker: without an answer it stays out of the way.
    return null
  }
}

export function fetchOnboarding(): Promise<OnboardingState | null> {
  return call('/api/me/onboarding')
}

export function saveOnboardingFlags(flags: OnboardingFlags): Promise<OnboardingState | null> {
  return call('/api/me/onboarding', { method: 'PATCH', body: JSON.stringify(flags) })
}

export function recordVisit(page: VisitPage): Promise<OnboardingState | null> {
  return call('/api/me/onboarding/visits', { method: 'POST', body: JSON.stringify({ page }) })
}

/** Which step page a suite path is, if any. */
export function visitPageOf(pathname: string): VisitPage | null {
  const path = pathname.replace(/\/+$/, '')
  if (path === '/suite/recommendations') return 'recommendations'
  if (path === '/suite/aio') return 'aio'
  return null
}
