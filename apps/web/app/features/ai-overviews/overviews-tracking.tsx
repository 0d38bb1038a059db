// Over time (issue 43 item 3): a tracked site's keywords checked at each of its scheduled runs, with the
// places, devices and answers chosen in the form above. Nothing is checked until the user sees what one
// check costs and confirms; a later check that would cost more is not made. Each check shows the citations
// of the site lost and gained since the one before (also mailed, and posted to the site's webhooks).
import { useCallback, useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { ErrorPanel } from '../suite/shared/error-panel.tsx'
import { formatDay } from '../ui/format.ts'
import {
  type Estimate,
  estimateTracking,
  startTracking,
  stopTracking,
  type TrackedSiteView,
  type TrackingSettings,
  trackingList,
} from './overviews-api.ts'
import { Card, Loading, messageOf, useAction } from './overviews-fields.tsx'
import { usd } from './overviews-view.ts'

export function TrackingSection({ settings }: { settings: () => TrackingSettings }) {
  const { t, lang } = useTranslation('overviews')
  const [sites, setSites] = useState<TrackedSiteView[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [pending, setPending] = useState<{
    siteId: string
    estimate: Estimate
    body: TrackingSettings
  } | null>(null)
  const { busy, run } = useAction(setError)

  const load = useCallback(() => {
    trackingList(lang).then(
      (r) => setSites(r.sites),
      (e) => {
        setSites([])
        setError(messageOf(e))
      },
    )
  }, [lang])
  useEffect(load, [load])

  async function ask(siteId: string) {
    setError(null)
    await run(async () => {
      const body = settings()
      const { estimate } = await estimateTracking(siteId, body, lang)
      setPending({ siteId, estimate, body })
    })
  }
  async function confirm() {
    if (!pending) return
    await run(async () => {
      await startTracking(pending.siteId, pending.body, pending.estimate.cost, lang)
      setPending(null)
      load()
    })
  }
  async function stop(siteId: string) {
    setError(null)
    await run(async () => {
      await stopTracking(siteId, lang)
      load()
    })
  }

  return (
    <Card id="ov-tracking" title={t('tracking.title')} data-testid="overviews-tracking">
      <p className="text-slate-700 dark:text-slate-300">{t('tracking.intro')}</p>
      {error ? <ErrorPanel messages={[error]} /> : null}
      {sites === null ? (
        <Loading label={t('loading')} />
      ) : sites.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300" data-testid="overviews-tracking-empty">
          {t('tracking.noSites')}{' '}
          <Link to="/suite/sites" className="underline">
            {t('tracking.sitesPage')}
          </Link>
        </p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-200 dark:divide-slate-700">
          {sites.map((s) => (
            <li key={s.siteId} className="flex flex-col gap-2 py-3" data-testid="overviews-tracked-site">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 text-sm break-all text-slate-800 dark:text-slate-200">
                  <strong>{s.url}</strong> · {t('runs.keywords', { count: s.keywords })} ·{' '}
                  {t(`tracking.frequency.${s.frequency}`)}
                </span>
                {s.tracking ? (
                  <button type="button" className="btn-outline" onClick={() => void stop(s.siteId)}>
                    {t('tracking.stop')}
                  </button>
                ) : (
                  <button
                    type="button"
                    className="btn-outline"
                    disabled={busy || s.keywords === 0}
                    onClick={() => void ask(s.siteId)}
                    data-testid="overviews-track"
                  >
                    {t('tracking.start')}
                  </button>
                )}
              </div>
              {s.tracking ? (
                <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="overviews-tracking-on">
                  {t('tracking.on', { cost: usd(s.tracking.maxCost, lang) })}
                </p>
              ) : s.keywords === 0 ? (
                <p className="text-sm text-slate-700 dark:text-slate-300">{t('tracking.noKeywords')}</p>
              ) : null}
              {pending?.siteId === s.siteId ? (
                <div
                  className="flex flex-col gap-2 rounded-md border-2 border-blue-700 p-3 dark:border-blue-400"
                  data-testid="overviews-tracking-estimate"
                >
                  <p className="text-slate-800 dark:text-slate-200">
                    {t('tracking.estimate', {
                      count: pending.estimate.calls,
                      cost: usd(pending.estimate.cost, lang),
                    })}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{t('tracking.note')}</p>
                  <div className="flex flex-wrap gap-2">
                    <button
                      type="button"
                      className="btn-primary"
                      disabled={busy}
                      onClick={() => void confirm()}
                      data-testid="overviews-tracking-confirm"
                    >
                      {t('tracking.confirm')}
                    </button>
                    <button type="button" className="btn-outline" onClick={() => setPending(null)}>
                      {t('estimate.cancel')}
                    </button>
                  </div>
                </div>
              ) : null}
              {s.checks.length > 0 ? (
                <ul className="flex flex-col gap-1 text-sm text-slate-800 dark:text-slate-200">
                  {s.checks.map((c) => (
                    <li key={c.runId} data-testid="overviews-check">
                      <span className="font-medium">{formatDay(c.day, lang)}</span> —{' '}
                      {c.status === 'failed'
                        ? c.errorCode === 'OVERVIEWS_ESTIMATE_CHANGED'
                          ? t('tracking.tooDear')
                          : t('runs.status.failed')
                        : c.status !== 'success'
                          ? t(`runs.status.${c.status}`)
                          : c.baseline
                            ? t('tracking.baseline')
                            : c.changes.length === 0
                              ? t('tracking.noChange')
                              : null}
                      {c.changes.length > 0 ? (
                        <ul className="list-disc pl-5">
                          {c.changes.map((ch) => (
                            <li
                              key={`${ch.kind}-${ch.surface}-${ch.keyword}-${ch.text}`}
                              className={
                                ch.kind === 'lost'
                                  ? 'text-red-800 dark:text-red-300'
                                  : 'text-green-800 dark:text-green-300'
                              }
                            >
                              {ch.text}
                            </li>
                          ))}
                        </ul>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Card>
  )
}
