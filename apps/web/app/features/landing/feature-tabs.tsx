import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { Check, ChevronLeft, ChevronRight } from '~/features/ui/icons.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'

const tabs = ['analysis', 'content', 'monitoring'] as const

const navButton = 'btn-round'

/** Three feature tabs (WAI-ARIA tabs: arrow keys, Home, End); previous/next on small screens. */
export function FeatureTabs() {
  const { t } = useTranslation('landing')
  const [selected, setSelected] = useState(0)
  const baseId = useId()
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([])
  const last = tabs.length - 1

  function select(index: number, focus = false) {
    setSelected(index)
    if (focus) tabRefs.current[index]?.focus()
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const moves: Record<string, number> = {
      ArrowRight: (selected + 1) % tabs.length,
      ArrowLeft: (selected - 1 + tabs.length) % tabs.length,
      Home: 0,
      End: last,
    }
    const next = moves[event.key]
    if (next === undefined) return
    event.preventDefault()
    select(next, true)
  }

  const key = tabs[selected]!

  return (
    <section className="mx-auto max-w-6xl px-4 py-16" aria-labelledby="tabs-title">
      <h2 id="tabs-title" className="section-title">
        {t('tabs.title')}
      </h2>
      {/* Narrow gaps on a phone: the arrows and the three Portuguese tabs fill 343 px exactly. */}
      <div className="mt-8 flex items-center justify-center gap-1 sm:gap-3">
        <button
          type="button"
          className={cx(navButton, 'sm:hidden')}
          onClick={() => select(Math.max(0, selected - 1))}
          disabled={selected === 0}
          aria-label={t('tabs.previous')}
        >
          <ChevronLeft className="size-5" />
        </button>
        <div
          role="tablist"
          aria-label={t('tabs.label')}
          onKeyDown={onKeyDown}
          className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
        >
          {tabs.map((tab, index) => (
            <button
              key={tab}
              ref={(el) => {
                tabRefs.current[index] = el
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab}`}
              aria-selected={index === selected}
              aria-controls={`${baseId}-panel`}
              tabIndex={index === selected ? 0 : -1}
              onClick={() => select(index)}
              className={cx(
                'min-h-11 rounded-md px-2.5 font-medium sm:px-5',
                index === selected
                  ? 'bg-white text-blue-800 shadow dark:bg-slate-950 dark:text-blue-300'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {t(`tabs.items.${tab}.tab`)}
            </button>
          ))}
        </div>
        <button
          type="button"
          className={cx(navButton, 'sm:hidden')}
          onClick={() => select(Math.min(last, selected + 1))}
          disabled={selected === last}
          aria-label={t('tabs.next')}
        >
          <ChevronRight className="size-5" />
        </button>
      </div>
      <div
        id={`${baseId}-panel`}
        role="tabpanel"
        aria-labelledby={`${baseId}-tab-${key}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: a panel without focusable content takes focus.
        tabIndex={0}
        className="mx-auto mt-8 max-w-3xl rounded-xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-700 dark:bg-slate-900"
      >
        <h3 className="text-2xl font-semibold text-slate-900 dark:text-slate-50">
          {t(`tabs.items.${key}.title`)}
        </h3>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`tabs.items.${key}.description`)}</p>
        <ul className="mt-5 space-y-3">
          {[0, 1, 2].map((index) => (
            <li key={index} className="flex gap-3 text-slate-800 dark:text-slate-200">
              <Check className="mt-0.5 size-5 shrink-0 text-green-700 dark:text-green-400" />
              {t(`tabs.items.${key}.points.${index}`)}
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
