// The field data of one page for one form factor: the URL's own CrUX record, or its origin's when the URL
// has too few visits (the record says which), with the weekly history of the same identifier.
import {
  CRUX_METRICS,
  type CruxClient,
  type CruxHistoryResponse,
  type CruxIdentifier,
  type CruxRecordResponse,
  cruxNumber,
  cruxPeriod,
} from './crux.ts'
import { cwvVerdict, rateField } from './thresholds.ts'
import type { FieldHistory, FieldMetric, FieldMetricId, FieldRecord, FormFactor } from './types.ts'

const METRIC_IDS = Object.keys(CRUX_METRICS) as FieldMetricId[]

/** The origin CrUX aggregates a URL under (scheme, host and port). */
export function originOf(url: string): string {
  return new URL(url).origin
}

/**
 * Asks for the URL first and falls back to its origin; null when CrUX has neither. History is asked for the
 * identifier that answered, so chart and card describe the same thing.
 */
export async function fetchFieldRecord(
  client: CruxClient,
  url: string,
  formFactor: FormFactor,
): Promise<FieldRecord | null> {
  let id: CruxIdentifier = { url }
  let scope: FieldRecord['scope'] = 'url'
  let record = await client.queryRecord(id, formFactor)
  if (!record) {
    id = { origin: originOf(url) }
    scope = 'origin'
    record = await client.queryRecord(id, formFactor)
  }
  if (!record) return null
  const history = await client.queryHistoryRecord(id, formFactor)
  return toFieldRecord(record, history, formFactor, scope)
}

export function toFieldRecord(
  response: CruxRecordResponse,
  history: CruxHistoryResponse | null,
  formFactor: FormFactor,
  scope: FieldRecord['scope'],
): FieldRecord {
  const { record } = response
  const metrics: FieldRecord['metrics'] = {}
  for (const id of METRIC_IDS) {
    const metric = toFieldMetric(id, record.metrics[CRUX_METRICS[id]])
    if (metric) metrics[id] = metric
  }
  const p75: Partial<Record<FieldMetricId, number>> = {}
  for (const [id, m] of Object.entries(metrics)) p75[id as FieldMetricId] = m.p75
  return {
    formFactor,
    scope,
    key:
      scope === 'url'
        ? (response.urlNormalizationDetails?.normalizedUrl ?? record.key.url ?? '')
        : (record.key.origin ?? ''),
    collectionPeriod: cruxPeriod(record.collectionPeriod),
    metrics,
    verdict: cwvVerdict(p75),
    history: history ? toFieldHistory(history) : null,
  }
}

function toFieldMetric(
  id: FieldMetricId,
  raw: CruxRecordResponse['record']['metrics'][string] | undefined,
): FieldMetric | null {
  const p75 = cruxNumber(raw?.percentiles?.p75)
  if (!raw || p75 === null) return null
  const density = (i: number) => cruxNumber(raw.histogram?.[i]?.density) ?? 0
  return {
    p75,
    rating: rateField(id, p75),
    distribution: { good: density(0), needsImprovement: density(1), poor: density(2) },
  }
}

export function toFieldHistory(response: CruxHistoryResponse): FieldHistory {
  const { record } = response
  const periods = (record.collectionPeriods ?? []).map(cruxPeriod)
  const p75s: FieldHistory['p75s'] = {}
  for (const id of METRIC_IDS) {
    const series = record.metrics[CRUX_METRICS[id]]?.percentilesTimeseries?.p75s
    if (series) p75s[id] = periods.map((_, i) => cruxNumber(series[i]))
  }
  return { periods, p75s }
}
