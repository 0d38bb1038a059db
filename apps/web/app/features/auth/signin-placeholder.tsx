import { Link, useLocation } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'

export type AuthTab = 'signin' | 'signup'

export function tabFromState(state: unknown): AuthTab {
  return (state as { tab?: unknown } | null)?.tab === 'signup' ? 'signup' : 'signin'
}

/** Until the accounts issue: /signin honours the default tab named by navigation state. */
export function SigninPlaceholder() {
  const { t } = useTranslation('pages')
  const tab = tabFromState(useLocation().state)
  const other: AuthTab = tab === 'signin' ? 'signup' : 'signin'
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-bold text-slate-900" data-testid="signin-title" data-tab={tab}>
        {tab === 'signin' ? t('signin.signinTitle') : t('signin.signupTitle')}
      </h1>
      <p className="mt-4 text-slate-700">{t('signin.body')}</p>
      <Link
        to="/signin"
        state={{ tab: other }}
        replace
        className="mt-6 inline-flex min-h-11 items-center font-semibold text-blue-800 hover:underline"
      >
        {other === 'signin' ? t('signin.showSignin') : t('signin.showSignup')}
      </Link>
    </div>
  )
}
