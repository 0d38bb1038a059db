// Real users' Core Web Vitals in monitoring: each run keeps the CrUX p75 of LCP, INP and CLS per device
// (from its SEO tasks' field data), and a p75 that crossed one of Google's thresholds for the worse since
// the previous run is an alert (a page leaving "good" is what costs it in Google's ranking). Pure.
import { CORE_WEB_VITALS, crossedThreshold, type FieldMetricId, type FieldRating } from '@farol/engine'
import type { Lang } from '../../platform/errors.ts'

type Device = 'desktop' | 'mobile'

/** p75 per Core Web Vital and device; null for a device without field data in that run. */
export type FieldSnapshot = Record<Device, Partial<Record<FieldMetricId, number>> | null>

export interface CwvCrossedAlert {
  kind: 'cwv-crossed'
  device: Device
  metric: FieldMetricId
  from: number
  to: number
  fromRating: FieldRating
  toRating: FieldRating
}

export interface FieldLike {
  status?: string
  record?: { metrics?: Partial<Record<FieldMetricId, { p75?: number }>> }
}

function p75s(field: FieldLike | null | undefined): FieldSnapshot[Device] {
  if (field?.status !== 'ok' || !field.record?.metrics) return null
  const values: Partial<Record<FieldMetricId, number>> = {}
  for (const metric of CORE_WEB_VITALS) {
    const p75 = field.record.metrics[metric]?.p75
    if (typeof p75 === 'number') values[metric] = p75
  }
  return values
}

export function fieldSnapshot(
  desktop: { field?: FieldLike } | null,
  mobile: { field?: FieldLike } | null,
): FieldSnapshot {
  return { desktop: p75s(desktop?.field), mobile: p75s(mobile?.field) }
}

export function compareField(previous: FieldSnapshot | undefined, current: FieldSnapshot | undefined) {
  const alerts: CwvCrossedAlert[] = []
  for (const device of ['mobile', 'desktop'] as const) {
    const before = previous?.[device]
    const after = current?.[device]
    if (!before || !after) continue
    for (const metric of CORE_WEB_VITALS) {
      const from = before[metric]
      const to = after[metric]
      if (from === undefined || to === undefined) continue
      const crossed = crossedThreshold(metric, from, to)
      if (crossed?.worse)
        alerts.push({
          kind: 'cwv-crossed',
          device,
          metric,
          from,
          to,
          fromRating: crossed.from,
          toRating: crossed.to,
        })
    }
  }
  return alerts
}

const RATING: Record<FieldRating, { pt: string; en: string }> = {
  good: { pt: 'bom', en: 'good' },
  'needs-improvement': { pt: 'a melhorar', en: 'needs improvement' },
  poor: { pt: 'fraco', en: 'poor' },
}
const DEVICE: Record<Device, { pt: string; en: string }> = {
  desktop: { pt: 'computador', en: 'desktop' },
  mobile: { pt: 'telemóvel', en: 'mobile' },
}

function value(metric: FieldMetricId, v: number, lang: Lang): string {
  const locale = lang === 'pt' ? 'pt-PT' : 'en-GB'
  if (metric === 'cls')
    return v.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
  if (metric === 'inp') return `${Math.round(v)} ms`
  return `${(v / 1000).toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} s`
}

export function describeCwvAlert(alert: CwvCrossedAlert, lang: Lang): string {
  const name = alert.metric.toUpperCase()
  const from = `${RATING[alert.fromRating][lang]} (${value(alert.metric, alert.from, lang)})`
  const to = `${RATING[alert.toRating][lang]} (${value(alert.metric, alert.to, lang)})`
  return lang === 'pt'
    ? `${name} dos utilizadores reais (${DEVICE[alert.device].pt}) passou de ${from} para ${to}.`
    : `Real-user ${name} (${DEVICE[alert.device].en}) went from ${from} to ${to}.`
}
