import type { AuditResult, FieldMetricId, FieldRecord, FieldResult } from '@farol/engine'
import { FIELD_THRESHOLDS } from '@farol/engine/field/thresholds.ts'
import { Users } from 'lucide-react'
import { colourClasses, ratingColour } from '~/features/analysis/score-display.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { useRootData } from '~/lib/root-data.ts'
import { FindingsList } from '../suite/shared/findings-list.tsx'
import { FIELD_METRICS, formatDay, formatP75, formatShare } from './field-format.ts'
import { FieldHistoryChart } from './field-history-chart.tsx'

const verdictClasses: Record<FieldRecord['verdict'], string> = {
  passed: 'bg-green-50 text-green-800 dark:bg-green-950/40 dark:text-green-300',
  failed: 'bg-red-50 text-red-800 dark:bg-red-950/40 dark:text-red-300',
  'no-data': 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300',
}

/** Google's Core Web Vitals assessment of the record, worded as PageSpeed Insights does. */
export function FieldVerdictBadge({ verdict, testId }: { verdict: FieldRecord['verdict']; testId: string }) {
  const { t } = useTranslation('field')
  return (
    <p
      className={cx('inline-flex rounded-md px-3 py-1 text-sm font-semibold', verdictClasses[verdict])}
      data-testid={testId}
      data-verdict={verdict}
    >
      {t(`verdict.${verdict}`)}
    </p>
  )
}

/** The three bins of one metric as one bar: good, needs improvement, poor (with the shares written out). */
function DistributionBar({ metric, record }: { metric: FieldMetricId; record: FieldRecord }) {
  const { t, lang } = useTranslation('field')
  const m = record.metrics[metric]!
  const bins = [
    { key: 'good', share: m.distribution.good, className: 'bg-green-600' },
    { key: 'needs-improvement', share: m.distribution.needsImprovement, className: 'bg-amber-500' },
    { key: 'poor', share: m.distribution.poor, className: 'bg-red-600' },
  ]
  const label = t('distribution', {
    good: formatShare(m.distribution.good, lang),
    ni: formatShare(m.distribution.needsImprovement, lang),
    poor: formatShare(m.distribution.poor, lang),
  })
  return (
    <div>
      <div className="flex h-2 w-full overflow-hidden rounded-full" role="img" aria-label={label}>
        {bins.map((bin) => (
          <span key={bin.key} className={bin.className} style={{ width: `${bin.share * 100}%` }} />
        ))}
      </div>
      <p
        className="mt-1 text-xs text-slate-600 dark:text-slate-400"
        data-testid={`field-distribution-${metric}`}
      >
        {label}
      </p>
    </div>
  )
}

function MetricTile({ metric, record }: { metric: FieldMetricId; record: FieldRecord }) {
  const { t, lang } = useTranslation('field')
  const m = record.metrics[metric]!
  const colour = colourClasses[ratingColour[m.rating]]
  const [good, poor] = FIELD_THRESHOLDS[metric]
  return (
    <li
      className={cx('flex flex-col gap-1 rounded-lg p-3', colour.bg)}
      data-testid={`field-metric-${metric}`}
      data-rating={m.rating}
    >
      <p className="text-sm text-slate-700 dark:text-slate-300">{t(`metric.${metric}`)}</p>
      <p className={cx('text-2xl font-bold', colour.text)} data-testid={`field-p75-${metric}`}>
        {formatP75(metric, m.p75, lang)}
      </p>
      <p className={cx('text-sm font-medium', colour.text)}>{t(`rating.${m.rating}`)}</p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('threshold', { good: formatP75(metric, good, lang), poor: formatP75(metric, poor, lang) })}
      </p>
      <DistributionBar metric={metric} record={record} />
    </li>
  )
}

