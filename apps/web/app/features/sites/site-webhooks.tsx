// A tracked site's webhooks: where its events are posted (alert, audit.finished, crawl.finished), in
// Farol's JSON or Slack's format, with the signing secret shown once and the delivery log.
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import { ApiError } from '../../lib/api-error.ts'
import { formatDateTime } from '../ui/format.ts'
import { sitesApi } from './api.ts'

const events = ['alert', 'audit.finished', 'crawl.finished', 'citation.changed'] as const
type Event = (typeof events)[number]

interface Webhook {
  id: string
  url: string
  events: Event[]
  format: 'json' | 'slack'
  createdAt: string
}
interface Delivery {
  id: string
  webhookId: string
  event: Event
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: number
  responseStatus: number | null
  error: string | null
  updatedAt: string
}

export function SiteWebhooks({ siteId }: { siteId: string }) {
  const { t, lang } = useTranslation('sites')
  const ids = useId()
  const [hooks, setHooks] = useState<Webhook[]>([])
  const [deliveries, setDeliveries] = useState<Delivery[]>([])
  const [url, setUrl] = useState('')
  const [chosen, setChosen] = useState<Event[]>(['alert'])
  const [format, setFormat] = useState<'json' | 'slack'>('json')
  const [secret, setSecret] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [hidden, setHidden] = useState(false)

  const load = useCallback(async () => {
    try {
      const body = await sitesApi<{ webhooks: Webhook[]; deliveries: Delivery[] }>(
        `/sites/${siteId}/webhooks`,
        lang,
      )
      setHooks(body.webhooks)
      setDeliveries(body.deliveries)
    } catch (e) {
      // A workspace's client may not manage the site's tools: the section is not shown at all.
      if (e instanceof ApiError && e.status === 403) setHidden(true)
      else setError((e as Error).message)
    }
  }, [siteId, lang])
  useEffect(() => {
    setSecret(null)
    void load()
  }, [load])

  async function add(event: FormEvent) {
    event.preventDefault()
    setError(null)
    try {
      const created = await sitesApi<Webhook & { secret: string }>(`/sites/${siteId}/webhooks`, lang, {
        method: 'POST',
        body: JSON.stringify({ url, events: chosen, format }),
      })
      setSecret(created.secret)
      setUrl('')
      await load()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  async function remove(hook: Webhook) {
    try {
      await sitesApi(`/sites/${siteId}/webhooks/${hook.id}`, lang, { method: 'DELETE' })
      await load()
    } catch (e) {
      setError((e as Error).message)
    }
  }

  if (hidden) return null
  return (
    <section aria-labelledby={`${ids}-webhooks`} className="mt-6 space-y-3" data-testid="site-webhooks">
      <h3 id={`${ids}-webhooks`} className="font-semibold">
        {t('webhooks.title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">{t('webhooks.description')}</p>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
      {secret ? (
        <p
          role="status"
          className="rounded border border-green-300 bg-green-50 p-2 text-sm dark:border-green-800 dark:bg-green-950"
        >
          {t('webhooks.secretOnce')}{' '}
          <code className="break-all" data-testid="webhook-secret">
            {secret}
          </code>
        </p>
      ) : null}
      {hooks.length ? (
        <ul className="space-y-1 text-sm">
          {hooks.map((hook) => (
            <li key={hook.id} className="flex flex-wrap items-center justify-between gap-2">
              <span className="break-all">
                {hook.url} — {hook.events.map((e) => t(`webhooks.event.${e.replace('.', '_')}`)).join(', ')} ·{' '}
                {t(`webhooks.format.${hook.format}`)}
              </span>
              <button
                type="button"
                onClick={() => remove(hook)}
                className="min-h-11 px-2 text-red-800 underline dark:text-red-300"
              >
                {t('webhooks.remove')}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form onSubmit={add} className="space-y-2">
        <label className="block text-sm">
          {t('webhooks.url')}
          <input
            type="url"
            required
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://hooks.slack.com/services/…"
            className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-900"
          />
        </label>
        <fieldset className="flex flex-wrap gap-4 text-sm">
          <legend className="mb-1">{t('webhooks.events')}</legend>
          {events.map((e) => (
            <label key={e} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                checked={chosen.includes(e)}
                onChange={(x) => setChosen((c) => (x.target.checked ? [...c, e] : c.filter((y) => y !== e)))}
                className="size-4 accent-blue-700"
              />
              {t(`webhooks.event.${e.replace('.', '_')}`)}
            </label>
          ))}
        </fieldset>
        <label className="block text-sm">
          {t('webhooks.formatLabel')}
          <select
            value={format}
            onChange={(e) => setFormat(e.target.value as 'json' | 'slack')}
            className="mt-1 block min-h-11 rounded-md border border-slate-300 px-3 dark:border-slate-600 dark:bg-slate-900"
          >
            <option value="json">{t('webhooks.format.json')}</option>
            <option value="slack">{t('webhooks.format.slack')}</option>
          </select>
        </label>
        <button type="submit" className="min-h-11 rounded-md bg-blue-700 px-4 text-white hover:bg-blue-800">
          {t('webhooks.add')}
        </button>
      </form>
      <h4 className="font-medium">{t('webhooks.log')}</h4>
      {deliveries.length ? (
        <ul className="space-y-1 text-sm" data-testid="webhook-deliveries">
          {deliveries.map((d) => (
            <li key={d.id}>
              {formatDateTime(d.updatedAt, lang === 'en' ? 'en' : 'pt')} —{' '}
              {t(`webhooks.event.${d.event.replace('.', '_')}`)}: {t(`webhooks.status.${d.status}`)} (
              {t('webhooks.attempts', { count: d.attempts })}
              {d.responseStatus ? `, HTTP ${d.responseStatus}` : d.error ? `, ${d.error}` : ''})
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('webhooks.noDeliveries')}</p>
      )}
    </section>
  )
}
