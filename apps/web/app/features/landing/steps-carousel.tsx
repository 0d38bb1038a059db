import { useState } from 'react'
import { ChevronLeft, ChevronRight } from '~/features/ui/icons.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'

const steps = ['enterUrl', 'analysis', 'recommendations', 'implement'] as const

const navButton = 'btn-round'

/** The four steps: a grid on desktop, one step at a time with previous/next below 768 px. */
export function StepsCarousel() {
  const { t } = useTranslation('landing')
  const [current, setCurrent] = useState(0)
  const last = steps.length - 1

  return (
    <section className="bg-slate-50 py-16 dark:bg-slate-900" aria-labelledby="steps-title">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="steps-title" className="section-title">
          {t('steps.title')}
        </h2>
        <p className="section-lead">{t('steps.subtitle')}</p>
        <ol className="mt-10 grid gap-6 md:grid-cols-4" data-testid="steps">
          {steps.map((key, index) => (
            <li
              key={key}
              className={cx(
                'rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-700 dark:bg-slate-950',
                index === current ? 'block' : 'hidden md:block',
              )}
              aria-current={index === current ? 'step' : undefined}
            >
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-blue-700 font-bold text-white">
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-slate-50">
                <span className="sr-only">{t('steps.stepLabel', { number: index + 1 })}: </span>
                {t(`steps.items.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`steps.items.${key}.description`)}</p>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex items-center justify-center gap-4 md:hidden">
          <button
            type="button"
            className={navButton}
            onClick={() => setCurrent((i) => Math.max(0, i - 1))}
            disabled={current === 0}
            aria-label={t('steps.previous')}
          >
            <ChevronLeft className="size-5" />
          </button>
          <p className="text-sm text-slate-700 dark:text-slate-300" aria-live="polite">
            {t('steps.position', { current: current + 1, total: steps.length })}
          </p>
          <button
            type="button"
            className={navButton}
            onClick={() => setCurrent((i) => Math.min(last, i + 1))}
            disabled={current === last}
            aria-label={t('steps.next')}
          >
            <ChevronRight className="size-5" />
          </button>
        </div>
      </div>
    </section>
  )
}
