import { MailCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { callApi, failureMessage } from './api.ts'
import { callbackUrl, verificationNext } from './session-client.ts'
import type { VerificationState } from './signup-form.tsx'
import { AuthCard, Banner, EmailField } from './ui.tsx'
import { emailProblem } from './validation.ts'

function readState(state: unknown): Partial<VerificationState> {
  if (!state || typeof state !== 'object') return {}
  const s = state as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' && v ? v : null)
  return {
    email: text(s.email) ?? '',
    emailSent: s.emailSent === true,
    returnTo: text(s.returnTo),
    url: text(s.url),
    redirect: text(s.redirect),
  }
}

/** /verification: after sign-up without a session. Shows where the link went and can send it again. */
export function VerificationPage() {
  const { t, lang } = useTranslation('auth')
  const state = readState(useLocation().state)
  const [email, setEmail] = useState(state.email ?? '')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const [resentTo, setResentTo] = useState<string | null>(null)

  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = emailProblem(email)
    setError(problem && t(problem))
    if (problem) return
    setBusy(true)
    const result = await callApi('/api/auth/send-verification-email', {
      body: {
        email: email.trim(),
        callbackURL: callbackUrl(verificationNext(state), { verifiedEmail: true }),
      },
      lang,
    })
    setBusy(false)
    if (!result.ok) {
      notify('error', t('verification.resendError'), failureMessage(result.error, t))
      return
    }
    setResentTo(email.trim())
    notify('success', t('verification.resentTitle'), t('verification.resent', { email: email.trim() }))
  }

  const known = state.email
  return (
    <AuthCard title={t('verification.title')}>
      <div className="flex gap-3 text-slate-800 dark:text-slate-200" data-testid="verification-status">
        <MailCheck className="size-6 shrink-0 text-blue-700 dark:text-blue-400" aria-hidden="true" />
        <div className="space-y-2">
          <p className="font-medium">
            {known
              ? state.emailSent
                ? t('verification.sent', { email: known })
                : t('verification.notSent', { email: known })
              : t('verification.noEmail')}
          </p>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('verification.hint')}</p>
        </div>
      </div>
      {state.url ? (
        <Banner tone="info" className="mt-4">
          {t('verification.continueAnalysis', { url: state.url })}
        </Banner>
      ) : null}
      <form noValidate onSubmit={resend} className="mt-6 space-y-3">
        {resentTo ? <Banner tone="success">{t('verification.resent', { email: resentTo })}</Banner> : null}
        {known ? null : (
          <EmailField
            id="verification-email"
            label={t('verification.emailLabel')}
            value={email}
            onChange={setEmail}
            error={error}
          />
        )}
        <button
          type="submit"
          disabled={busy}
          aria-busy={busy || undefined}
          className="btn-outline w-full dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
        >
          {busy ? t('verification.resending') : t('verification.resend')}
        </button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link to="/signin" className="font-semibold text-blue-800 hover:underline dark:text-blue-300">
          {t('verification.backToSignin')}
        </Link>
      </p>
    </AuthCard>
  )
}
