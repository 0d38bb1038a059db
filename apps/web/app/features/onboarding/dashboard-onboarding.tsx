import { useCallback, useEffect, useState } from 'react'
import { ChecklistCard } from './checklist-card.tsx'
import {
  type CompletedSteps,
  completeStep,
  type OnboardingStepId,
  parseCompletedSteps,
  serializeCompletedSteps,
  withAutoCompletion,
} from './checklist-state.ts'
import { GuidedTour } from './guided-tour.tsx'
import { readFlag, readLocal, writeFlag, writeLocal } from './storage.ts'
import { shouldStartTour, tourStartDelayMs } from './tour-state.ts'

/**
 * Spec §4 onboarding on the dashboard, for signed-in users: the floating checklist and the guided tour.
 * Everything here comes from local storage, so nothing renders before the page has hydrated (the
 * server HTML and the first browser render stay identical).
 */
export function DashboardOnboarding({
  signedIn,
  analyzedUrl,
}: {
  signedIn: boolean
  analyzedUrl: string | null
}) {
  const [loaded, setLoaded] = useState(false)
  const [completed, setCompleted] = useState<CompletedSteps>(new Set())
  const [dismissed, setDismissed] = useState(true)
  const [touring, setTouring] = useState(false)

  // The address analysed on this dashboard counts as the last analysed one (the landing page's
  // analyze flow stores it too), which completes the analyze step.
  useEffect(() => {
    if (analyzedUrl) writeLocal('lastAnalyzedUrl', analyzedUrl)
  }, [analyzedUrl])

  useEffect(() => {
    if (!signedIn) return
    const stored = parseCompletedSteps(readLocal('completedSteps'))
    const next = withAutoCompletion(stored, { lastAnalyzedUrl: analyzedUrl ?? readLocal('lastAnalyzedUrl') })
    if (next !== stored) writeLocal('completedSteps', serializeCompletedSteps(next))
    setCompleted(next)
    setDismissed(readFlag('dismissed'))
    setLoaded(true)
  }, [signedIn, analyzedUrl])

  // Spec §4/§9: the tour starts 1 s after the first visit, or when the flag asks for it. The visit is
  // recorded when the tour starts, so leaving within that second still shows it next time.
  useEffect(() => {
    if (!signedIn) return
    const start = shouldStartTour({
      hasVisitedDashboard: readFlag('hasVisitedDashboard'),
      showOnboardingTour: readFlag('showOnboardingTour'),
      tourCompleted: readFlag('tourCompleted'),
    })
    if (!start) return
    const timer = setTimeout(() => {
      writeFlag('hasVisitedDashboard', true)
      writeFlag('showOnboardingTour', false)
      setTouring(true)
    }, tourStartDelayMs)
    return () => clearTimeout(timer)
  }, [signedIn])

  const onComplete = useCallback((id: OnboardingStepId) => {
    setCompleted((current) => {
      const next = completeStep(current, id)
      writeLocal('completedSteps', serializeCompletedSteps(next))
      return next
    })
  }, [])

  const onDismiss = useCallback(() => {
    writeFlag('dismissed', true)
    setDismissed(true)
  }, [])

  const onTourEnd = useCallback(() => {
    writeFlag('tourCompleted', true)
    writeFlag('showOnboardingTour', false)
    setTouring(false)
  }, [])

  if (!signedIn) return null
  return (
    <>
      {loaded && !dismissed ? (
        <ChecklistCard
          completed={completed}
          onComplete={onComplete}
          onDismiss={onDismiss}
          onStartTour={() => setTouring(true)}
        />
      ) : null}
      {touring ? <GuidedTour onEnd={onTourEnd} /> : null}
    </>
  )
}
