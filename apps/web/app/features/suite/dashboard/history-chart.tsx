import { useId } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDateTime } from '../shared/format.ts'
import {
  axisLabels,
  type ChartBox,
  chartScales,
  type HistoryPoint,
  type ScoreSeries,
  scoreSeries,
  seriesPath,
} from './history-chart-data.ts'

const box: ChartBox = { width: 640, height: 240, padding: { top: 12, right: 16, bottom: 36, left: 36 } }

/**
 * Colour and line style per series: told apart by dash and marker shape too, not colour alone. In dark
 * mode classes override the SVG colour attributes with lighter tones (≥ 3:1 on slate-900).
 */
const seriesStyle: Record<
  ScoreSeries,
  { stroke: string; dash?: string; swatch: string; darkStroke: string; darkFill: string }
> = {
  seo: {
    stroke: '#1d4ed8',
    swatch: 'bg-blue-700',
    darkStroke: 'dark:stroke-blue-400',
    darkFill: 'dark:fill-blue-400',
  },
  aio: {
    stroke: '#7e22ce',
    dash: '6 4',
    swatch: 'bg-purple-700',
    darkStroke: 'dark:stroke-purple-400',
    darkFill: 'dark:fill-purple-400',
  },
  overall: {
    stroke: '#047857',
    dash: '2 3',
    swatch: 'bg-emerald-700',
    darkStroke: 'dark:stroke-emerald-400',
    darkFill: 'dark:fill-emerald-400',
  },
}
const gridLine = 'dark:stroke-slate-700'
const axisText = 'dark:fill-slate-400'

function Marker({ series, x, y }: { series: ScoreSeries; x: number; y: number }) {
  const { stroke, darkFill } = seriesStyle[series]
  if (series === 'aio')
    return <rect x={x - 4} y={y - 4} width={8} height={8} fill={stroke} className={darkFill} />
  if (series === 'overall')
    return (
      <path d={`M${x},${y - 5} L${x + 5},${y + 4} L${x - 5},${y + 4} Z`} fill={stroke} className={darkFill} />
    )
  return <circle cx={x} cy={y} r={4} fill={stroke} className={darkFill} />
}

/**
 * Score over time of this domain's past analyses: a small SVG line chart (SEO, AIO, overall), with the
 * same figures in a table for screen readers (the drawing itself is described by a short summary).
 */
export function ScoreHistoryChart({ points, domain }: { points: HistoryPoint[]; domain: string }) {
  const { t, lang } = useTranslation('suite')
  const titleId = useId()
  const summaryId = useId()
  if (!points.length)
    return (
      <p className="text-slate-700 dark:text-slate-300" data-testid="history-chart-empty">
        {t('dashboard.historyChartEmpty')}
      </p>
    )
  const scales = chartScales(points, box)
  const last = points.at(-1)!
  const latest = scoreSeries
    .map((s) => (last[s] === null ? null : `${t(`dashboard.historySeries.${s}`)} ${last[s]}`))
    .filter(Boolean)
    .join(', ')
  const summary = t('dashboard.historyChartSummary', { count: points.length, latest })
  const inner = { left: box.padding.left, right: box.width - box.padding.right }
  const ends = axisLabels(points, lang)

  return (
    <figure className="flex flex-col gap-3" data-testid="history-chart">
      <figcaption id={titleId} className="font-semibold text-slate-900 dark:text-slate-50">
        {t('dashboard.historyChartTitle', { domain })}
      </figcaption>
      <ul className="flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-300" aria-hidden="true">
        {scoreSeries.map((s) => (
          <li key={s} className="flex items-center gap-2">
            <svg width="28" height="10" aria-hidden="true">
              <line
                x1="0"
                y1="5"
                x2="28"
                y2="5"
                stroke={seriesStyle[s].stroke}
                strokeWidth="2.5"
                strokeDasharray={seriesStyle[s].dash}
                className={seriesStyle[s].darkStroke}
              />
            </svg>
            {t(`dashboard.historySeries.${s}`)}
          </li>
        ))}
      </ul>
      <svg
        viewBox={`0 0 ${box.width} ${box.height}`}
        className="h-auto w-full max-w-2xl"
        role="img"
        aria-labelledby={`${titleId} ${summaryId}`}
        data-testid="history-chart-svg"
      >
        <desc id={summaryId}>{summary}</desc>
        {[0, 25, 50, 75, 100].map((v) => (
          <g key={v}>
            <line
              x1={inner.left}
              x2={inner.right}
              y1={scales.y(v)}
              y2={scales.y(v)}
              stroke="#e2e8f0"
              className={gridLine}
            />
            <text
              x={inner.left - 6}
              y={scales.y(v) + 4}
              textAnchor="end"
              fontSize="11"
              fill="#475569"
              className={axisText}
            >
              {v}
            </text>
          </g>
        ))}
        <text
          x={inner.left}
          y={box.height - 10}
          fontSize="11"
          fill="#475569"
          className={axisText}
          data-testid="history-axis-first"
        >
          {ends.first}
        </text>
        {ends.last ? (
          <text
            x={inner.right}
            y={box.height - 10}
            textAnchor="end"
            fontSize="11"
            fill="#475569"
            className={axisText}
            data-testid="history-axis-last"
          >
            {ends.last}
          </text>
        ) : null}
        {scoreSeries.map((s) => (
          <g key={s} data-testid={`history-series-${s}`}>
            <path
              d={seriesPath(points, s, scales)}
              fill="none"
              stroke={seriesStyle[s].stroke}
              className={seriesStyle[s].darkStroke}
              strokeWidth="2.5"
              strokeDasharray={seriesStyle[s].dash}
              strokeLinejoin="round"
            />
            {points.map((p, i) => {
              const value = p[s]
              if (value === null) return null
              return (
                <g key={p.id}>
                  <title>{`${t(`dashboard.historySeries.${s}`)}: ${value} (${formatDateTime(p.at, lang)})`}</title>
                  <Marker series={s} x={scales.x(p, i)} y={scales.y(value)} />
                </g>
              )
            })}
          </g>
        ))}
      </svg>
      <table className="sr-only" data-testid="history-chart-table">
        <caption>{t('dashboard.historyChartTitle', { domain })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.historyColumns.date')}</th>
            {scoreSeries.map((s) => (
              <th key={s} scope="col">
                {t(`dashboard.historySeries.${s}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.id}>
              <th scope="row">{formatDateTime(p.at, lang)}</th>
              {scoreSeries.map((s) => (
                <td key={s}>{p[s] ?? '—'}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  )
}
