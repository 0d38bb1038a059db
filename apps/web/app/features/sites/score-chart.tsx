// One small chart per metric: the runs' scores over time (0-100), runs with alerts marked with a ring and
// listed in the chart's accessible description, so the timeline reads without the picture too.
import { useId } from 'react'
import type { SiteRun } from './api.ts'

const W = 280
const H = 120
const PAD = { top: 8, right: 8, bottom: 18, left: 26 }

export type Metric = 'totalScore' | 'seoScore' | 'seoMobileScore' | 'aioScore' | 'llmScore' | 'directoryScore'

/** Points of the runs that measured the metric, spread evenly (runs are what the user compares). */
function chartPoints(runs: SiteRun[], metric: Metric): { x: number; y: number; run: SiteRun }[] {
  const measured = runs.filter((r) => r.status === 'success' && r[metric] !== null)
  const n = measured.length
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  return measured.map((run, i) => ({
    x: PAD.left + (n === 1 ? innerW / 2 : (i / (n - 1)) * innerW),
    y: PAD.top + innerH - ((run[metric] as number) / 100) * innerH,
    run,
  }))
}

export function ScoreChart({
  runs,
  metric,
  label,
  description,
  formatDate,
}: {
  runs: SiteRun[]
  metric: Metric
  label: string
  description: string
  formatDate: (iso: string) => string
}) {
  const id = useId()
  const points = chartPoints(runs, metric)
  const path = points.map((p, i) => `${i ? 'L' : 'M'}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(' ')
  return (
    <figure className="min-w-0" data-testid={`site-chart-${metric}`}>
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${id}-d`}>
        <desc id={`${id}-d`}>{description}</desc>
        {[0, 50, 100].map((v) => {
          const y = PAD.top + (H - PAD.top - PAD.bottom) * (1 - v / 100)
          return (
            <g key={v}>
              <line
                x1={PAD.left}
                x2={W - PAD.right}
                y1={y}
                y2={y}
                className="stroke-slate-200 dark:stroke-slate-700"
              />
              <text
                x={PAD.left - 4}
                y={y + 3}
                textAnchor="end"
                className="fill-slate-600 text-[9px] dark:fill-slate-400"
              >
                {v}
              </text>
            </g>
          )
        })}
        {points.length > 1 ? (
          <path d={path} fill="none" className="stroke-blue-700 dark:stroke-blue-400" strokeWidth={2} />
        ) : null}
        {points.map((p) => (
          <g key={p.run.id}>
            <circle cx={p.x} cy={p.y} r={3} className="fill-blue-700 dark:fill-blue-400" />
            {p.run.alerts.length ? (
              <circle
                cx={p.x}
                cy={p.y}
                r={7}
                fill="none"
                className="stroke-red-600"
                strokeWidth={2}
                data-testid="alert-marker"
              />
            ) : null}
          </g>
        ))}
        {points.length ? (
          <>
            <text x={PAD.left} y={H - 4} className="fill-slate-600 text-[9px] dark:fill-slate-400">
              {formatDate(points[0]!.run.at)}
            </text>
            <text
              x={W - PAD.right}
              y={H - 4}
              textAnchor="end"
              className="fill-slate-600 text-[9px] dark:fill-slate-400"
            >
              {formatDate(points.at(-1)!.run.at)}
            </text>
          </>
        ) : null}
      </svg>
    </figure>
  )
}
