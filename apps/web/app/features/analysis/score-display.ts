/** How scores are shown: the spec's labels, bands and colours (§9), from the engine's pure functions. */
import {
  bandColour,
  type Colour,
  performanceColour,
  type Rating,
  type ScoreBand,
  scoreBand,
} from '@farol/engine/scores/index.ts'

export type ScoreLabelKey = ScoreBand

/** The band's word (keys of suite:labels.*): 90-100 Bom, 50-89 A melhorar, 0-49 Fraco (scores/index.ts). */
export function scoreLabelKey(n: number): ScoreLabelKey {
  return scoreBand(n)
}

export { performanceColour }

export function bandOf(n: number): Colour {
  return bandColour[scoreBand(n)]
}

/** Tailwind classes of a colour: text (AA on white, and on slate-900 in dark mode), soft background, ring stroke. */
export const colourClasses: Record<Colour, { text: string; bg: string; stroke: string }> = {
  green: {
    text: 'text-green-800 dark:text-green-400',
    bg: 'bg-green-50 dark:bg-green-950/40',
    stroke: 'stroke-green-600 dark:stroke-green-500',
  },
  amber: {
    text: 'text-amber-800 dark:text-amber-400',
    bg: 'bg-amber-50 dark:bg-amber-950/40',
    stroke: 'stroke-amber-500 dark:stroke-amber-400',
  },
  red: {
    text: 'text-red-800 dark:text-red-400',
    bg: 'bg-red-50 dark:bg-red-950/40',
    stroke: 'stroke-red-600 dark:stroke-red-500',
  },
}

export const ratingColour: Record<Rating, Colour> = {
  good: 'green',
  'needs-improvement': 'amber',
  poor: 'red',
}