/** What the field figures are for, and when: the page or its whole origin, the 28-day window, the device. */
function FieldSource({ record }: { record: FieldRecord }) {
  const { t, lang } = useTranslation('field')
  return (
    <div className="text-sm text-slate-700 dark:text-slate-300">
      <p data-testid="field-scope" data-scope={record.scope}>
        {t(`scope.${record.scope}`, { key: record.key })}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="field-period">
        {t('period', {
          first: formatDay(record.collectionPeriod.firstDate, lang),
          last: formatDay(record.collectionPeriod.lastDate, lang),
          device: t(`formFactor.${record.formFactor}`),
        })}
      </p>
    </div>
  )
}

/**
 * "Real-user data (CrUX)": the Chrome UX Report's p75 of LCP, INP, CLS, FCP and TTFB for this device, with
 * Google's thresholds and the three-bin split, the assessment, the weekly history and, when the lab run
 * disagrees, why. Without a key it says so (the setup only to administrators); nothing is guessed.
 */
export function FieldCard({ result, device }: { result: AuditResult | null; device: 'desktop' | 'mobile' }) {
  const { t } = useTranslation('field')
  const isAdmin = useRootData()?.user?.role === 'admin'
  const field: FieldResult | undefined = result?.field
  if (!field) return null
  return (
    <section
      className="card mb-6 flex flex-col gap-4"
      data-testid={`field-card-${device}`}
      data-status={field.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="inline-flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-50">
          <Users className="size-5" aria-hidden="true" />
          {t('title')}
        </h3>
        {field.status === 'ok' ? (
          <FieldVerdictBadge verdict={field.record.verdict} testId={`field-verdict-${device}`} />
        ) : null}
      </div>
      <FieldBody field={field} device={device} isAdmin={isAdmin} />
    </section>
  )
}

export function FieldBody({
  field,
  device,
  isAdmin,
}: {
  field: FieldResult
  device: 'desktop' | 'mobile'
  isAdmin: boolean
}) {
  const { t, lang } = useTranslation('field')
  if (field.status === 'no-key')
    return (
      <div className="flex flex-col gap-2 text-slate-700 dark:text-slate-300" data-testid="field-no-key">
        <p>{t('noKey')}</p>
        {isAdmin ? (
          <p className="text-sm" data-testid="field-no-key-admin">
            {t('noKeyAdmin')}
          </p>
        ) : null}
      </div>
    )
  if (field.status === 'no-data')
    return (
      <p className="text-slate-700 dark:text-slate-300" data-testid="field-no-data">
        {t('noData', { device: t(`formFactor.${field.formFactor}`) })}
      </p>
    )
  if (field.status === 'error')
    return (
      <p className="text-slate-700 dark:text-slate-300" data-testid="field-error">
        {t('error', { message: field.message[lang] })}
      </p>
    )
  const { record, findings } = field
  const shown = FIELD_METRICS.filter((m) => record.metrics[m])
  return (
    <>
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('intro')}</p>
      <FieldSource record={record} />
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((metric) => (
          <MetricTile key={metric} metric={metric} record={record} />
        ))}
      </ul>
      {record.history ? (
        <FieldHistoryChart history={record.history} testId={`field-history-${device}`} />
      ) : null}
      {findings.length ? (
        <div className="flex flex-col gap-2">
          <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-50">{t('findingsTitle')}</h4>
          <FindingsList findings={findings} testId={`field-findings-${device}`} />
        </div>
      ) : null}
    </>
  )
}

/** The dashboard's line: the Core Web Vitals assessment of real users, when CrUX has one. */
export function FieldVerdictLine({ result }: { result: AuditResult | null | undefined }) {
  const { t } = useTranslation('field')
  const field = result?.field
  if (field?.status !== 'ok') return null
  return (
    <div className="mb-4 flex flex-col gap-1" data-testid="dashboard-field-verdict">
      <FieldVerdictBadge verdict={field.record.verdict} testId="field-verdict-dashboard" />
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t(`dashboardSource.${field.record.scope}`, { device: t(`formFactor.${field.record.formFactor}`) })}
      </p>
    </div>
  )
}
