// Whether Lighthouse can run on this machine. Checked once at start (the log says how to install
// Chromium) and reused by /api/health and the worker, refreshed at most once a minute: `chromium
// --version` takes most of a second, too slow for every health probe or task.
import { type ChromiumStatus, chromiumStatus } from '@farol/engine'

const ttlMs = 60_000
let cached: { at: number; status: Promise<ChromiumStatus> } | null = null

export function chromiumHealth(now: number = Date.now()): Promise<ChromiumStatus> {
  if (!cached || now - cached.at > ttlMs) cached = { at: now, status: chromiumStatus() }
  return cached.status
}

/** For tests: forget the cached answer (e.g. after changing CHROME_PATH). */
export function resetChromiumHealth(): void {
  cached = null
}
