import { type FormEvent, useState } from 'react'
import { useRevalidator } from 'react-router'
import { callApi, failureMessage } from '~/features/auth/api.ts'
import { Banner, SubmitButton, TextField } from '~/features/auth/ui.tsx'
import { validateProfileName } from '~/features/auth/validation.ts'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { AccountCard } from './account-card.tsx'

export interface Profile {
  name: string
  email: string
  role: 'user' | 'admin'
}

/** /suite/profile: the name is editable; email and role are read only (roles come from an admin). */
export function ProfilePage({ profile }: { profile: Profile }) {
  const { t, lang } = useTranslation('account')
  const revalidator = useRevalidator()
  const [name, setName] = useState(profile.name)
  const [error, setError] = useState<string | undefined>()
  const [alert, setAlert] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const problem = validateProfileName(name)
    setError(problem && t(`auth:${problem}`))
    if (problem) return
    setSaving(true)
    setAlert(null)
    const result = await callApi<Profile>('/api/me', { method: 'PATCH', body: { name: name.trim() }, lang })
    setSaving(false)
    if (!result.ok) {
      const message = result.error.fields?.name ?? failureMessage(result.error, t, 'account:profile.tryLater')
      setAlert(message)
      notify('error', t('profile.errorToast'), message)
      return
    }
    setName(result.data.name)
    notify('success', t('profile.successToast'))
    void revalidator.revalidate()
  }

  return (
    <AccountCard title={t('profile.title')} description={t('profile.description')}>
      <form noValidate onSubmit={submit} className="space-y-3" data-testid="profile-form">
        {alert ? <Banner tone="error">{alert}</Banner> : null}
        <TextField
          id="profile-name"
          name="name"
          label={t('profile.name')}
          autoComplete="name"
          value={name}
          onChange={setName}
          error={error}
          required
        />
        <TextField id="profile-email" label={t('profile.email')} value={profile.email} readOnly />
        <TextField id="profile-role" label={t('profile.role')} value={t(`roles.${profile.role}`)} readOnly />
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('profile.roleHint')}</p>
        <SubmitButton busy={saving} busyLabel={t('common.saving')} className="sm:w-auto">
          {t('common.save')}
        </SubmitButton>
      </form>
    </AccountCard>
  )
}
