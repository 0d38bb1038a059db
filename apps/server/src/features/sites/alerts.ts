// What changed between two monitoring runs of a tracked site that its owner should hear about: a score
// down by 5 points or more, a high-impact finding that now fails (robots.txt now blocks an AI search
// crawler, the page is now noindex…), the brand no longer mentioned by a model. Pure.
import type { Lang } from '../../platform/errors.ts'
import { type CwvCrossedAlert, compareField, describeCwvAlert, type FieldSnapshot } from './field-alerts.ts'

export interface RunScores {
  seoScore: number | null
  seoMobileScore: number | null
  aioScore: number | null
  llmScore: number | null
  directoryScore: number | null
  totalScore: number | null
}

export interface RunSnapshot {
  scores: RunScores
  /** Failing findings: id and title in both languages. */
  failing: { id: string; title: { pt: string; en: string }; impact: string }[]
  /** Models that named the brand in this run (null when no AI-visibility run). */
  mentionedBy: string[] | null
  /** Real users' Core Web Vitals p75 per device (CrUX); absent on runs stored before it existed. */
  field?: FieldSnapshot
  /**
   * `totalScore` counts an AI-presence part (0.2, decision 045); absent: its 20% was redistributed. Two
   * runs whose overalls are not made the same way are not compared by it (no "drop" from the change).
   */
  presenceInTotal?: boolean
}

export type Alert =
  | { kind: 'score-drop'; metric: keyof RunScores; from: number; to: number }
  | { kind: 'new-failure'; id: string; title: { pt: string; en: string } }
  | { kind: 'mention-lost'; model: string }
  | CwvCrossedAlert

/** A drop of this many points or more is an alert (issue #19). */
const SCORE_DROP_ALERT = 5

/** Findings that always deserve an alert when they start failing, whatever their impact label. */
const ALWAYS = new Set([
  'is-crawlable',
  'http-status-code',
  'aio-robots-search',
  'aio-robots-user',
  'canonical',
])

export function compareRuns(previous: RunSnapshot | null, current: RunSnapshot): Alert[] {
  if (!previous) return []
  const alerts: Alert[] = []
  for (const metric of Object.keys(current.scores) as (keyof RunScores)[]) {
    const from = previous.scores[metric]
    const to = current.scores[metric]
    if (metric === 'totalScore' && Boolean(previous.presenceInTotal) !== Boolean(current.presenceInTotal))
      continue
    if (from !== null && to !== null && from - to >= SCORE_DROP_ALERT)
      alerts.push({ kind: 'score-drop', metric, from, to })
  }
  const before = new Set(previous.failing.map((f) => f.id))
  for (const f of current.failing) {
    if (before.has(f.id)) continue
    if (f.impact === 'high' || ALWAYS.has(f.id))
      alerts.push({ kind: 'new-failure', id: f.id, title: f.title })
  }
  if (previous.mentionedBy && current.mentionedBy) {
    for (const model of previous.mentionedBy) {
      if (!current.mentionedBy.includes(model)) alerts.push({ kind: 'mention-lost', model })
    }
  }
  alerts.push(...compareField(previous.field, current.field))
  return alerts
}

const METRIC: Record<keyof RunScores, { pt: string; en: string }> = {
  seoScore: { pt: 'SEO (desktop)', en: 'SEO (desktop)' },
  seoMobileScore: { pt: 'SEO (mobile)', en: 'SEO (mobile)' },
  aioScore: { pt: 'Otimização para IA', en: 'AI optimisation' },
  llmScore: { pt: 'Presença em IA', en: 'AI presence' },
  directoryScore: { pt: 'Diretórios locais', en: 'Local directories' },
  totalScore: { pt: 'Pontuação global', en: 'Overall score' },
}

/** One line per alert, in the reader's language (email and the suite's list). */
export function describeAlert(alert: Alert, lang: Lang): string {
  switch (alert.kind) {
    case 'score-drop':
      return lang === 'pt'
        ? `${METRIC[alert.metric].pt} desceu de ${alert.from} para ${alert.to} (−${alert.from - alert.to} pontos).`
        : `${METRIC[alert.metric].en} fell from ${alert.from} to ${alert.to} (−${alert.from - alert.to} points).`
    case 'new-failure':
      return lang === 'pt' ? `Novo problema: ${alert.title.pt}.` : `New problem: ${alert.title.en}.`
    case 'mention-lost':
      return lang === 'pt'
        ? `${alert.model} deixou de mencionar a sua marca.`
        : `${alert.model} no longer mentions your brand.`
    case 'cwv-crossed':
      return describeCwvAlert(alert, lang)
  }
}
