import { useCallback, useEffect, useRef, useState } from 'react'
import { fetchOnboarding, type OnboardingFlags, type OnboardingState, saveOnboardingFlags } from './api.ts'
import { ChecklistCard } from './checklist-card.tsx'
import { allDoneCloseMs, checklistProgress, showChecklist } from './checklist-state.ts'
import { GuidedTour } from './guided-tour.tsx'
import { readFlag, writeFlag, writeLocal } from './storage.ts'
import { shouldStartTour, tourStartDelayMs } from './tour-state.ts'

/**
 * Spec §4 onboarding on the dashboard, for signed-in users: the floating checklist and the guided tour.
 * The state is the account's, from the server (issue 12: the same in every browser); nothing renders
 * before it arrives, so the server HTML and the first browser render stay identical.
 */
export function DashboardOnboarding({
  signedIn,
  analyzedUrl,
}: {
  signedIn: boolean
  analyzedUrl: string | null
}) {
  const [state, setState] = useState<OnboardingState | null>(null)
  const [touring, setTouring] = useState(false)

  // The address analysed on this dashboard is the last analysed one (other pages start from it).
  useEffect(() => {
    if (analyzedUrl) writeLocal('lastAnalyzedUrl', analyzedUrl)
  }, [analyzedUrl])

  // Read on arrival, and while an analysis started here is not yet counted: its task is created just
  // after the page opens, so the analyze step may turn done a moment later.
  useEffect(() => {
    if (!signedIn) return
    let live = true
    let tries = 0
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = () =>
      void fetchOnboarding().then((next) => {
        if (!live || !next) return
        setState(next)
        if (analyzedUrl && !next.completed.has('analyze') && ++tries < 5) timer = setTimeout(read, 2000)
      })
    read()
    return () => {
      live = false
      clearTimeout(timer)
    }
  }, [signedIn, analyzedUrl])

  const save = useCallback((flags: OnboardingFlags) => {
    setState((current) => (current ? { ...current, ...flags } : current))
    void saveOnboardingFlags(flags).then((next) => {
      if (next) setState(next)
    })
  }, [])

  // Spec §4/§9: the tour starts 1 s after the account's first dashboard visit, or when the local flag
  // asks for it. The visit is recorded when the tour starts, so leaving within that second still shows
  // it next time.
  const known = state !== null
  const start =
    known &&
    shouldStartTour({
      hasVisitedDashboard: state.visitedDashboard,
      showOnboardingTour: readFlag('showOnboardingTour'),
      tourCompleted: state.tourCompleted,
    })
  useEffect(() => {
    if (!start) return
    const timer = setTimeout(() => {
      writeFlag('showOnboardingTour', false)
      save({ visitedDashboard: true })
      setTouring(true)
    }, tourStartDelayMs)
    return () => clearTimeout(timer)
  }, [start, save])

  const onDismiss = useCallback(() => save({ dismissed: true }), [save])

  // The card closes itself when every step is done. Done before this visit: it never opens. The last
  // step completed here (the analysis started on this page): it says so for a moment, then closes.
  const allDone = known && checklistProgress(state.completed).allDone
  const seenUnfinished = useRef(false)
  const [justFinished, setJustFinished] = useState(false)
  useEffect(() => {
    if (!known) return
    if (!allDone) {
      seenUnfinished.current = true
      return
    }
    if (!seenUnfinished.current) return
    setJustFinished(true)
    const timer = setTimeout(() => {
      seenUnfinished.current = false
      setJustFinished(false)
    }, allDoneCloseMs)
    return () => clearTimeout(timer)
  }, [known, allDone])

  const onTourEnd = useCallback(() => {
    writeFlag('showOnboardingTour', false)
    save({ tourCompleted: true, visitedDashboard: true })
    setTouring(false)
  }, [save])

  if (!signedIn) return null
  return (
    <>
      {state && showChecklist({ dismissed: state.dismissed, allDone, justFinished }) ? (
        <ChecklistCard
          completed={state.completed}
          onDismiss={onDismiss}
          onStartTour={() => setTouring(true)}
        />
      ) : null}
      {touring ? <GuidedTour onEnd={onTourEnd} /> : null}
    </>
  )
}
