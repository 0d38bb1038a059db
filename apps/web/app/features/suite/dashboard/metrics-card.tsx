import type { SeoResult } from '@farol/engine'
import { type Rating, rateCls, rateFcp, rateLcp, rateTbt } from '@farol/engine/scores/index.ts'
import { Loader2 } from 'lucide-react'
import { errorText, lighthouseErrorText } from '~/features/analysis/error-text.ts'
import type { SlotState } from '~/features/analysis/run-storage.ts'
import { colourClasses, ratingColour } from '~/features/analysis/score-display.ts'
import { FieldVerdictLine } from '~/features/field/field-card.tsx'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatNumber } from '../shared/format.ts'

export interface MetricRow {
  key: 'lcp' | 'cls' | 'tbt' | 'fcp' | 'fid'
  value: string
  rating: Rating
  /** Its name when not the standard one (TBT as the lab stand-in for INP, Max Potential FID). */
  label?: string
  threshold?: string
}

/** LCP, CLS, TBT and FCP of a Lighthouse run, formatted in the page's language, with their ratings. */
function metricRows(seo: SeoResult, lang: 'pt' | 'en'): MetricRow[] {
  const rows: MetricRow[] = []
  if (seo.lcp !== null)
    rows.push({ key: 'lcp', value: `${formatNumber(seo.lcp, lang, 2)} s`, rating: rateLcp(seo.lcp) })
  if (seo.cls !== null)
    rows.push({ key: 'cls', value: formatNumber(seo.cls, lang, 3), rating: rateCls(seo.cls) })
  if (seo.tbt !== null)
    rows.push({ key: 'tbt', value: `${formatNumber(seo.tbt, lang, 0)} ms`, rating: rateTbt(seo.tbt) })
  if (seo.fcp !== null)
    rows.push({ key: 'fcp', value: `${formatNumber(seo.fcp, lang, 2)} s`, rating: rateFcp(seo.fcp) })
  return rows
}

export function MetricList({ rows }: { rows: MetricRow[] }) {
  const { t } = useTranslation('suite')
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {rows.map((row) => {
        const colour = colourClasses[ratingColour[row.rating]]
        return (
          <li
            key={row.key}
            className={cx('rounded-lg p-3', colour.bg)}
            data-testid={`metric-${row.key}`}
            data-rating={row.rating}
          >
            <p className="text-sm text-slate-700 dark:text-slate-300">{row.label ?? t(`cwv.${row.key}`)}</p>
            <p className={cx('text-2xl font-bold', colour.text)}>{row.value}</p>
            <p className={cx('text-sm font-medium', colour.text)}>{t(`cwv.${row.rating}`)}</p>
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {row.threshold ?? t(`cwv.threshold${row.key[0]!.toUpperCase()}${row.key.slice(1)}`)}
            </p>
          </li>
        )
      })}
    </ul>
  )
}

/** The dashboard's performance metrics, from the desktop Lighthouse task, never sample values. */
export function MetricsCard({ slot }: { slot: SlotState | undefined }) {
  const { t, lang } = useTranslation('suite')
  const seo = slot?.results?.lighthouse?.desktop ?? null
  const lighthouseError = slot?.results?.lighthouse?.errors?.desktop
  let body: React.ReactNode
  if (seo) {
    const rows = metricRows(seo, lang)
    body = rows.length ? (
      <MetricList rows={rows} />
    ) : (
      <p className="text-slate-700 dark:text-slate-300">{t('errors.noData')}</p>
    )
  } else if (slot && (slot.status === 'failed' || slot.status === 'error' || slot.status === 'success')) {
    body = (
      <p className="text-slate-700 dark:text-slate-300" data-testid="metrics-error">
        {lighthouseError?.code === 'CHROME_NOT_FOUND'
          ? t('core:lighthouse.unavailableTitle')
          : t('dashboard.lighthouseFailed', {
              message: lighthouseError
                ? lighthouseErrorText(t, lighthouseError)
                : slot.errorCode || slot.message
                  ? errorText(t, slot.errorCode, slot.message)
                  : t('errors.noData'),
            })}
      </p>
    )
  } else {
    body = (
      <p
        className="inline-flex items-center gap-2 text-slate-700 dark:text-slate-300"
        data-testid="metrics-waiting"
      >
        <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        {t('dashboard.waitingLighthouse')}
      </p>
    )
  }
  return (
    <section className="card" data-testid="metrics-card" aria-busy={!seo && !slot?.finishedAt}>
      <h2 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('dashboard.metricsTitle')}
      </h2>
      <p className="mb-4 text-sm text-slate-600 dark:text-slate-400">{t('dashboard.metricsSource')}</p>
      <FieldVerdictLine result={slot?.results} />
      {body}
    </section>
  )
}
