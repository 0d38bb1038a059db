// "Lighthouse on a sample": one page per URL template (Unlighthouse's sampling), so a site of 5,000
// product pages costs one Lighthouse run for the product template, not 5,000. Pure functions.

/**
 * A URL's template: its first path segment, then one `*` per deeper segment; the query is ignored.
 * `/blog/a-post` and `/blog/other` share `/blog/*`; `/about` stays `/about`; `/` stays `/`.
 */
export function urlTemplate(url: string): string {
  let path: string
  try {
    path = new URL(url).pathname
  } catch {
    return url
  }
  const segments = path.split('/').filter(Boolean)
  if (segments.length <= 1) return path
  return `/${segments[0]}/${segments
    .slice(1)
    .map(() => '*')
    .join('/')}${path.endsWith('/') ? '/' : ''}`
}

export interface SampleCandidate {
  url: string
  status: number | null
  indexable: boolean
  linkScore: number | null
}

export interface TemplateSample {
  template: string
  /** The template's best-linked indexable page. */
  url: string
  /** Indexable pages sharing the template. */
  pages: number
}

/** Up to `max` samples, the templates with the most pages first (ties: the better-linked sample first). */
export function sampleByTemplate(pages: readonly SampleCandidate[], max = 10): TemplateSample[] {
  const groups = new Map<string, SampleCandidate[]>()
  for (const page of pages) {
    if (page.status !== 200 || !page.indexable) continue
    const key = urlTemplate(page.url)
    const group = groups.get(key)
    if (group) group.push(page)
    else groups.set(key, [page])
  }
  const samples = [...groups].map(([template, group]) => {
    const best = [...group].sort(
      (a, b) => (b.linkScore ?? -1) - (a.linkScore ?? -1) || a.url.localeCompare(b.url),
    )[0]!
    return { template, url: best.url, pages: group.length, score: best.linkScore ?? -1 }
  })
  samples.sort((a, b) => b.pages - a.pages || b.score - a.score || a.template.localeCompare(b.template))
  return samples.slice(0, max).map(({ template, url, pages }) => ({ template, url, pages }))
}
