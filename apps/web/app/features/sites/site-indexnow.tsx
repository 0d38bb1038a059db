// A tracked site's IndexNow key (checked against the site's key file before it is kept) and the latest
// submissions of changed URLs after a crawl, with the endpoint's answer.
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { formatDateTime } from '../ui/format.ts'
import { sitesApi } from './api.ts'

interface Submission {
  id: string
  count: number
  status: number | null
  message: { pt: string; en: string }
  attempt: number
  nextAttemptAt: string | null
  createdAt: string
}
interface IndexNowState {
  key: { key: string; verifiedAt: string } | null
  submissions: Submission[]
}

export function SiteIndexNow({ siteId }: { siteId: string }) {
  const { t, lang } = useTranslation('sites')
  const ids = useId()
  const [state, setState] = useState<IndexNowState>({ key: null, submissions: [] })
  const [key, setKey] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [hidden, setHidden] = useState(false)

  const load = useCallback(async () => {
    try {
      setState(await sitesApi<IndexNowState>(`/sites/${siteId}/indexnow`, lang))
    } catch (e) {
      // A workspace's client may not manage the site's tools: the section is not shown at all.
      if (e instanceof ApiError && e.status === 403) setHidden(true)
      else setError((e as Error).message)
    }
  }, [siteId, lang])
  useEffect(() => {
    void load()
  }, [load])

  async function save(event: FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      setState(
        await sitesApi<IndexNowState>(`/sites/${siteId}/indexnow`, lang, {
          method: 'PUT',
          body: JSON.stringify({ key }),
        }),
      )
      setKey('')
    } catch (e) {
      setError((e as Error).message)
    }
  }

  async function remove() {
    try {
      await sitesApi(`/sites/${siteId}/indexnow`, lang, { method: 'DELETE' })
      await load()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  if (hidden) return null
  return (
    <section aria-labelledby={`${ids}-indexnow`} className="mt-6 space-y-3" data-testid="site-indexnow">
      <h3 id={`${ids}-indexnow`} className="font-semibold">
        {t('indexnow.title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('indexnow.description')}</p>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {state.key ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {t('indexnow.keySet')} <code className="break-all">{state.key.key}</code>
          <button
            type="button"
            onClick={remove}
            className="min-h-11 px-2 text-red-800 underline dark:text-red-300"
          >
            {t('indexnow.remove')}
          </button>
        </p>
      ) : (
        <form onSubmit={save} className="space-y-2">
          <label className="block text-sm">
            {t('indexnow.key')}
            <input
              required
              value={key}
              onChange={(e) => setKey(e.target.value)}
              className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-900"
            />
          </label>
          <button type="submit" className="min-h-11 rounded-md bg-blue-700 px-4 text-white hover:bg-blue-800">
            {t('indexnow.save')}
          </button>
        </form>
      )}
      <h4 className="font-medium">{t('indexnow.log')}</h4>
      {state.submissions.length ? (
        <ul className="space-y-1 text-sm" data-testid="indexnow-submissions">
          {state.submissions.map((s) => (
            <li key={s.id}>
              {formatDateTime(s.createdAt, lang === 'en' ? 'en' : 'pt')} —{' '}
              {t('indexnow.urls', { count: s.count })}: {s.message[lang === 'en' ? 'en' : 'pt']}
              {s.status ? ` (HTTP ${s.status})` : ''}
              {s.attempt > 1 ? ` — ${t('indexnow.attempt', { count: s.attempt })}` : ''}
              {s.nextAttemptAt
                ? ` — ${t('indexnow.retryAt', { at: formatDateTime(s.nextAttemptAt, lang === 'en' ? 'en' : 'pt') })}`
                : ''}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('indexnow.none')}</p>
      )}
    </section>
  )
}
