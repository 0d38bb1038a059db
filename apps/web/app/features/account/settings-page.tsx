import { type FormEvent, useEffect, useId, useState } from 'react'
import { useRevalidator } from 'react-router'
import { callApi, failureMessage } from '~/features/auth/api.ts'
import { Banner, SubmitButton } from '~/features/auth/ui.tsx'
import { rememberLang } from '~/features/site-chrome/remember-lang.ts'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { Lang } from '~/lib/route-table.ts'
import { AccountCard } from './account-card.tsx'
import { applyTheme } from './theme.ts'

export interface Settings {
  emailNotifications: boolean
  darkMode: boolean
  lang: Lang
}

/** /suite/settings: stored on the server, so they follow the person to every device. */
export function SettingsPage({ settings }: { settings: Settings }) {
  const { t, lang } = useTranslation('account')
  const revalidator = useRevalidator()
  const [values, setValues] = useState(settings)
  const [alert, setAlert] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  // The success toast waits for the page to speak the saved language (after the root data reloads).
  const [savedIn, setSavedIn] = useState<Lang | null>(null)

  useEffect(() => {
    if (savedIn !== lang) return
    setSavedIn(null)
    notify('success', t('settings.successToast'))
  }, [savedIn, lang, t])

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setSaving(true)
    setAlert(null)
    const result = await callApi<Settings>('/api/me/settings', { method: 'PATCH', body: values, lang })
    setSaving(false)
    if (!result.ok) {
      const message = failureMessage(result.error, t)
      setAlert(message)
      notify('error', t('settings.errorToast'), message)
      return
    }
    setValues(result.data)
    applyTheme(result.data.darkMode)
    rememberLang(result.data.lang)
    setSavedIn(result.data.lang)
    await revalidator.revalidate()
  }

  return (
    <AccountCard title={t('settings.title')} description={t('settings.description')}>
      <form onSubmit={submit} className="space-y-5" data-testid="settings-form">
        {alert ? <Banner tone="error">{alert}</Banner> : null}
        <Toggle
          label={t('settings.emailNotifications')}
          hint={t('settings.emailNotificationsHint')}
          checked={values.emailNotifications}
          onChange={(emailNotifications) => setValues((v) => ({ ...v, emailNotifications }))}
        />
        <Toggle
          label={t('settings.darkMode')}
          hint={t('settings.darkModeHint')}
          checked={values.darkMode}
          onChange={(darkMode) => setValues((v) => ({ ...v, darkMode }))}
        />
        <fieldset>
          <legend className="font-medium text-slate-900 dark:text-slate-100">{t('settings.language')}</legend>
          <div className="mt-2 flex gap-4">
            {(['pt', 'en'] as const).map((option) => (
              <label
                key={option}
                className="flex min-h-11 items-center gap-2 text-slate-800 dark:text-slate-200"
              >
                <input
                  type="radio"
                  name="lang"
                  value={option}
                  checked={values.lang === option}
                  onChange={() => setValues((v) => ({ ...v, lang: option }))}
                  className="size-4 accent-blue-700"
                />
                {t(`settings.languages.${option}`)}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitButton busy={saving} busyLabel={t('common.saving')} className="sm:w-auto">
          {t('common.save')}
        </SubmitButton>
      </form>
    </AccountCard>
  )
}

/** A labelled switch (a checkbox with role=switch), keyboard operable with Space. */
function Toggle({
  label,
  hint,
  checked,
  onChange,
}: {
  label: string
  hint: string
  checked: boolean
  onChange: (checked: boolean) => void
}) {
  const id = useId()
  return (
    <div className="flex items-start justify-between gap-4">
      <div>
        <label htmlFor={id} className="font-medium text-slate-900 dark:text-slate-100">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-checked={checked}
        aria-describedby={`${id}-hint`}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="peer relative mt-1 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:left-0.5 before:top-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-blue-700 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      />
    </div>
  )
}
