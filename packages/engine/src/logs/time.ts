// Timestamps as the formats write them, to epoch ms. Hand-written (not Date.parse) because the CLF form
// `10/Oct/2000:13:55:36 -0700` is not one Date.parse accepts, and because 10 million calls matter.

const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
}

const num = (s: string, from: number, len: number): number => {
  let n = 0
  for (let i = from; i < from + len; i++) {
    const c = s.charCodeAt(i) - 48
    if (c < 0 || c > 9) return Number.NaN
    n = n * 10 + c
  }
  return n
}

let lastClf = ''
let lastClfMs = Number.NaN
let lastMinute = ''
let lastOffset = ''
let lastMinuteMs = Number.NaN

/** `10/Oct/2000:13:55:36 -0700` (Apache %t without brackets, NGINX $time_local). NaN when malformed. */
export function parseClfTime(s: string): number {
  // Consecutive lines mostly share the second: one cached answer saves most of the work.
  if (s === lastClf) return lastClfMs
  // Same minute and offset as the last one parsed: only the seconds differ.
  if (lastMinute && s.length === 26 && s.startsWith(lastMinute) && s.endsWith(lastOffset)) {
    const sec = num(s, 18, 2)
    if (sec >= 0 && sec < 60) return lastMinuteMs + sec * 1000
  }
  if (s.length < 26 || s[2] !== '/' || s[6] !== '/' || s[11] !== ':') return Number.NaN
  const month = MONTHS[s.slice(3, 6)]
  if (month === undefined) return Number.NaN
  const day = num(s, 0, 2)
  const year = num(s, 7, 4)
  const h = num(s, 12, 2)
  const m = num(s, 15, 2)
  const sec = num(s, 18, 2)
  const sign = s[21] === '-' ? -1 : s[21] === '+' ? 1 : 0
  const offset = (num(s, 22, 2) * 60 + num(s, 24, 2)) * sign
  if (!sign) return Number.NaN
  const ms = Date.UTC(year, month, day, h, m, sec) - offset * 60_000
  lastClf = s
  lastClfMs = ms
  if (s.length === 26 && !Number.isNaN(ms)) {
    lastMinute = s.slice(0, 17)
    lastOffset = s.slice(20)
    lastMinuteMs = ms - sec * 1000
  }
  return ms
}

/** ISO 8601 / RFC 3339 (`2024-01-01T00:00:00Z`, with fraction or offset). */
export function parseIsoTime(s: string): number {
  return Date.parse(s)
}

/**
 * A JSON timestamp in any of the forms the vendors emit: RFC 3339 string, or a Unix number in seconds,
 * milliseconds or nanoseconds (Cloudflare's `unixnano` default, Vercel's milliseconds).
 */
export function parseAnyTime(v: unknown): number {
  if (typeof v === 'number') {
    if (v > 1e17) return Math.floor(v / 1e6) // nanoseconds
    if (v > 1e14) return Math.floor(v / 1e3) // microseconds
    if (v > 1e11) return v // milliseconds
    return v * 1000 // seconds
  }
  if (typeof v === 'string') {
    if (/^\d+(\.\d+)?$/.test(v)) return parseAnyTime(Number(v))
    const clf = parseClfTime(v.replace(/^\[|\]$/g, ''))
    if (!Number.isNaN(clf)) return clf
    return Date.parse(v)
  }
  return Number.NaN
}

/** `YYYY-MM-DD` of an epoch ms, in UTC. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}
