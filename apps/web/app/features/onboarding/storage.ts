/**
 * Browser storage of the onboarding (spec §3 "Browser storage", local): the last analysed address and
 * the one-shot flag that asks for the tour. The account's progress lives on the server (api.ts). Every
 * access tolerates storage being unavailable (private mode).
 */
import { lastAnalyzedUrlKey } from '~/features/analyze/events.ts'

const onboardingKeys = {
  lastAnalyzedUrl: lastAnalyzedUrlKey,
  showOnboardingTour: 'showOnboardingTour',
} as const

export type OnboardingKey = keyof typeof onboardingKeys

function readLocal(key: OnboardingKey): string | null {
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
