import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { type ApiFailure, callApi, failureMessage } from './api.ts'
import { callbackUrl, fetchSessionUser, verificationNext } from './session-client.ts'
import { SocialButtons } from './social-buttons.tsx'
import { Banner, EmailField, SubmitButton, TextField } from './ui.tsx'
import { type AuthDestination, useAuthFinish } from './use-auth-finish.ts'
import { useFormFields } from './use-form-fields.ts'
import { validateSignIn } from './validation.ts'

/** Email and password sign-in (spec §4 success routing, §8 messages). */
export function SignInForm({ idPrefix, destination }: { idPrefix: string; destination: AuthDestination }) {
  const { t, lang } = useTranslation('auth')
  const finish = useAuthFinish()
  const { values, errors, set, check } = useFormFields({ email: '', password: '' }, validateSignIn)
  const [alert, setAlert] = useState<string | null>(null)
  const [unverified, setUnverified] = useState(false)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!check()) return
    setBusy(true)
    setAlert(null)
    setUnverified(false)
    const result = await callApi('/api/auth/sign-in/email', {
      body: { email: values.email.trim(), password: values.password },
      lang,
    })
    if (!result.ok) {
      setBusy(false)
      showFailure(result.error)
      return
    }
    const user = await fetchSessionUser(lang)
    if (!user) {
      setBusy(false)
      setAlert(t('errors.unexpected'))
      notify('error', t('signin.unexpected'))
      return
    }
    notify('success', t('signin.successTitle'), t('signin.successDescription'))
    await finish(user, destination)
    setBusy(false)
  }

  function showFailure(error: ApiFailure) {
    const message = failureMessage(error, t)
    setAlert(message)
    if (error.code === 'EMAIL_NOT_VERIFIED') setUnverified(true)
    if (error.status === 0 || error.status >= 500) notify('error', t('signin.unexpected'), message)
    else notify('error', t('signin.errorToast'), message)
  }

  return (
    <div className="space-y-4">
      <form
        noValidate
        onSubmit={submit}
        className="space-y-3"
        aria-describedby={alert ? `${idPrefix}-alert` : undefined}
      >
        {alert ? (
          <div id={`${idPrefix}-alert`}>
            <Banner tone="error" testId="signin-alert">
              <p>{alert}</p>
              {unverified ? (
                <ResendVerification email={values.email.trim()} destination={destination} />
              ) : null}
            </Banner>
          </div>
        ) : null}
        <EmailField
          id={`${idPrefix}-email`}
          value={values.email}
          onChange={set('email')}
          error={errors.email && t(errors.email)}
        />
        <TextField
          id={`${idPrefix}-password`}
          name="password"
          type="password"
          label={t('fields.password')}
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={errors.password && t(errors.password)}
          required
        />
        <div className="text-right text-sm">
          <Link
            to="/recuperar-password"
            className="font-medium text-blue-800 hover:underline dark:text-blue-300"
          >
            {t('signin.forgot')}
          </Link>
        </div>
        <SubmitButton busy={busy} busyLabel={t('signin.busy')}>
          {t('signin.submit')}
        </SubmitButton>
      </form>
      <SocialButtons destination={destination} />
    </div>
  )
}

/** EMAIL_NOT_VERIFIED: send the confirmation link again. */
function ResendVerification({ email, destination }: { email: string; destination: AuthDestination }) {
  const { t, lang } = useTranslation('auth')
  const [state, setState] = useState<'idle' | 'busy' | 'sent'>('idle')

  async function resend() {
    setState('busy')
    const result = await callApi('/api/auth/send-verification-email', {
      body: { email, callbackURL: callbackUrl(verificationNext(destination), { verifiedEmail: true }) },
      lang,
    })
    if (result.ok) {
      setState('sent')
      notify('success', t('verification.resentTitle'), t('verification.resent', { email }))
    } else {
      setState('idle')
      notify('error', t('verification.resendError'), failureMessage(result.error, t))
    }
  }

  if (state === 'sent') return <p className="mt-1 font-medium">{t('verification.resent', { email })}</p>
  return (
    <button
      type="button"
      onClick={() => void resend()}
      disabled={state === 'busy'}
      className="mt-1 font-semibold underline disabled:opacity-70"
    >
      {state === 'busy' ? t('verification.resending') : t('verification.resend')}
    </button>
  )
}
