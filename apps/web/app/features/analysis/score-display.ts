/** How scores are shown: the spec's labels, bands and colours (§9), from the engine's pure functions. */
import {
  type Colour,
  performanceColour,
  type Rating,
  type ScoreBand,
  scoreBand,
} from '@farol/engine/scores/index.ts'

export type ScoreLabelKey = 'excellent' | 'good' | 'fair' | 'poor'

/** Spec §9: 80+ Excelente, 60+ Bom, 40+ Razoável, else Fraco (keys of suite:labels.*). */
export function scoreLabelKey(n: number): ScoreLabelKey {
  if (n >= 80) return 'excellent'
  if (n >= 60) return 'good'
  if (n >= 40) return 'fair'
  return 'poor'
}

export { performanceColour, scoreBand }

const bandColour: Record<ScoreBand, Colour> = { good: 'green', fair: 'amber', poor: 'red' }

export function bandOf(n: number): Colour {
  return bandColour[scoreBand(n)]
}

/** Tailwind classes of a colour: text (AA on white), soft background, ring stroke. */
export const colourClasses: Record<Colour, { text: string; bg: string; stroke: string }> = {
  green: { text: 'text-green-800', bg: 'bg-green-50', stroke: 'stroke-green-600' },
  amber: { text: 'text-amber-800', bg: 'bg-amber-50', stroke: 'stroke-amber-500' },
  red: { text: 'text-red-800', bg: 'bg-red-50', stroke: 'stroke-red-600' },
}

export const ratingColour: Record<Rating, Colour> = {
  good: 'green',
  'needs-improvement': 'amber',
  poor: 'red',
}
