import { CheckCircle2, ChevronDown, ChevronUp, Circle, Compass, X } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { buildSteps, type CompletedSteps, checklistProgress } from './checklist-state.ts'

/**
 * Spec §2/§4 onboarding checklist: a card with the four first steps, each a link to where it is done (a
 * step completes when it is really done, decided by the server); the card can be collapsed, dismissed
 * (remembered for the account) or start the guided tour. It sits in the page's flow, after the
 * dashboard's content: floating over the page, it covered the cards behind it (issue 41).
 */
export function ChecklistCard({
  completed,
  onDismiss,
  onStartTour,
}: {
  completed: CompletedSteps
  onDismiss: () => void
  onStartTour: () => void
}) {
  const { t } = useTranslation('onboarding')
  const [open, setOpen] = useState(true)
  // On a phone the open list would make the dashboard much longer: it starts collapsed there.
  useEffect(() => {
    if (window.matchMedia?.('(max-width: 639px)').matches) setOpen(false)
  }, [])
  const titleId = useId()
  const listId = useId()
  const steps = buildSteps(completed)
  const progress = checklistProgress(completed)

  return (
    <section
      aria-labelledby={titleId}
      data-testid="onboarding-checklist"
      data-complete={progress.allDone ? 'true' : undefined}
      className="rounded-xl border border-slate-200 bg-white shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:shadow-black/30"
    >
      <div className="flex items-start gap-2 p-4 pb-2">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="font-semibold text-slate-900 dark:text-slate-100">
            {t('checklist.title')}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-300" data-testid="onboarding-progress-text">
            {t('checklist.progress', { done: progress.done, total: progress.total })}
          </p>
        </div>
        <button
          type="button"
          className="btn-icon -mt-2"
          aria-expanded={open}
          aria-controls={listId}
          aria-label={open ? t('checklist.collapse') : t('checklist.expand')}
          onClick={() => setOpen((value) => !value)}
          data-testid="onboarding-toggle"
        >
          {open ? (
            <ChevronUp className="size-4" aria-hidden="true" />
          ) : (
            <ChevronDown className="size-4" aria-hidden="true" />
          )}
        </button>
        <button
          type="button"
          className="btn-icon -mt-2 -mr-2"
          aria-label={t('checklist.dismiss')}
          onClick={onDismiss}
          data-testid="onboarding-dismiss"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      <div className="px-4">
        <div
          role="progressbar"
          aria-label={t('checklist.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={progress.percent}
          className="h-2 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700"
        >
          <div className="h-full rounded-full bg-blue-700" style={{ width: `${progress.percent}%` }} />
        </div>
      </div>
      <div id={listId} hidden={!open} className="p-4 pt-3">
        {progress.allDone ? (
          <p
            className="mb-3 text-sm font-medium text-green-800 dark:text-green-300"
            data-testid="onboarding-all-done"
          >
            {t('checklist.allDone')}
          </p>
        ) : null}
        <ol className="grid gap-1 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step) => (
            <li key={step.id}>
              <Link
                to={step.route}
                data-testid={`onboarding-step-${step.id}`}
                data-completed={step.completed ? 'true' : 'false'}
                className="flex gap-3 rounded-md p-2 hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                {step.completed ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-green-700" aria-hidden="true" />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-slate-400" aria-hidden="true" />
                )}
                <span className="min-w-0">
                  <span
                    className={cx(
                      'block text-sm font-medium',
                      step.completed
                        ? 'text-slate-500 line-through dark:text-slate-400'
                        : 'text-slate-900 dark:text-slate-100',
                    )}
                  >
                    {t(step.title)}
                  </span>
                  <span className="block text-xs text-slate-600 dark:text-slate-300">
                    {t(step.description)}
                  </span>
                  <span className="sr-only">
                    {' '}
                    ({step.completed ? t('checklist.completed') : t('checklist.notCompleted')})
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="btn-outline btn-small mt-3 w-full gap-2 sm:w-auto"
          onClick={onStartTour}
          data-testid="onboarding-start-tour"
        >
          <Compass className="size-4" aria-hidden="true" />
          {t('checklist.startTour')}
        </button>
      </div>
    </section>
  )
}
