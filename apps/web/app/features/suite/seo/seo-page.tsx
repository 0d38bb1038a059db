import { useState } from 'react'
import { AnalysisBar } from '~/features/analysis/analysis-bar.tsx'
import { errorText, lighthouseErrorText } from '~/features/analysis/error-text.ts'
import { LighthouseUnavailable, lighthouseUnavailable } from '~/features/analysis/lighthouse-unavailable.tsx'
import { NotAuditedNotice } from '~/features/analysis/not-audited.tsx'
import { analysisResult, type SlotKey, type SlotState } from '~/features/analysis/run-storage.ts'
import { useAnalysisRun } from '~/features/analysis/use-analysis-run.ts'
import { FieldCard } from '~/features/field/field-card.tsx'
import { notify } from '~/features/toasts/notify.ts'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { useSetHeaderDetails } from '../layout/header-context.tsx'
import { AnalysisProgress } from '../shared/analysis-progress.tsx'
import { ErrorPanel } from '../shared/error-panel.tsx'
import { domainOf } from '../shared/format.ts'
import { UrlForm } from '../shared/url-form.tsx'
import { DeviceReport } from './device-report.tsx'

/**
 * Spec §4: the SEO page shows a desktop and a mobile Lighthouse run. It opens on the latest analysis of the
 * address and runs only what it lacks (after the dashboard's analysis, the mobile run).
 */
const seoNeeds: SlotKey[] = ['desktop', 'mobile']

type Device = 'desktop' | 'mobile'

function failed(slot: SlotState | undefined): boolean {
  return slot?.status === 'failed' || slot?.status === 'error'
}

export function SeoPage({ queryUrl }: { queryUrl: string | null }) {
  const { t, lang } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  const [device, setDevice] = useState<Device>('desktop')
  const run = useAnalysisRun({
    lang,
    needs: seoNeeds,
    queryUrl,
    signedIn: Boolean(user),
    onStartError: (error) => notify('error', t('errors.startTitle'), error.message),
    defaultMessage: (key) => (key === 'desktop' ? t('errors.desktopDefault') : t('errors.mobileDefault')),
  })
  const { state, phase } = run
  const shownUrl = state?.url ?? queryUrl
  const finishedAt = state?.slots.desktop?.finishedAt ?? null
  useSetHeaderDetails(state ? domainOf(state.url) : null, state?.slots.mobile?.finishedAt ?? finishedAt)

  const tabError = (key: Device): string | null => {
    const slot = state?.slots[key]
    if (!failed(slot)) return null
    const lighthouseError = slot?.results?.lighthouse?.errors?.[key]
    const message = lighthouseError
      ? lighthouseErrorText(t, lighthouseError)
      : slot?.errorCode || slot?.message
        ? errorText(t, slot?.errorCode, slot?.message)
        : t(`errors.${key}Default`)
    return t(`errors.${key}`, { message })
  }
  const errors = (['desktop', 'mobile'] as const).map(tabError).filter((m): m is string => Boolean(m))
  const slot = state?.slots[device]

  return (
    <div className="flex flex-col gap-6" data-testid="seo-page" data-phase={phase}>
      <p className="text-slate-700 dark:text-slate-300">{t('seo.intro')}</p>
      {user ? (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="seo-user">
          {t('seo.signedInAs', { email: user.email })}
        </p>
      ) : null}
      <UrlForm
        testId="seo-form"
        initialUrl={shownUrl}
        busy={run.busy}
        validate={(raw) => {
          const url = normalizeAnalysisUrl(raw)
          if (url) return { url }
          notify('error', t('form.seoEmptyTitle'), t('form.seoEmptyDescription'))
          return { error: t('form.seoEmptyDescription') }
        }}
        onSubmit={(url, typed) => void run.start(url, { typed })}
      />
      {!run.ready ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('core:analysis.loading')}</p>
      ) : !state ? (
        <p className="card text-slate-700 dark:text-slate-300">{t('seo.emptyState')}</p>
      ) : null}
      {state ? (
        <AnalysisBar
          state={state}
          keys={seoNeeds}
          busy={run.busy}
          onReanalyse={() => void run.start(state.url, { fresh: true })}
        />
      ) : null}
      <NotAuditedNotice result={analysisResult(state)} />
      {lighthouseUnavailable(state) ? <LighthouseUnavailable /> : null}
      {state && phase === 'analysing' ? (
        <AnalysisProgress
          slots={seoNeeds.map((key) => [key, state.slots[key]!] as const).filter(([, s]) => s)}
        />
      ) : null}
      {state && phase !== 'analysing' && errors.length ? (
        <ErrorPanel messages={errors} onRetry={() => void run.start(state.url, { fresh: true })} />
      ) : null}
      {state ? (
        <>
          <div
            role="tablist"
            aria-label={t('seo.tabs.label')}
            className="flex gap-1 border-b border-slate-200 dark:border-slate-700"
          >
            {(['desktop', 'mobile'] as const).map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                aria-selected={device === key}
                onClick={() => setDevice(key)}
                data-testid={`seo-tab-${key}`}
                className={cx(
                  '-mb-px min-h-11 border-b-2 px-4 text-sm font-medium',
                  device === key
                    ? 'border-blue-700 text-blue-800 dark:text-blue-300 dark:border-blue-400'
                    : 'border-transparent text-slate-700 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white',
                )}
              >
                {t(`seo.tabs.${key}`)}
              </button>
            ))}
          </div>
          <div role="tabpanel">
            {tabError(device) ? (
              <p
                className="mb-4 rounded-lg bg-red-50 p-4 text-red-900 dark:bg-red-950/40 dark:text-red-200"
                role="alert"
                data-testid={`seo-error-${device}`}
              >
                {tabError(device)}
              </p>
            ) : null}
            {slot && (slot.status === 'success' || failed(slot)) ? (
              <FieldCard result={slot.results} device={device} />
            ) : null}
            {slot && (slot.status === 'success' || failed(slot)) ? (
              <DeviceReport
                device={device}
                seo={slot.results?.lighthouse?.[device] ?? null}
                result={slot.results}
              />
            ) : (
              <p className="card text-slate-700 dark:text-slate-300">{t('seo.waiting')}</p>
            )}
          </div>
        </>
      ) : null}
    </div>
  )
}
