import { MailCheck } from 'lucide-react'
import { type FormEvent, useState } from 'react'
import { Link } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { callApi, failureMessage } from './api.ts'
import { AuthCard, Banner, EmailField, SubmitButton } from './ui.tsx'
import { validateRecovery } from './validation.ts'

/** /recuperar-password: asks for a reset link; the form is replaced by a confirmation once sent. */
export function RecoverPasswordPage() {
  const { t, lang } = useTranslation('auth')
  const publicUrl = useRootData()?.publicUrl ?? ''
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [alert, setAlert] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = validateRecovery({ email }).email
    setError(problem && t(problem))
    if (problem) return
    setBusy(true)
    setAlert(null)
    const origin = publicUrl || window.location.origin
    const result = await callApi('/api/auth/request-password-reset', {
      body: { email: email.trim(), redirectTo: `${origin}/reset-password?type=recovery` },
      lang,
    })
    setBusy(false)
    if (!result.ok) {
      const message = failureMessage(result.error, t)
      setAlert(message)
      notify('error', t('recovery.errorToast'), message)
      return
    }
    notify('success', t('recovery.successTitle'), t('recovery.successDescription'))
    setSentTo(email.trim())
  }

  const back = (
    <p className="mt-6 text-center text-sm">
      <Link to="/signin" className="font-semibold text-blue-800 hover:underline dark:text-blue-300">
        {t('recovery.backToSignin')}
      </Link>
    </p>
  )

  if (sentTo) {
    return (
      <AuthCard title={t('recovery.sentTitle')}>
        <div
          role="status"
          data-testid="recovery-sent"
          className="flex gap-3 text-slate-800 dark:text-slate-200"
        >
          <MailCheck className="size-6 shrink-0 text-green-700 dark:text-green-400" aria-hidden="true" />
          <p>{t('recovery.sentBody', { email: sentTo })}</p>
        </div>
        <button
          type="button"
          onClick={() => setSentTo(null)}
          className="mt-4 text-sm font-medium text-blue-800 underline dark:text-blue-300"
        >
          {t('recovery.sendAgain')}
        </button>
        {back}
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t('recovery.title')}>
      <p className="mb-4 text-slate-700 dark:text-slate-300">{t('recovery.intro')}</p>
      <form noValidate onSubmit={submit} className="space-y-3">
        {alert ? <Banner tone="error">{alert}</Banner> : null}
        <EmailField id="recovery-email" value={email} onChange={setEmail} error={error} />
        <SubmitButton busy={busy} busyLabel={t('recovery.busy')}>
          {t('recovery.submit')}
        </SubmitButton>
      </form>
      {back}
    </AuthCard>
  )
}
