import { useState } from 'react'
import { type SlotSpec, type SlotState, seoRunKey } from '~/features/analysis/run-storage.ts'
import { useAnalysisRun } from '~/features/analysis/use-analysis-run.ts'
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

/** Spec §4: the SEO page starts a desktop task then a mobile task and finishes when both complete. */
const seoSlots: SlotSpec[] = [
  { key: 'desktop', kind: 'seo_analysis', platform: 'desktop' },
  { key: 'mobile', kind: 'seo_analysis', platform: 'mobile' },
]

type Device = 'desktop' | 'mobile'

function failed(slot: SlotState | undefined): boolean {
  return slot?.status === 'failed' || slot?.status === 'error'
}

export function SeoPage({ queryUrl }: { queryUrl: string | null }) {
  const { t, lang } = useTranslation('suite')
  const user = useRootData()?.user ?? null
  const [device, setDevice] = useState<Device>('desktop')
  const run = useAnalysisRun(seoRunKey, seoSlots, {
    lang,
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
    const lighthouseMessage = slot?.results?.lighthouse?.errors?.[key]?.message[lang]
    return t(`errors.${key}`, { message: lighthouseMessage ?? slot?.message ?? t(`errors.${key}Default`) })
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
        onSubmit={(url) => void run.start(url)}
      />
      {!state ? <p className="card text-slate-700 dark:text-slate-300">{t('seo.emptyState')}</p> : null}
      {state && phase === 'analysing' ? (
        <AnalysisProgress
          slots={seoSlots.map((s) => [s.key, state.slots[s.key]!] as const).filter(([, s]) => s)}
        />
      ) : null}
      {state && phase !== 'analysing' && errors.length ? (
        <ErrorPanel messages={errors} onRetry={() => void run.start(state.url)} />
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
