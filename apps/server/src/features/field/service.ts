// Field data for an analysis task: the CrUX record for the page and the task's device (phone for mobile,
// desktop for desktop), from today's cache or from the API through the install's limiter; with the
// lab-vs-field findings when the lab run disagrees. Never throws: a refusal becomes the result's 'error'.
import {
  createCruxClient,
  engineErrors,
  type FieldRecord,
  type FieldResult,
  type FormFactor,
  fetchFieldRecord,
  isEngineError,
  type LighthouseDevice,
  labFieldFindings,
  type SeoResult,
} from '@farol/engine'
import { and, eq } from 'drizzle-orm'
import type { Config } from '../../platform/config.ts'
import type { Db } from '../../platform/db/database.ts'
import { cruxCache } from '../../platform/db/schema.ts'
import type { Logger } from '../../platform/log.ts'
import { cruxLimiter } from './limiter.ts'

export interface FieldDeps {
  db: Db
  config: Config
  log: Logger
}

const FIELD_TIMEOUT_MS = 90_000

const formFactorOf = (device: LighthouseDevice): FormFactor => (device === 'mobile' ? 'PHONE' : 'DESKTOP')

/** CrUX publishes a new 28-day window each day: one lookup per URL, form factor and UTC day. */
async function fieldRecordFor(
  deps: FieldDeps,
  url: string,
  formFactor: FormFactor,
  signal?: AbortSignal,
): Promise<FieldRecord | null> {
  const crux = deps.config.crux!
  const day = new Date().toISOString().slice(0, 10)
  const key = and(eq(cruxCache.url, url), eq(cruxCache.formFactor, formFactor), eq(cruxCache.day, day))
  const [cached] = await deps.db.select({ record: cruxCache.record }).from(cruxCache).where(key)
  if (cached) return cached.record as FieldRecord | null
  const client = createCruxClient({
    apiKey: crux.apiKey,
    baseUrl: crux.url,
    acquire: cruxLimiter(deps.db, signal ? { signal } : {}).acquire,
    ...(signal ? { signal } : {}),
  })
  const record = await fetchFieldRecord(client, url, formFactor)
  await deps.db
    .insert(cruxCache)
    .values({ url, formFactor, day, record })
    .onConflictDoUpdate({
      target: [cruxCache.url, cruxCache.formFactor, cruxCache.day],
      set: { record, fetchedAt: new Date() },
    })
  return record
}

export async function fieldResultFor(
  deps: FieldDeps,
  url: string,
  device: LighthouseDevice,
  lab: SeoResult | null,
  signal?: AbortSignal,
): Promise<FieldResult> {
  // No key: nothing is guessed from the lab run; the page says what field data needs.
  if (!deps.config.crux) return { status: 'no-key' }
  const formFactor = formFactorOf(device)
  // A hung API must not hold the Lighthouse queue: room for one spent minute of budget, then give up.
  const limit = AbortSignal.timeout(FIELD_TIMEOUT_MS)
  try {
    const record = await fieldRecordFor(
      deps,
      url,
      formFactor,
      signal ? AbortSignal.any([signal, limit]) : limit,
    )
    if (!record) return { status: 'no-data', formFactor }
    return { status: 'ok', record, findings: labFieldFindings(lab, record) }
  } catch (error) {
    deps.log.warn({ url, formFactor, err: error }, 'CrUX field data failed')
    const code = isEngineError(error) ? error.code : 'CRUX_ERROR'
    const known = code in engineErrors ? (code as keyof typeof engineErrors) : 'CRUX_ERROR'
    return { status: 'error', code: known, message: { ...engineErrors[known] } }
  }
}
