import { type FormEvent, useState } from 'react'
import { callApi, failureMessage } from '~/features/auth/api.ts'
import { Banner, SubmitButton } from '~/features/auth/ui.tsx'
import { notify } from '~/features/toasts/notify.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import type { Lang } from '~/lib/route-table.ts'
import { formatDate } from '../ui/format.ts'

const tokenScopes = ['read', 'audit', 'sites'] as const
type Scope = (typeof tokenScopes)[number]

export interface ApiToken {
  id: string
  name: string
  prefix: string
  scopes: Scope[]
  createdAt: string
  expiresAt: string | null
  lastUsedAt: string | null
  revokedAt: string | null
}

const expiryOptions = ['', '30', '90', '365'] as const

function day(iso: string, lang: Lang): string {
  return formatDate(iso, lang)
}

/** Settings → API tokens: create (the token is shown once), list with last use, revoke. */
export function ApiTokens({ initial }: { initial: ApiToken[] }) {
  const { t, lang } = useTranslation('account')
  const [tokens, setTokens] = useState(initial)
  const [name, setName] = useState('')
  const [scopes, setScopes] = useState<Scope[]>(['read'])
  const [expiry, setExpiry] = useState<(typeof expiryOptions)[number]>('90')
  const [busy, setBusy] = useState(false)
  const [alert, setAlert] = useState<string | null>(null)
  const [created, setCreated] = useState<string | null>(null)

  async function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    setBusy(true)
    setAlert(null)
    const result = await callApi<ApiToken & { token: string }>('/api/account/tokens', {
      body: { name, scopes, ...(expiry ? { expiresInDays: Number(expiry) } : {}) },
      lang,
    })
    setBusy(false)
    if (!result.ok) {
      const fields = result.error.fields ? Object.values(result.error.fields).join(' ') : ''
      setAlert(fields || failureMessage(result.error, t))
      return
    }
    const { token, ...view } = result.data
    setCreated(token)
    setTokens((list) => [view, ...list])
    setName('')
  }

  async function revoke(token: ApiToken) {
    const result = await callApi(`/api/account/tokens/${token.id}`, { method: 'DELETE', lang })
    if (!result.ok) {
      notify('error', t('tokens.revokeError'), failureMessage(result.error, t))
      return
    }
    setTokens((list) =>
      list.map((x) => (x.id === token.id ? { ...x, revokedAt: new Date().toISOString() } : x)),
    )
    notify('success', t('tokens.revoked', { name: token.name }))
  }

  const status = (token: ApiToken) =>
    token.revokedAt
      ? t('tokens.statusRevoked')
      : token.expiresAt && new Date(token.expiresAt).getTime() <= Date.now()
        ? t('tokens.statusExpired')
        : token.expiresAt
          ? t('tokens.expiresOn', { date: day(token.expiresAt, lang) })
          : t('tokens.neverExpires')

  return (
    <section aria-labelledby="api-tokens-title" className="mt-8 space-y-4" data-testid="api-tokens">
      <div>
        <h2 id="api-tokens-title" className="text-lg font-semibold text-slate-900 dark:text-slate-100">
          {t('tokens.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('tokens.description')}{' '}
          <a
            href={lang === 'en' ? '/en/docs/api' : '/docs/api'}
            className="text-blue-700 underline dark:text-blue-300"
          >
            {t('tokens.docsLink')}
          </a>
        </p>
      </div>
      {created ? (
        <Banner tone="success" testId="api-token-created">
          <p className="font-medium">{t('tokens.createdOnce')}</p>
          <code
            className="mt-1 block break-all rounded bg-white/70 p-2 text-sm dark:bg-black/30"
            data-testid="api-token-value"
          >
            {created}
          </code>
        </Banner>
      ) : null}
      <form onSubmit={create} className="space-y-3" data-testid="api-token-form">
        {alert ? <Banner tone="error">{alert}</Banner> : null}
        <label className="block">
          <span className="font-medium text-slate-900 dark:text-slate-100">{t('tokens.name')}</span>
          <input
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={80}
            placeholder={t('tokens.namePlaceholder')}
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <fieldset>
          <legend className="font-medium text-slate-900 dark:text-slate-100">{t('tokens.scopes')}</legend>
          {tokenScopes.map((scope) => (
            <label
              key={scope}
              className="mt-1 flex min-h-11 items-start gap-2 text-slate-800 dark:text-slate-200"
            >
              <input
                type="checkbox"
                checked={scopes.includes(scope)}
                onChange={(e) =>
                  setScopes((s) => (e.target.checked ? [...s, scope] : s.filter((x) => x !== scope)))
                }
                className="mt-1 size-4 accent-blue-700"
              />
              <span>
                <span className="font-medium">{t(`tokens.scope.${scope}`)}</span>{' '}
                <span className="text-sm text-slate-600 dark:text-slate-400">
                  {t(`tokens.scopeHint.${scope}`)}
                </span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="block">
          <span className="font-medium text-slate-900 dark:text-slate-100">{t('tokens.expiry')}</span>
          <select
            value={expiry}
            onChange={(e) => setExpiry(e.target.value as typeof expiry)}
            className="mt-1 block min-h-11 rounded-md border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-900"
          >
            {expiryOptions.map((o) => (
              <option key={o} value={o}>
                {o ? t('tokens.days', { count: Number(o) }) : t('tokens.neverExpires')}
              </option>
            ))}
          </select>
        </label>
        <SubmitButton busy={busy} busyLabel={t('tokens.creating')} className="sm:w-auto">
          {t('tokens.create')}
        </SubmitButton>
      </form>
      {tokens.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('tokens.none')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="api-token-list">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
              <div>
                <p className="font-medium text-slate-900 dark:text-slate-100">
                  {token.name} <code className="text-sm text-slate-500">{token.prefix}…</code>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  {token.scopes.map((s) => t(`tokens.scope.${s}`)).join(' · ')} — {status(token)} —{' '}
                  {token.lastUsedAt
                    ? t('tokens.lastUsed', { date: day(token.lastUsedAt, lang) })
                    : t('tokens.neverUsed')}
                </p>
              </div>
              {token.revokedAt ? null : (
                <button
                  type="button"
                  onClick={() => revoke(token)}
                  className="min-h-11 rounded-md border border-red-300 px-3 text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950"
                >
                  {t('tokens.revoke')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
