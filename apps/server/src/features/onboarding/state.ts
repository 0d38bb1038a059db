/**
 * The onboarding checklist's steps, decided on the server from what the user really did (issue 12):
 * a profile with a name, an analysis of their own, a visit to the recommendations and to the AI
 * optimisation page. Pure functions; routes.ts reads the facts and stores the visits.
 */

const onboardingStepIds = ['profile', 'analyze', 'recommendations', 'content'] as const
export type OnboardingStepId = (typeof onboardingStepIds)[number]

/** The pages whose visit completes a step. */
const stepOfPage = { recommendations: 'recommendations', aio: 'content' } as const
export type VisitPage = keyof typeof stepOfPage
export const visitPages = Object.keys(stepOfPage) as VisitPage[]

export interface OnboardingFacts {
  name: string | null
  /** The user has started at least one analysis of their own. */
  analysed: boolean
  /** Pages visited (stored), unknown values ignored. */
  visited: readonly string[]
}

function isVisitPage(value: unknown): value is VisitPage {
  return typeof value === 'string' && Object.hasOwn(stepOfPage, value)
}

/** The completed steps, in checklist order. */
export function completedSteps(facts: OnboardingFacts): OnboardingStepId[] {
  const done = new Set<OnboardingStepId>()
  if (facts.name?.trim()) done.add('profile')
  if (facts.analysed) done.add('analyze')
  for (const page of facts.visited) if (isVisitPage(page)) done.add(stepOfPage[page])
  return onboardingStepIds.filter((id) => done.has(id))
}

/** The stored list with one more page, unchanged (same array) when it is already there. */
export function withVisit(visited: readonly string[], page: VisitPage): string[] {
  const known = visited.filter(isVisitPage)
  return known.includes(page) ? [...known] : [...known, page]
}
