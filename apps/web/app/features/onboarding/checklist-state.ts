/**
 * The onboarding checklist (spec §3 "Onboarding step", §4 "Onboarding"): four steps, each marked
 * complete when clicked and saved; the analyze step completes by itself once an address was analysed.
 * Pure functions: the component keeps the state and writes it to local storage.
 */

export const onboardingStepIds = ['profile', 'analyze', 'recommendations', 'content'] as const
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

function isStepId(value: unknown): value is OnboardingStepId {
  return typeof value === 'string' && (onboardingStepIds as readonly string[]).includes(value)
}

/** The stored JSON list of completed ids; anything unreadable counts as nothing completed. */
export function parseCompletedSteps(raw: string | null): CompletedSteps {
  if (!raw) return new Set()
  try {
    const parsed: unknown = JSON.parse(raw)
    return new Set(Array.isArray(parsed) ? parsed.filter(isStepId) : [])
  } catch {
    return new Set()
  }
}

/** The list to store, in step order (stable output for equal sets). */
export function serializeCompletedSteps(completed: CompletedSteps): string {
  return JSON.stringify(onboardingStepIds.filter((id) => completed.has(id)))
}

export function completeStep(completed: CompletedSteps, id: OnboardingStepId): CompletedSteps {
  if (completed.has(id)) return completed
  return new Set([...completed, id])
}

/** Spec §4: the analyze step completes when an analysed address exists (local lastAnalyzedUrl). */
export function withAutoCompletion(
  completed: CompletedSteps,
  { lastAnalyzedUrl }: { lastAnalyzedUrl: string | null },
): CompletedSteps {
  return lastAnalyzedUrl?.trim() ? completeStep(completed, 'analyze') : completed
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
