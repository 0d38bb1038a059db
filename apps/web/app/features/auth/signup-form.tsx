import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { callApi, failureMessage } from './api.ts'
import { callbackUrl, fetchSessionUser, verificationNext } from './session-client.ts'
import { SocialButtons } from './social-buttons.tsx'
import { Banner, EmailField, NewPasswordField, SubmitButton, TextField } from './ui.tsx'
import { type AuthDestination, useAuthFinish } from './use-auth-finish.ts'
import { useFormFields } from './use-form-fields.ts'
import { validateSignUp } from './validation.ts'

export interface VerificationState {
  email: string
  emailSent: boolean
  returnTo?: string | null | undefined
  url?: string | null | undefined
  redirect?: string | null | undefined
}

/** Creates an account; with verification on, the server returns no session: go to /verification. */
export function SignUpForm({ idPrefix, destination }: { idPrefix: string; destination: AuthDestination }) {
  const { t, lang } = useTranslation('auth')
  const navigate = useNavigate()
  const finish = useAuthFinish()
  const { values, errors, set, check } = useFormFields({ name: '', email: '', password: '' }, validateSignUp)
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!check()) return
    setBusy(true)
    setAlert(null)
    const email = values.email.trim()
    const result = await callApi<{ token: string | null }>('/api/auth/sign-up/email', {
      body: {
        name: values.name.trim(),
        email,
        password: values.password,
        lang,
        callbackURL: callbackUrl(verificationNext(destination), { verifiedEmail: true }),
      },
      lang,
    })
    if (!result.ok) {
      setBusy(false)
      const message = failureMessage(result.error, t)
      setAlert(message)
      const unexpected = result.error.status === 0 || result.error.status >= 500
      notify('error', unexpected ? t('signup.unexpected') : t('signup.errorToast'), message)
      return
    }
    notify('success', t('signup.successTitle'), t('signup.successDescription'))
    const user = result.data.token ? await fetchSessionUser(lang) : null
    if (user) {
      await finish(user, destination)
      return
    }
    const state: VerificationState = {
      email,
      emailSent: true,
      returnTo: destination.returnTo ?? null,
      url: destination.url ?? null,
      redirect: destination.redirect ?? null,
    }
    await navigate('/verification', { state })
  }

  return (
    <div className="space-y-4">
      <form noValidate onSubmit={submit} className="space-y-3">
        {alert ? (
          <Banner tone="error" testId="signup-alert">
            <p>{alert}</p>
          </Banner>
        ) : null}
        <TextField
          id={`${idPrefix}-name`}
          name="name"
          label={t('fields.nameOptional')}
          autoComplete="name"
          value={values.name}
          onChange={set('name')}
          error={errors.name && t(errors.name)}
        />
        <EmailField
          id={`${idPrefix}-email`}
          value={values.email}
          onChange={set('email')}
          error={errors.email && t(errors.email)}
        />
        <NewPasswordField
          id={`${idPrefix}-password`}
          name="password"
          label={t('fields.password')}
          password={values.password}
          onChange={set('password')}
          error={errors.password && t(errors.password)}
        />
        <SubmitButton busy={busy} busyLabel={t('signup.busy')}>
          {t('signup.submit')}
        </SubmitButton>
      </form>
      <SocialButtons destination={destination} />
    </div>
  )
}
