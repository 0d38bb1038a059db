import { ArrowLeft, Globe } from 'lucide-react'
import { type ReactNode, useEffect, useState } from 'react'
import { Link, useLocation, useNavigate, useRevalidator } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { SessionUser } from '~/lib/session.ts'
import { requestSignOut } from '../../auth/sign-out.ts'
import { WorkspaceSwitcher } from '../../workspaces/workspace-switcher.tsx'
import { formatDateTime } from '../shared/format.ts'
import { signInPath } from '../shared/sign-in.ts'
import { AccountMenu } from './account-menu.tsx'
import { useHeaderDetails } from './header-context.tsx'

/** How long the header may say 'Loading...' before it shows the signed-out state (spec §9: 0.5 s). */
const headerLoadingFallbackMs = 500

/** Page header: title, domain, last analysis, back button, the workspace and account menu or sign-in. */
export function SuiteHeader({
  title,
  user,
  userKnown,
  leading,
}: {
  title: string
  user: SessionUser | null
  /** False while the user state is still unknown. */
  userKnown: boolean
  /** The phone's sidebar toggle: shares the first row with the user's controls. */
  leading?: ReactNode
}) {
  const { t, lang } = useTranslation('suite')
  const location = useLocation()
  const navigate = useNavigate()
  const revalidator = useRevalidator()
  const { domain, lastAnalysis } = useHeaderDetails()
  const [timedOut, setTimedOut] = useState(false)

  useEffect(() => {
    if (userKnown) return
    const timer = window.setTimeout(() => setTimedOut(true), headerLoadingFallbackMs)
    return () => window.clearTimeout(timer)
  }, [userKnown])

  async function signOut() {
    try {
      await requestSignOut()
      notify('success', t('header.signOutSuccessTitle'), t('header.signOutSuccessDescription'))
      // To the sign-in page first: revalidating a signed-in-only page would redirect instead.
      await navigate('/signin')
      await revalidator.revalidate()
    } catch (error) {
      notify('error', t('header.signOutError'), error instanceof Error ? error.message : undefined)
    }
  }

  const isDashboard = location.pathname === '/suite' || location.pathname === '/suite/'
  const signInHref = signInPath(new URLSearchParams(location.search).get('url'))

  return (
    // Below md the user's controls share the first row with the sidebar toggle and the title gets a row
    // of its own (a line break element), so a long title never wraps around the account menu.
    <div
      className="flex flex-wrap items-center gap-x-3 gap-y-2 border-b border-slate-200 pb-4 dark:border-slate-700"
      data-testid="suite-header"
    >
      {leading ? <div className="order-1 md:hidden">{leading}</div> : null}
      <div aria-hidden="true" className="order-3 h-0 basis-full md:hidden" />
      {isDashboard ? null : (
        <Link to="/suite" className="btn-icon order-4" aria-label={t('header.back')} title={t('header.back')}>
          <ArrowLeft className="size-5" aria-hidden="true" />
        </Link>
      )}
      <div className="order-5 min-w-0 flex-1">
        <h1 className="break-words text-2xl font-bold text-slate-900 dark:text-slate-50">{title}</h1>
        {domain || lastAnalysis ? (
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm text-slate-600 dark:text-slate-400">
            {domain ? (
              <span className="inline-flex items-center gap-1" data-testid="suite-header-domain">
                <Globe className="size-4" aria-hidden="true" />
                {domain}
              </span>
            ) : null}
            {lastAnalysis ? (
              <span>{t('header.lastAnalysis', { date: formatDateTime(lastAnalysis, lang) })}</span>
            ) : null}
          </p>
        ) : null}
      </div>
      <div
        className="order-2 ml-auto flex min-w-0 items-center gap-2 md:order-6 md:ml-0"
        data-testid="suite-user"
      >
        {!userKnown && !timedOut ? (
          <span className="text-sm text-slate-600 dark:text-slate-400" role="status">
            {t('header.loading')}
          </span>
        ) : user ? (
          <>
            <WorkspaceSwitcher />
            <AccountMenu user={user} onSignOut={() => void signOut()} />
          </>
        ) : (
          <Link to={signInHref} className="btn-primary btn-small">
            {t('header.signIn')}
          </Link>
        )}
      </div>
    </div>
  )
}
