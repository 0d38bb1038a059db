// Internal link score: PageRank over the followable internal links between fetched pages (a link to a
// redirect counts for the redirect's destination), then log-scaled to 0-100 so the best-linked page is 100.
import type { CrawlPage } from '../types.ts'
import { followRedirects } from './redirects.ts'
import type { SiteIndex } from './site-index.ts'

export const DAMPING = 0.85

/** Raw PageRank (sums to 1) by URL over pages that answered 200. */
export function pageRank(index: SiteIndex, iterations = 40): Map<string, number> {
  const nodes = index.pages.filter((p) => p.status === 200)
  const position = new Map(nodes.map((p, i) => [p.url, i]))
  const n = nodes.length
  const out: number[][] = nodes.map(() => [])
  nodes.forEach((page: CrawlPage, i) => {
    if (page.nofollow) return
    const targets = new Set<number>()
    for (const link of page.links) {
      if (!link.internal || link.nofollow) continue
      const path = followRedirects(index, link.url)
      const j = position.get(path.chain[path.chain.length - 1]!)
      if (j !== undefined && j !== i && !path.loop) targets.add(j)
    }
    out[i] = [...targets]
  })
  let rank = new Float64Array(n).fill(1 / n)
  for (let iter = 0; iter < iterations; iter++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n)
    let dangling = 0
    for (let i = 0; i < n; i++) {
      const targets = out[i]!
      if (targets.length === 0) dangling += rank[i]!
      else for (const j of targets) next[j] = next[j]! + (DAMPING * rank[i]!) / targets.length
    }
    // A page without links passes its rank to every page, as in the original formulation.
    for (let i = 0; i < n; i++) next[i] = next[i]! + (DAMPING * dangling) / n
    rank = next
  }
  return new Map(nodes.map((p, i) => [p.url, rank[i]!]))
}

/** log-scaled 0-100: the lowest rank is 0, the highest 100 (all equal: all 100). */
export function linkScores(index: SiteIndex): Map<string, number> {
  const ranks = pageRank(index)
  const values = [...ranks.values()]
  if (values.length === 0) return new Map()
  const low = Math.log(Math.min(...values))
  const high = Math.log(Math.max(...values))
  const scores = new Map<string, number>()
  for (const [url, rank] of ranks) {
    scores.set(url, high - low < 1e-12 ? 100 : Math.round((100 * (Math.log(rank) - low)) / (high - low)))
  }
  return scores
}
