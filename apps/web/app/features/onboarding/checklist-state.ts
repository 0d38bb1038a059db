/**
 * The onboarding checklist (spec §3 "Onboarding step", §4 "Onboarding"): four steps. The server decides
 * which are complete from the real actions (a profile with a name, an analysis, a visit to the
 * recommendations and to the AI optimisation page); these pure functions shape what the card shows.
 */

const onboardingStepIds = ['profile', 'analyze', 'recommendations', 'content'] as const
export type OnboardingStepId = (typeof onboardingStepIds)[number]

export interface OnboardingStep {
  id: OnboardingStepId
  /** Locale keys (onboarding:checklist.steps.<id>.title / .description). */
  title: string
  description: string
  route: string
  completed: boolean
}

/** Where each step leads. There is no writer page yet, so 'content' leads to the AI optimisation page. */
export const stepRoutes: Record<OnboardingStepId, string> = {
  profile: '/suite/profile',
  analyze: '/suite',
  recommendations: '/suite/recommendations',
  content: '/suite/aio',
}

export type CompletedSteps = ReadonlySet<OnboardingStepId>

export function isStepId(value: unknown): value is OnboardingStepId {
  return typeof value === 'string' && (onboardingStepIds as readonly string[]).includes(value)
}

export function buildSteps(completed: CompletedSteps): OnboardingStep[] {
  return onboardingStepIds.map((id) => ({
    id,
    title: `checklist.steps.${id}.title`,
    description: `checklist.steps.${id}.description`,
    route: stepRoutes[id],
    completed: completed.has(id),
  }))
}

export interface ChecklistProgress {
  done: number
  total: number
  /** Rounded percentage, 0-100. */
  percent: number
  allDone: boolean
}

export function checklistProgress(completed: CompletedSteps): ChecklistProgress {
  const total = onboardingStepIds.length
  const done = onboardingStepIds.filter((id) => completed.has(id)).length
  return { done, total, percent: Math.round((done / total) * 100), allDone: done === total }
}

/** How long the card stays to say 'all done' when the last step completes before the reader's eyes. */
export const allDoneCloseMs = 5000

/**
 * Whether the checklist shows: never once dismissed; never once every step is done (it stayed open at
 * "4 de 4 concluídos", issue 41), except for the moment after the last step completes on this page.
 */
export function showChecklist({
  dismissed,
  allDone,
  justFinished,
}: {
  dismissed: boolean
  allDone: boolean
  justFinished: boolean
}): boolean {
  if (dismissed) return false
  return !allDone || justFinished
}
