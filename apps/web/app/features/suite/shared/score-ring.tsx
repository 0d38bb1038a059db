import type { Colour } from '@farol/engine/scores/index.ts'
import { colourClasses } from '~/features/analysis/score-display.ts'
import { cx } from '~/lib/cx.ts'

/** A 0-100 score as a ring drawn in SVG, the number in the middle. */
export function ScoreRing({
  score,
  colour,
  size = 112,
  testId,
  label,
}: {
  score: number
  colour: Colour
  size?: number
  testId?: string
  /** Accessible name, e.g. "Pontuação SEO". */
  label: string
}) {
  const stroke = Math.max(6, Math.round(size / 12))
  const radius = (size - stroke) / 2
  const circumference = 2 * Math.PI * radius
  const value = Math.max(0, Math.min(100, Math.round(score)))
  const classes = colourClasses[colour]
  return (
    <div className="relative inline-flex shrink-0" style={{ width: size, height: size }}>
      <svg
        width={size}
        height={size}
        viewBox={`0 0 ${size} ${size}`}
        aria-hidden="true"
        className="-rotate-90"
      >
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          className="stroke-slate-200 dark:stroke-slate-700"
        />
        <circle
          cx={size / 2}
          cy={size / 2}
          r={radius}
          fill="none"
          strokeWidth={stroke}
          strokeLinecap="round"
          strokeDasharray={circumference}
          strokeDashoffset={circumference * (1 - value / 100)}
          className={cx(classes.stroke, 'transition-[stroke-dashoffset] duration-700')}
        />
      </svg>
      <span className="absolute inset-0 flex items-center justify-center">
        <span className="sr-only">{label}: </span>
        <span
          className={cx('font-bold', classes.text, size >= 100 ? 'text-3xl' : 'text-xl')}
          data-testid={testId}
        >
          {value}
        </span>
        <span className="sr-only">/100</span>
      </span>
    </div>
  )
}
