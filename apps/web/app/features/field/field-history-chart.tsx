import type { FieldHistory, FieldMetricId } from '@farol/engine'
import { FIELD_THRESHOLDS } from '@farol/engine/field/thresholds.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { type ChartBox, FIELD_METRICS, formatDay, formatP75, seriesChart } from './field-format.ts'

const box: ChartBox = { width: 220, height: 90, padding: { top: 6, right: 6, bottom: 6, left: 6 } }

/**
 * The p75 of each metric over CrUX's weekly 28-day windows (up to 25, about 6 months): one small SVG chart
 * per metric (the suite draws its charts as SVG, see dashboard/history-chart.tsx), with the good and poor
 * thresholds as dashed guides, so a week that crossed one shows at a glance.
 */
export function FieldHistoryChart({ history, testId }: { history: FieldHistory; testId: string }) {
  const { t, lang } = useTranslation('field')
  const charts = FIELD_METRICS.map((metric) => ({
    metric,
    chart: seriesChart(history, metric, FIELD_THRESHOLDS[metric], box),
  })).filter((c): c is { metric: FieldMetricId; chart: NonNullable<typeof c.chart> } => c.chart !== null)
  if (!charts.length || history.periods.length === 0) return null
  const first = history.periods[0]!
  const last = history.periods.at(-1)!
  return (
    <div data-testid={testId} className="flex flex-col gap-2">
      <h4 className="text-sm font-semibold text-slate-900 dark:text-slate-50">
        {t('historyTitle', { count: history.periods.length })}
      </h4>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {t('historyRange', { first: formatDay(first.lastDate, lang), last: formatDay(last.lastDate, lang) })}
      </p>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {charts.map(({ metric, chart }) => {
          const latest = chart.points.at(-1)!
          return (
            <li key={metric} className="rounded-lg border border-slate-200 p-2 dark:border-slate-700">
              <p className="text-xs font-medium text-slate-700 dark:text-slate-300">
                {t(`short.${metric}`)} · {formatP75(metric, latest.value, lang)}
              </p>
              <svg
                viewBox={`0 0 ${box.width} ${box.height}`}
                className="h-auto w-full"
                role="img"
                aria-label={t('historyAria', {
                  metric: t(`short.${metric}`),
                  values: chart.points.map((p) => formatP75(metric, p.value, lang)).join(', '),
                })}
                data-testid={`${testId}-${metric}`}
              >
                {(['good', 'poor'] as const).map((kind) => (
                  <line
                    key={kind}
                    x1={box.padding.left}
                    x2={box.width - box.padding.right}
                    y1={chart.thresholds[kind]!}
                    y2={chart.thresholds[kind]!}
                    stroke={kind === 'good' ? '#15803d' : '#b91c1c'}
                    strokeDasharray="4 3"
                    strokeWidth={1}
                  />
                ))}
                <path
                  d={chart.path}
                  fill="none"
                  stroke="#1d4ed8"
                  strokeWidth={2}
                  className="dark:stroke-blue-400"
                />
                {chart.points.map((p) => (
                  <circle
                    key={p.lastDate}
                    cx={p.x}
                    cy={p.y}
                    r={2}
                    fill="#1d4ed8"
                    className="dark:fill-blue-400"
                  >
                    <title>{`${formatDay(p.lastDate, lang)}: ${formatP75(metric, p.value, lang)}`}</title>
                  </circle>
                ))}
              </svg>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
