// /suite/sites: the sites a signed-in user tracks, how often each is re-audited, and each site's history
// (one chart per metric, alerts marked) with the alerts of every run.

import { type FormEvent, useCallback, useEffect, useId, useState } from 'react'
import { Link } from 'react-router'
import { notify } from '~/features/toasts/notify.ts'
import { useCan } from '~/features/ui/workspace-can.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { ApiError } from '../../lib/api-error.ts'
import { formatDateTime } from '../ui/format.ts'
import { type SiteRun, sitesApi, type TrackedSite } from './api.ts'
import { KeywordPositions } from './keyword-positions.tsx'
import { type Metric, ScoreChart } from './score-chart.tsx'
import { SiteAnalyses } from './site-analyses.tsx'
import { SiteBotLogs } from './site-bot-logs.tsx'
import { SiteIndexNow } from './site-indexnow.tsx'
import { SiteWebhooks } from './site-webhooks.tsx'

const METRICS: Metric[] = ['totalScore', 'seoScore', 'seoMobileScore', 'aioScore', 'llmScore']
const input =
  'min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-base dark:border-slate-600 dark:bg-slate-900'

export function SitesPage({ initialUrl }: { initialUrl: string | null }) {
  const { t, lang } = useTranslation('sites')
  const ids = useId()
  const signedIn = Boolean(useRootData()?.user)
  // A client reads the sites shared with them: no control that changes them (the server would refuse it).
  const can = useCan()
  const [sites, setSites] = useState<TrackedSite[] | null>(null)
  const [limit, setLimit] = useState<number | null>(null)
  const [selected, setSelected] = useState<string | null>(null)
  const [runs, setRuns] = useState<SiteRun[] | null>(null)
  const [url, setUrl] = useState(initialUrl ?? '')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const formatDate = useCallback((iso: string) => formatDateTime(iso, lang), [lang])

  const load = useCallback(async () => {
    try {
      const body = await sitesApi<{ sites: TrackedSite[]; limit: number }>('/sites', lang)
      setSites(body.sites)
      setLimit(body.limit)
      setSelected((current) => {
        if (current && body.sites.some((s) => s.id === current)) return current
        return (body.sites.find((s) => s.url === initialUrl) ?? body.sites[0])?.id ?? null
      })
    } catch (e) {
      setError((e as Error).message)
      setSites([])
    }
  }, [lang, initialUrl])

  useEffect(() => {
    if (signedIn) void load()
  }, [signedIn, load])

  useEffect(() => {
    if (!selected) {
      setRuns(null)
      return
    }
    let stop = false
    const read = async () => {
      try {
        const body = await sitesApi<{ runs: SiteRun[] }>(`/sites/${selected}/history`, lang)
        if (!stop) setRuns(body.runs)
      } catch {
        if (!stop) setRuns([])
      }
    }
    void read()
    // A run may be under way: look again now and then while the page is open.
    const timer = setInterval(read, 15_000)
    return () => {
      stop = true
      clearInterval(timer)
    }
  }, [selected, lang])

  async function add(event: FormEvent) {
    event.preventDefault()
    if (!url.trim()) {
      setError(t('urlRequired'))
      return
    }
    setBusy(true)
    setError(null)
    try {
      const site = await sitesApi<TrackedSite>('/sites', lang, {
        method: 'POST',
        body: JSON.stringify({ url: url.trim() }),
      })
      notify('success', t('added'), site.url)
      setUrl('')
      await load()
      setSelected(site.id)
    } catch (e) {
      setError(e instanceof ApiError ? e.message : t('failed'))
    } finally {
      setBusy(false)
    }
  }

  async function changeFrequency(site: TrackedSite, frequency: string) {
    try {
      await sitesApi(`/sites/${site.id}`, lang, { method: 'PATCH', body: JSON.stringify({ frequency }) })
      await load()
    } catch (e) {
      notify('error', (e as Error).message)
    }
  }

  async function remove(site: TrackedSite) {
    if (!window.confirm(t('confirmRemove', { url: site.url }))) return
    try {
      await sitesApi(`/sites/${site.id}`, lang, { method: 'DELETE' })
      notify('success', t('removed'))
      await load()
    } catch (e) {
      notify('error', (e as Error).message)
    }
  }

  if (!signedIn) {
    return (
      <div className="card" data-testid="sites-login">
        <h2 className="text-lg font-semibold">{t('loginTitle')}</h2>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t('loginDescription')}</p>
        <Link to="/signin?redirect=/suite/sites" className="btn-primary btn-small mt-4">
          {t('signIn')}
        </Link>
      </div>
    )
  }

  const current = sites?.find((s) => s.id === selected) ?? null
  const withAlerts = (runs ?? []).filter((r) => r.alerts.length > 0 || r.status === 'failed').reverse()
  return (
    <div className="flex flex-col gap-6" data-testid="sites-page">
      {can.write ? (
        <form className="card flex flex-col gap-3" onSubmit={add} noValidate aria-labelledby={`${ids}-add`}>
          <h2 id={`${ids}-add`} className="text-lg font-semibold">
            {t('addTitle')}
          </h2>
          <p className="text-slate-700 dark:text-slate-300">{t('intro')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <label className="flex min-w-0 flex-1 flex-col gap-1 text-sm font-medium">
              {t('urlLabel')}
              <input
                className={input}
                name="url"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
                placeholder="exemplo.pt"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${ids}-error` : undefined}
              />
            </label>
            <button type="submit" className="btn-primary self-end" disabled={busy}>
              {t('add')}
            </button>
          </div>
          {error ? (
            <p id={`${ids}-error`} role="alert" className="text-sm text-red-700 dark:text-red-400">
              {error}
            </p>
          ) : null}
          {limit !== null && sites ? (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('limit', { count: sites.length, limit })}
            </p>
          ) : null}
        </form>
      ) : null}

      {sites === null ? <p role="status">{t('loading')}</p> : null}
      {sites?.length === 0 ? <p className="text-slate-700 dark:text-slate-300">{t('empty')}</p> : null}
      {sites?.length ? (
        <section className="card flex flex-col gap-3" aria-labelledby={`${ids}-list`}>
          <h2 id={`${ids}-list`} className="text-lg font-semibold">
            {t('listTitle')}
          </h2>
          <ul className="flex flex-col gap-2">
            {sites.map((site) => (
              <li
                key={site.id}
                className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 sm:flex-row sm:items-center dark:border-slate-700"
                data-testid="tracked-site"
              >
                <button
                  type="button"
                  className={`min-h-11 min-w-0 flex-1 text-left font-medium break-all ${site.id === selected ? 'underline' : ''}`}
                  aria-pressed={site.id === selected}
                  onClick={() => setSelected(site.id)}
                >
                  {site.url}
                </button>
                {can.write ? (
                  <>
                    <label className="flex items-center gap-2 text-sm">
                      <span>{t('frequency')}</span>
                      <select
                        className="min-h-11 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-600 dark:bg-slate-900"
                        value={site.frequency}
                        onChange={(e) => void changeFrequency(site, e.target.value)}
                      >
                        {(['daily', 'weekly', 'monthly'] as const).map((f) => (
                          <option key={f} value={f}>
                            {t(`frequencies.${f}`)}
                          </option>
                        ))}
                      </select>
                    </label>
                    <button
                      type="button"
                      className="btn-outline btn-small"
                      onClick={() => void remove(site)}
                      aria-label={t('removeNamed', { url: site.url })}
                    >
                      {t('remove')}
                    </button>
                  </>
                ) : (
                  <span className="text-sm text-slate-700 dark:text-slate-300" data-testid="site-frequency">
                    {t('frequency')} {t(`frequencies.${site.frequency}`)}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {current ? (
        <section
          className="card flex flex-col gap-4"
          aria-labelledby={`${ids}-history`}
          data-testid="site-history"
        >
          <h2 id={`${ids}-history`} className="text-lg font-semibold break-all">
            {t('historyTitle', { url: current.url })}
          </h2>
          {runs === null ? <p role="status">{t('loading')}</p> : null}
          {runs?.length === 0 ? <p className="text-slate-700 dark:text-slate-300">{t('noRuns')}</p> : null}
          {runs?.length ? (
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {METRICS.map((metric) => (
                <ScoreChart
                  key={metric}
                  runs={runs}
                  metric={metric}
                  label={t(`metrics.${metric}`)}
                  formatDate={formatDate}
                  description={t('chartDescription', {
                    metric: t(`metrics.${metric}`),
                    values:
                      runs
                        .filter((r) => r[metric] !== null)
                        .map(
                          (r) =>
                            `${formatDate(r.at)}: ${r[metric]}${r.alerts.length ? ` (${t('alert')})` : ''}`,
                        )
                        .join('; ') || t('notMeasured'),
                  })}
                />
              ))}
            </div>
          ) : null}
          {withAlerts.length ? (
            <div>
              <h3 className="font-semibold">{t('alertsTitle')}</h3>
              <ul className="mt-2 flex flex-col gap-2" data-testid="site-alerts">
                {withAlerts.map((run) => (
                  <li key={run.id} className="text-sm">
                    <span className="font-medium">{formatDate(run.at)}</span>
                    {run.status === 'failed' ? ` — ${t('runFailed')}` : null}
                    <ul className="list-disc pl-5">
                      {run.alerts.map((a) => (
                        <li key={a.text}>{a.text}</li>
                      ))}
                    </ul>
                  </li>
                ))}
              </ul>
            </div>
          ) : runs?.length ? (
            <p className="text-sm text-slate-700 dark:text-slate-300">{t('noAlerts')}</p>
          ) : null}
          <SiteAnalyses siteId={current.id} formatDate={formatDate} />
          <KeywordPositions siteId={current.id} canEdit={can.write} />
          {/* Owners' and admins' settings: nobody else may read or change them. */}
          {can.manage ? (
            <>
              <SiteWebhooks siteId={current.id} />
              <SiteIndexNow siteId={current.id} />
              <SiteBotLogs siteId={current.id} siteUrl={current.url} />
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  )
}
