import { useEffect, useState } from 'react'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { callApi, failureMessage } from './api.ts'
import { successTarget } from './routing.ts'
import { callbackUrl } from './session-client.ts'
import type { AuthDestination } from './use-auth-finish.ts'

type Provider = 'google' | 'github'

/** Google and GitHub sign-in, rendered only for providers the server has credentials for. */
export function SocialButtons({ destination }: { destination: AuthDestination }) {
  const { t, lang } = useTranslation('auth')
  const [providers, setProviders] = useState<Provider[]>([])
  const [busy, setBusy] = useState<Provider | null>(null)

  useEffect(() => {
    let live = true
    void callApi<Record<Provider, boolean>>('/api/auth-providers', { method: 'GET', lang }).then((result) => {
      if (live && result.ok) setProviders((['google', 'github'] as const).filter((p) => result.data[p]))
    })
    return () => {
      live = false
    }
  }, [lang])

  if (!providers.length) return null

  async function start(provider: Provider) {
    setBusy(provider)
    // OAuth comes back through /auth/callback; the role is unknown until then, so it routes as a user.
    const next =
      destination.returnTo ??
      successTarget({
        role: 'user',
        redirect: destination.redirect ?? null,
        url: destination.url ?? null,
        pendingUrl: null,
      }).to
    const result = await callApi<{ url?: string }>('/api/auth/sign-in/social', {
      body: { provider, callbackURL: callbackUrl(next), errorCallbackURL: callbackUrl(next) },
      lang,
    })
    if (result.ok && result.data.url) {
      window.location.assign(result.data.url)
      return
    }
    setBusy(null)
    const message = result.ok ? t('errors.unexpected') : failureMessage(result.error, t)
    notify('error', t(provider === 'google' ? 'signup.googleError' : 'signup.githubError'), message)
  }

  return (
    <div>
      <p className="my-3 flex items-center gap-3 text-sm text-slate-600 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200 dark:text-slate-400">
        {t('signin.or')}
      </p>
      <div className="grid gap-2">
        {providers.map((provider) => (
          <button
            key={provider}
            type="button"
            onClick={() => void start(provider)}
            disabled={busy !== null}
            className="btn-outline w-full dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {busy === provider ? t('signin.redirecting') : t(`signin.${provider}`)}
          </button>
        ))}
      </div>
    </div>
  )
}
