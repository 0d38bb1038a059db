// How a task's raw Lighthouse result is kept in task_lighthouse.lhr. The LHR is ~0.5-1 MB of JSON, most
// of it base64 screenshots; the embedded database (PGlite) parses jsonb on the main thread, and a
// document that size held the event loop for 30-100 ms per task. Gzipped and base64-encoded in one
// string it is ~4 times smaller and parses in a few milliseconds. Rows written before hold the plain LHR.
import { gunzipSync, gzipSync } from 'node:zlib'

interface StoredLighthouseResult {
  encoding: 'gzip+base64'
  data: string
}

/** JSON text for the jsonb column; call it off the main thread (audit threads do). */
export function encodeLighthouseResult(lhr: unknown): string {
  const stored: StoredLighthouseResult = {
    encoding: 'gzip+base64',
    data: gzipSync(JSON.stringify(lhr)).toString('base64'),
  }
  return JSON.stringify(stored)
}

/** The LHR from the column's value, whichever way it was stored. */
export function decodeLighthouseResult(value: unknown): unknown {
  const stored = value as Partial<StoredLighthouseResult> | null
  if (stored?.encoding === 'gzip+base64' && typeof stored.data === 'string') {
    return JSON.parse(gunzipSync(Buffer.from(stored.data, 'base64')).toString('utf8'))
  }
  return value
}
