// The site's robots.txt as the log analytics read it (uploads and scheduled reads).
import { fetchText } from '@farol/engine/fetch/fetcher.ts'

/**
 * The site's robots.txt now, to count hits on paths it disallows (through the SSRF guard, 5 s at most):
 * a 4xx means everything is allowed (''), no answer means unknown (null: the page shows –).
 */
export async function siteRobots(siteUrl: string, allowPrivate: boolean): Promise<string | null> {
  const robots = await fetchText(new URL('/robots.txt', siteUrl).href, {
    allowPrivate,
    totalTimeoutMs: 5000,
    connectTimeoutMs: 3000,
    firstByteTimeoutMs: 4000,
  }).catch(() => null)
  if (!robots) return null
  if (robots.status !== null && robots.status >= 400 && robots.status < 500) return ''
  return robots.content
}
