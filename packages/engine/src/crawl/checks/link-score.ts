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
  // The same iteration as the page store's (store/link-graph.ts), over the targets laid end to end.
  const start = new Int32Array(n)
  const outDegree = new Int32Array(n)
  const flat = new Int32Array(out.reduce((sum, targets) => sum + targets.length, 0))
  let at = 0
  for (let i = 0; i < n; i++) {
    start[i] = at
    outDegree[i] = out[i]!.length
    flat.set(out[i]!, at)
    at += out[i]!.length
  }
  const rank = pageRankOver(start, outDegree, flat, iterations)
  return new Map(nodes.map((p, i) => [p.url, rank[i]!]))
}

/**
 * PageRank over n pages whose followable links are `targets[start[i] .. start[i] + outDegree[i])` (each
 * source's targets unique): raw ranks summing to 1. The engine's checks and the page store both call it.
 */
export function pageRankOver(
  start: Int32Array,
  outDegree: Int32Array,
  targets: Int32Array,
  iterations: number,
): Float64Array {
  const n = start.length
  let rank = new Float64Array(n).fill(1 / n)
  for (let iter = 0; iter < iterations; iter++) {
    const next = new Float64Array(n).fill((1 - DAMPING) / n)
    let dangling = 0
    for (let i = 0; i < n; i++) {
      const count = outDegree[i]!
      if (count === 0) dangling += rank[i]!
      else {
        const from = start[i]!
        for (let j = from; j < from + count; j++) next[targets[j]!]! += (DAMPING * rank[i]!) / count
      }
    }
    // A page without links passes its rank to every page, as in the original formulation.
    for (let i = 0; i < n; i++) next[i]! += (DAMPING * dangling) / n
    rank = next
  }
  return rank
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
