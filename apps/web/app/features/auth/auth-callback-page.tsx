import { useEffect } from 'react'
import { Link, useSearchParams } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { emailVerifiedNotice, noticeCookieHeader } from './notice.ts'
import { callbackTarget } from './routing.ts'
import { AuthCard, Banner } from './ui.tsx'

/**
 * /auth/callback: the email confirmation and OAuth links land here with the session cookie already set
 * by the server. The loader sends working links on to `next` without rendering; this page shows the
 * error state (`?error=`) and, as a fallback, continues in the browser.
 */
export function AuthCallbackPage() {
  const { t } = useTranslation('auth')
  const [search] = useSearchParams()
  const error = search.get('error')
  const next = callbackTarget(search.get('next'))

  const verified = search.get('verified') === 'email'

  useEffect(() => {
    if (error) return
    // biome-ignore lint/suspicious/noDocumentCookie: a first-party one-time note, read on the next page.
    if (verified) document.cookie = noticeCookieHeader(emailVerifiedNotice)
    // A full load, so the root data (header, theme) is read with the new session cookie.
    window.location.replace(next)
  }, [error, next, verified])

  if (!error) {
    return (
      <AuthCard title={t('callback.title')}>
        <p role="status" className="text-slate-700 dark:text-slate-300">
          <Link to={next} className="font-semibold text-blue-800 underline dark:text-blue-300">
            {t('callback.continue')}
          </Link>
        </p>
      </AuthCard>
    )
  }
  return (
    <AuthCard title={t('callback.errorTitle')}>
      <Banner tone="error" testId="callback-error">
        {t('callback.errorBody')}
      </Banner>
      <Link to="/signin" className="btn-primary mt-6 w-full">
        {t('callback.goToSignin')}
      </Link>
    </AuthCard>
  )
}
