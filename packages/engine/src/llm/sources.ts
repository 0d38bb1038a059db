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
 * Resolves each grounding redirect to its `Location` (GET with `redirect: 'manual'`, 5 s each, at most 4
 * at once). The redirect service is the provider's (like its base URL), so it is not SSRF-guarded; the page
 * behind it is never fetched. When resolution fails the source keeps the redirect URL and takes its host
 * from the title, which Gemini sets to the page's domain.
 */
export async function resolveGroundingRedirects(
  sources: { url: string; title?: string | undefined }[],
  opts: { fetch?: typeof fetch; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<AnswerSource[]> {
  const doFetch = opts.fetch ?? fetch
  const out: AnswerSource[] = new Array(sources.length)
  let next = 0
  const worker = async () => {
    while (next < sources.length) {
      const i = next++
      const s = sources[i] as { url: string; title?: string | undefined }
      let url = s.url
      if (isGroundingRedirect(url)) {
        try {
          const signal = AbortSignal.any(
            [AbortSignal.timeout(opts.timeoutMs ?? 5000), opts.signal].filter((x) => x !== undefined),
          )
          const res = await doFetch(url, { method: 'GET', redirect: 'manual', signal })
          const location = res.headers.get('location')
          await res.body?.cancel()
          if (location) url = new URL(location, url).toString()
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
