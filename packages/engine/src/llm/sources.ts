import { redirectTarget } from '../fetch/fetcher.ts'
import type { GuardOptions } from '../fetch/guard.ts'

// Sources an answer cites, normalised: the real page's URL and its host. Gemini's grounding chunks point at
// `vertexaisearch.cloud.google.com/grounding-api-redirect/…`, a redirect that hides the page; we follow one
// hop (without reading the page) to learn where it leads, so "is the site cited?" can be answered.
export interface AnswerSource {
  url: string
  title: string | undefined
  /** Lower-case host without `www.`; '' when the URL does not parse. */
  host: string
}

export function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '')
  } catch {
    return ''
  }
}

export function isGroundingRedirect(url: string): boolean {
  return url.includes('/grounding-api-redirect/')
}

/**
 * Resolves each grounding redirect to its `Location` (one GET, not followed, 5 s each, at most 4 at once)
 * through the SSRF-guarded fetcher: the URL comes from a provider's answer, which nobody at Farol controls,
 * so it gets the rules of any outside URL. The page behind it is never fetched. When resolution fails (a
 * refused address included) the source keeps the redirect URL and takes its host from the title, which
 * Gemini sets to the page's domain.
 */
export async function resolveGroundingRedirects(
  sources: { url: string; title?: string | undefined }[],
  opts: GuardOptions & { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<AnswerSource[]> {
  const out: AnswerSource[] = new Array(sources.length)
  let next = 0
  const worker = async () => {
    while (next < sources.length) {
      const i = next++
      const s = sources[i] as { url: string; title?: string | undefined }
      let url = s.url
      if (isGroundingRedirect(url)) {
        try {
          url = (await redirectTarget(url, opts)) ?? url
        } catch {
          // keep the redirect; the title still names the domain
        }
      }
      const titleHost = s.title && /^[\w.-]+\.[a-z]{2,}$/i.test(s.title) ? s.title.toLowerCase() : ''
      const host = isGroundingRedirect(url) ? titleHost.replace(/^www\./, '') : hostOf(url)
      out[i] = { url, title: s.title, host }
    }
  }
  await Promise.all(Array.from({ length: Math.min(4, sources.length) }, worker))
  return out
}

/** Keeps the first occurrence of each URL (providers repeat a page once per citation). */
export function dedupeSources(sources: AnswerSource[]): AnswerSource[] {
  const seen = new Set<string>()
  return sources.filter((s) => {
    if (seen.has(s.url)) return false
    seen.add(s.url)
    return true
  })
}
