import { type FormEvent, useState } from 'react'
import { useNavigate } from 'react-router'
import { callApi } from '~/features/auth/api.ts'
import { Banner, NewPasswordField, SubmitButton, TextField } from '~/features/auth/ui.tsx'
import { useFormFields } from '~/features/auth/use-form-fields.ts'
import { validateChangePassword } from '~/features/auth/validation.ts'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { AccountCard } from './account-card.tsx'

type Fields = 'currentPassword' | 'newPassword' | 'confirmPassword'

/**
 * /suite/change-password: current, new and confirmation. Unlike the specification, the server checks
 * the current password, and other sessions end after the change.
 */
export function ChangePasswordPage() {
  const { t, lang } = useTranslation('account')
  const navigate = useNavigate()
  const { values, errors, set, check } = useFormFields<Fields>(
    { currentPassword: '', newPassword: '', confirmPassword: '' },
    validateChangePassword,
  )
  const [failure, setFailure] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!check()) return
    setBusy(true)
    setFailure(null)
    const result = await callApi('/api/auth/change-password', {
      body: {
        currentPassword: values.currentPassword,
        newPassword: values.newPassword,
        revokeOtherSessions: true,
      },
      lang,
    })
    setBusy(false)
    if (!result.ok) {
      // Say why when the server knows (wrong current password, a broken rule), else the spec's line.
      const reason =
        result.error.code === 'INVALID_PASSWORD'
          ? t('auth:errors.INVALID_PASSWORD')
          : result.error.translated
            ? result.error.message
            : result.error.status === 429
              ? t('auth:errors.RATE_LIMITED')
              : null
      setFailure(reason ? `${t('changePassword.inlineError')} ${reason}` : t('changePassword.inlineError'))
      notify('error', t('changePassword.errorToast'), reason ?? undefined)
      return
    }
    notify('success', t('changePassword.successToast'))
    await navigate('/suite/profile')
  }

  const field = (name: Fields, label: string, autoComplete: string) => (
    <TextField
      id={`change-${name}`}
      name={name}
      type="password"
      label={label}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={set(name)}
      error={errors[name] && t(`auth:${errors[name]}`)}
      required
    />
  )

  return (
    <AccountCard title={t('changePassword.title')} description={t('changePassword.description')}>
      <form noValidate onSubmit={submit} className="space-y-3" data-testid="change-password-form">
        {failure ? (
          <Banner tone="error" testId="change-password-error">
            {failure}
          </Banner>
        ) : null}
        {field('currentPassword', t('changePassword.current'), 'current-password')}
        <NewPasswordField
          id="change-newPassword"
          name="newPassword"
          label={t('changePassword.new')}
          password={values.newPassword}
          onChange={set('newPassword')}
          error={errors.newPassword && t(`auth:${errors.newPassword}`)}
        />
        {field('confirmPassword', t('changePassword.confirm'), 'new-password')}
        <SubmitButton busy={busy} busyLabel={t('changePassword.busy')} className="sm:w-auto">
          {t('changePassword.submit')}
        </SubmitButton>
      </form>
    </AccountCard>
  )
}
