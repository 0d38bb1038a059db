import { useEffect, useState } from 'react'
import { useLocation, useSearchParams } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { AuthTabs } from './auth-tabs.tsx'
import { type AuthTab, messageFromState, tabFromState, writePendingUrl } from './routing.ts'
import { AuthCard, Banner } from './ui.tsx'

/**
 * /signin: sign in (default) and sign up tabs. The default tab and an info message come from navigation
 * state; `redirect=suite&url=…` keeps the analysis waiting (sessionStorage pendingAnalysisUrl).
 */
export function SigninPage() {
  const { t } = useTranslation('auth')
  const location = useLocation()
  const [search] = useSearchParams()
  const redirect = search.get('redirect')
  const url = search.get('url')
  const [tab, setTab] = useState<AuthTab>(() => tabFromState(location.state))
  const message = messageFromState(location.state)
  const returnTo = (location.state as { returnTo?: unknown } | null)?.returnTo

  // The header's Sign in / Sign up links name the tab even when /signin is already on screen.
  useEffect(() => {
    setTab(tabFromState(location.state))
  }, [location.state])

  const pending = redirect === 'suite' && url ? url : null
  useEffect(() => {
    if (pending) writePendingUrl(pending)
  }, [pending])

  return (
    <AuthCard title={tab === 'signin' ? t('signin.title') : t('signup.title')} titleTestId="signin-title">
      <div className="space-y-3">
        {message ? (
          <Banner tone="info" testId="signin-message">
            {message}
          </Banner>
        ) : null}
        {pending ? (
          <Banner tone="info" testId="pending-analysis">
            {t('signin.pendingBanner', { url: pending })}
          </Banner>
        ) : null}
      </div>
      <div className={message || pending ? 'mt-5' : undefined}>
        <AuthTabs
          idPrefix="signin-page"
          tab={tab}
          onTabChange={setTab}
          destination={{ redirect, url, returnTo: typeof returnTo === 'string' ? returnTo : null }}
        />
      </div>
    </AuthCard>
  )
}
