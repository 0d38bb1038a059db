import { ArrowLeft, X } from 'lucide-react'
import { type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import {
  type CardPlacement,
  isLastStep,
  placeCard,
  presentSteps,
  type Rect,
  type TourAction,
  type TourState,
  tourKeyAction,
  tourReducer,
  tourStepDelayMs,
  tourSteps,
} from './tour-state.ts'

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** A target counts when it is in the page and takes room (display:none and empty ones do not). */
function isShown(id: string): boolean {
  const rect = document.getElementById(id)?.getBoundingClientRect()
  return Boolean(rect && rect.width > 0 && rect.height > 0)
}

function targetRect(id: string): Rect | null {
  const element = document.getElementById(id)
  if (!element) return null
  const rect = element.getBoundingClientRect()
  return { top: rect.top, left: rect.left, width: rect.width, height: rect.height }
}

/**
 * The tour over the dashboard (spec §2, §4, §9): up to six steps, those whose target the page shows
 * (no scores before an analysis, no sidebar on a phone). A 320 px card beside each step's target, with
 * the target outlined. Focus moves into the card and Tab stays inside it; Escape closes; the
 * arrow keys or the buttons move between steps, 300 ms apart. Closing or finishing calls onEnd.
 */
export function GuidedTour({ onEnd }: { onEnd: () => void }) {
  const { t } = useTranslation('onboarding')
  const titleId = useId()
  const descriptionId = useId()
  const cardRef = useRef<HTMLDivElement>(null)
  // Decided once when the tour opens: the steps whose target this page shows.
  const [steps] = useState(() => presentSteps(tourSteps, isShown))
  const [state, setState] = useState<TourState>({ status: 'active', index: 0 })
  const [moving, setMoving] = useState(false)
  const [placement, setPlacement] = useState<CardPlacement | null>(null)
  const [highlight, setHighlight] = useState<Rect | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const returnFocus = useRef<Element | null>(null)
  const step = steps[state.index] ?? tourSteps[0]!

  useEffect(() => {
    returnFocus.current = document.activeElement
    return () => {
      clearTimeout(timer.current)
      if (returnFocus.current instanceof HTMLElement && returnFocus.current.isConnected)
        returnFocus.current.focus()
    }
  }, [])

  const dispatch = useCallback(
    (action: TourAction) => {
      if (moving && action.type !== 'close') return
      const next = tourReducer(state, action, steps.length)
      if (next === state) return
      if (next.status === 'completed') {
        onEnd()
        return
      }
      // Spec §9: steps move with a 300 ms pause (the card fades out, then reappears at its new place).
      setMoving(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => {
        setState(next)
        setMoving(false)
      }, tourStepDelayMs)
    },
    [moving, state, onEnd, steps.length],
  )

  // Bring the target into view, then place the card beside it; follow scrolling and resizing.
  useLayoutEffect(() => {
    const element = document.getElementById(step.targetId)
    if (element && element.getBoundingClientRect().width > 0) {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
      element.scrollIntoView({ block: 'center', behavior: reduce ? 'auto' : 'instant' })
    }
    function place() {
      const rect = targetRect(step.targetId)
      const height = cardRef.current?.offsetHeight ?? 220
      const next = placeCard(
        rect,
        step.position,
        { height },
        { width: window.innerWidth, height: window.innerHeight },
      )
      setPlacement(next)
      setHighlight(next.placement === 'center' ? null : rect)
    }
    place()
    window.addEventListener('resize', place)
    window.addEventListener('scroll', place, true)
    return () => {
      window.removeEventListener('resize', place)
      window.removeEventListener('scroll', place, true)
    }
  }, [step])

  // Focus moves into the card at each step (its heading, so the step is announced).
  useEffect(() => {
    if (!moving) cardRef.current?.focus()
  }, [moving])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Tab') {
      const items = [...(cardRef.current?.querySelectorAll<HTMLElement>(focusableSelector) ?? [])]
      if (!items.length) return
      const first = items[0]!
      const last = items.at(-1)!
      const active = document.activeElement
      if (event.shiftKey && (active === first || active === cardRef.current)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
      return
    }
    const action = tourKeyAction(event.key)
    if (action) {
      event.preventDefault()
      event.stopPropagation()
      dispatch(action)
    }
  }

  // Nothing to show (no target on the page): the tour ends at once.
  useEffect(() => {
    if (steps.length === 0) onEnd()
  }, [steps.length, onEnd])

  const last = isLastStep(state, steps.length)
  return (
    <>
      {highlight && !moving ? (
        <div
          aria-hidden="true"
          data-testid="tour-highlight"
          className="pointer-events-none fixed z-40 rounded-xl ring-4 ring-blue-500/70 ring-offset-2 transition-all"
          style={{
            top: highlight.top - 4,
            left: highlight.left - 4,
            width: highlight.width + 8,
            height: highlight.height + 8,
          }}
        />
      ) : null}
      <div
        ref={cardRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        data-testid="tour-card"
        data-step={state.index + 1}
        data-target={step.targetId}
        data-placement={placement?.placement}
        className="fixed z-50 rounded-xl border border-slate-200 bg-white p-5 shadow-2xl transition-opacity duration-300 focus:outline-none focus-visible:ring-4 focus-visible:ring-blue-500/60 dark:border-slate-700 dark:bg-slate-900"
        style={{
          top: placement?.top ?? 0,
          left: placement?.left ?? 0,
          width: placement?.width ?? 320,
          opacity: moving || !placement ? 0 : 1,
        }}
      >
        <div className="flex items-start justify-between gap-2">
          <p className="text-xs font-semibold tracking-wide text-blue-800 uppercase dark:text-blue-300">
            {t('tour.label')} · {t('tour.stepOf', { current: state.index + 1, total: steps.length })}
          </p>
          <button
            type="button"
            className="btn-icon -mt-3 -mr-3"
            aria-label={t('tour.close')}
            onClick={() => dispatch({ type: 'close' })}
            data-testid="tour-close"
          >
            <X className="size-4" aria-hidden="true" />
          </button>
        </div>
        <h2
          id={titleId}
          className="text-lg font-semibold text-slate-900 dark:text-slate-100"
          data-testid="tour-title"
        >
          {t(step.title)}
        </h2>
        <p id={descriptionId} className="mt-2 text-sm text-slate-700 dark:text-slate-300">
          {t(step.description)}
        </p>
        <p className="sr-only">{t('tour.keyboardHint')}</p>
        <div className="mt-4 flex items-center justify-between gap-2">
          <div className="flex gap-1" aria-hidden="true">
            {steps.map((s, i) => (
              <span
                key={s.key}
                className={
                  i === state.index ? 'size-2 rounded-full bg-blue-700' : 'size-2 rounded-full bg-slate-300'
                }
              />
            ))}
          </div>
          <div className="flex gap-2">
            {state.index > 0 ? (
              <button
                type="button"
                className="btn-outline btn-small gap-1 px-3"
                onClick={() => dispatch({ type: 'previous' })}
                data-testid="tour-previous"
              >
                <ArrowLeft className="size-4" aria-hidden="true" />
                {t('tour.previous')}
              </button>
            ) : null}
            <button
              type="button"
              className="btn-primary btn-small"
              onClick={() => dispatch({ type: 'next' })}
              data-testid={last ? 'tour-finish' : 'tour-next'}
            >
              {/* The last shown step finishes, whichever it is (the tour may skip the sidebar's). */}
              {last ? t('tour.finish') : t('tour.next')}
            </button>
          </div>
        </div>
      </div>
    </>
  )
}
