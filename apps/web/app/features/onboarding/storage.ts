/**
 * Browser storage of the onboarding (spec §3 "Browser storage", local): the last analysed address,
 * the first-visit and show-tour flags, the checklist's completed steps and dismissal, and whether
 * the guided tour was completed. Every access tolerates storage being unavailable (private mode).
 */
import { lastAnalyzedUrlKey } from '~/features/analyze/events.ts'

export const onboardingKeys = {
  lastAnalyzedUrl: lastAnalyzedUrlKey,
  hasVisitedDashboard: 'hasVisitedDashboard',
  showOnboardingTour: 'showOnboardingTour',
  completedSteps: 'onboardingCompletedSteps',
  dismissed: 'onboardingDismissed',
  tourCompleted: 'onboardingTourCompleted',
} as const

export type OnboardingKey = keyof typeof onboardingKeys

export function readLocal(key: OnboardingKey): string | null {
  try {
    return localStorage.getItem(onboardingKeys[key])
  } catch {
    return null
  }
}

export function writeLocal(key: OnboardingKey, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(onboardingKeys[key])
    else localStorage.setItem(onboardingKeys[key], value)
  } catch {
    // Storage unavailable: the state lasts for this page only.
  }
}

export function readFlag(key: OnboardingKey): boolean {
  return readLocal(key) === 'true'
}

export function writeFlag(key: OnboardingKey, on: boolean): void {
  writeLocal(key, on ? 'true' : null)
}
