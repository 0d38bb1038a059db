import { CircleCheck } from 'lucide-react'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { callApi, failureMessage } from './api.ts'
import { AuthCard, Banner, NewPasswordField, SubmitButton, TextField } from './ui.tsx'
import { useFormFields } from './use-form-fields.ts'
import { validateReset } from './validation.ts'

const resetRedirectMs = 3000

/** Valid only with type=recovery in the hash or the query, a token, and no `error` from the server. */
function resetLinkState(search: URLSearchParams, hash: string): { valid: boolean; token: string | null } {
  const fromHash = new URLSearchParams(hash.replace(/^#/, ''))
  const recovery = search.get('type') === 'recovery' || fromHash.get('type') === 'recovery'
  const token = search.get('token') ?? fromHash.get('token')
  const error = search.get('error') ?? fromHash.get('error')
  return { valid: recovery && Boolean(token) && !error, token }
}

/** /reset-password: the reset email's link lands here (`?type=recovery&token=…`). */
export function ResetPasswordPage() {
  const { t, lang } = useTranslation('auth')
  const navigate = useNavigate()
  const [search] = useSearchParams()
  // The hash is only known in the browser: start from the query, then add the hash once mounted.
  const [link, setLink] = useState(() => resetLinkState(search, ''))
  const { values, errors, set, check } = useFormFields({ password: '', confirmPassword: '' }, validateReset)
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)

  useEffect(() => {
    setLink(resetLinkState(search, window.location.hash))
  }, [search])

  useEffect(() => {
    if (!done) return
    const timer = window.setTimeout(() => void navigate('/signin'), resetRedirectMs)
    return () => window.clearTimeout(timer)
  }, [done, navigate])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!link.valid || !link.token) return
    if (!check()) return
    setBusy(true)
    setFailure(null)
    const result = await callApi('/api/auth/reset-password', {
      body: { newPassword: values.password, token: link.token },
      lang,
    })
    setBusy(false)
    if (!result.ok) {
      const message = failureMessage(result.error, t)
      setFailure(message)
      notify('error', t('reset.errorToast'), message)
      return
    }
    notify('success', t('reset.toastTitle'), t('reset.toastDescription'))
    setDone(true)
  }

  if (done) {
    return (
      <AuthCard title={t('reset.successHeading')} titleTestId="reset-done">
        <div role="status" className="flex gap-3 text-slate-800 dark:text-slate-200">
          <CircleCheck className="size-6 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          <p>{t('reset.successBody')}</p>
        </div>
        <Link to="/signin" className="btn-primary mt-6 w-full">
          {t('reset.goToSignin')}
        </Link>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('reset.title')}>
      <form noValidate onSubmit={submit} className="space-y-3">
        {!link.valid ? (
          <Banner tone="error" testId="reset-invalid">
            <p>{t('reset.invalid')}</p>
            <Link to="/recuperar-password" className="mt-1 inline-block font-semibold underline">
              {t('reset.requestNew')}
            </Link>
          </Banner>
        ) : null}
        {failure ? (
          <Banner tone="error" testId="reset-failure">
            {failure}
          </Banner>
        ) : null}
        <NewPasswordField
          id="reset-password"
          name="password"
          label={t('reset.newPassword')}
          password={values.password}
          onChange={set('password')}
          error={errors.password && t(errors.password)}
        />
        <TextField
          id="reset-confirm"
          name="confirmPassword"
          type="password"
          label={t('reset.confirmPassword')}
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={errors.confirmPassword && t(errors.confirmPassword)}
          required
        />
        <SubmitButton busy={busy} busyLabel={t('reset.busy')} disabled={!link.valid}>
          {t('reset.submit')}
        </SubmitButton>
      </form>
    </AuthCard>
  )
}
