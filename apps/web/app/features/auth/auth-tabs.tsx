import { type KeyboardEvent, useRef } from 'react'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { AuthTab } from './routing.ts'
import { SignInForm } from './signin-form.tsx'
import { SignUpForm } from './signup-form.tsx'
import type { AuthDestination } from './use-auth-finish.ts'

const tabs: AuthTab[] = ['signin', 'signup']

/** Sign in / sign up as ARIA tabs (arrow keys move between them); shared by /signin and the modal. */
export function AuthTabs({
  idPrefix,
  tab,
  onTabChange,
  destination,
}: {
  idPrefix: string
  tab: AuthTab
  onTabChange: (tab: AuthTab) => void
  destination: AuthDestination
}) {
  const { t } = useTranslation('auth')
  const refs = useRef<Record<AuthTab, HTMLButtonElement | null>>({ signin: null, signup: null })

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return
    event.preventDefault()
    const next: AuthTab =
      event.key === 'Home'
        ? 'signin'
        : event.key === 'End'
          ? 'signup'
          : tab === 'signin'
            ? 'signup'
            : 'signin'
    onTabChange(next)
    refs.current[next]?.focus()
  }

  return (
    <div>
      <div
        role="tablist"
        aria-label={t('tabs.label')}
        onKeyDown={onKeyDown}
        className="grid grid-cols-2 rounded-lg bg-slate-100 p-1 dark:bg-slate-800"
      >
        {tabs.map((name) => {
          const selected = tab === name
          return (
            <button
              key={name}
              ref={(el) => {
                refs.current[name] = el
              }}
              id={`${idPrefix}-tab-${name}`}
              type="button"
              role="tab"
              aria-selected={selected}
              aria-controls={`${idPrefix}-panel-${name}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onTabChange(name)}
              className={cx(
                'min-h-10 rounded-md px-3 text-sm font-semibold',
                selected
                  ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-slate-100'
                  : 'text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
              )}
            >
              {t(name === 'signin' ? 'tabs.signin' : 'tabs.signup')}
            </button>
          )
        })}
      </div>
      {tabs.map((name) => (
        <div
          key={name}
          id={`${idPrefix}-panel-${name}`}
          role="tabpanel"
          aria-labelledby={`${idPrefix}-tab-${name}`}
          hidden={tab !== name}
          className="mt-5"
        >
          {tab === name ? (
            name === 'signin' ? (
              <SignInForm idPrefix={`${idPrefix}-signin`} destination={destination} />
            ) : (
              <SignUpForm idPrefix={`${idPrefix}-signup`} destination={destination} />
            )
          ) : null}
        </div>
      ))}
    </div>
  )
}
