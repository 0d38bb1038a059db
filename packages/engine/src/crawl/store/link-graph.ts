// PageRank over a crawl's link graph held as typed arrays of page positions (issue #28): the page store
// reads the graph as integers (store.ts readLinkGraph) and this computes the inlink counts and link
// scores by the engine's rules (checks/link-score.ts), without a row object per page or link.

import { pageRankOver } from '../checks/link-score.ts'

/** A page's flags in a LinkGraph. */
export const PAGE_OK = 1
export const PAGE_NOFOLLOW = 2
export const PAGE_REDIRECT = 4

/**
 * A crawl's link graph as compact typed arrays of positions (a page's position is its rank by id): about
 * 13 bytes a page and 8 a link, never a page row. Links are the internal links between two pages of the
 * crawl whose URLs differ, one per (source, target).
 */
export interface LinkGraph {
  /** Page id by position. */
  ids: Float64Array
  /** PAGE_OK (answered 200), PAGE_NOFOLLOW, PAGE_REDIRECT (3xx with a Location) by position. */
  flags: Uint8Array
  /** Where a redirect points, by position: a position, or -1 for a URL the crawl has no row for. */
  redirect: Int32Array
  linkSource: Int32Array
  linkTarget: Int32Array
  /** Whether any link from source to target is followable (1) or all are nofollow (0). */
  linkFollowed: Uint8Array
  links: number
}

/**
 * Inlink counts and link scores, by the engine's rules (checks/link-score.ts): nodes are the pages that
 * answered 200, in id order (the crawl's order); a page's followable internal links (not on a nofollow
 * page) count once per final target, a link to a redirect counts for where the redirects end (never a
 * loop, never a URL without a row), self-links do not count. Sources are visited in node order and each
 * target's share is added in that order, as the engine does, so the sums are the same to the last bit.
 * `scores` is -1 for a page that is not a node; `inlinks` counts every internal link to the page and to
 * the URLs whose redirects end at it (not from the page itself).
 */
export function linkScoresOf(graph: LinkGraph, iterations = 40): { inlinks: Int32Array; scores: Int32Array } {
  const { flags, redirect, linkSource, linkTarget, linkFollowed, links } = graph
  const pages = flags.length
  const inlinks = new Int32Array(pages)
  const scores = new Int32Array(pages).fill(-1)
  // Node index by position (-1: not a node).
  const node = new Int32Array(pages).fill(-1)
  let n = 0
  for (let k = 0; k < pages; k++) if (flags[k]! & PAGE_OK) node[k] = n++
  // Where following redirects from a position ends (-2: not yet known, -1: a loop or an unknown URL).
  const finals = new Int32Array(pages).fill(-2)
  const finalOf = (start: number): number => {
    if (!(flags[start]! & PAGE_REDIRECT)) return start
    if (finals[start] !== -2) return finals[start]!
    const seen = new Set([start])
    let cur = start
    let end = -1
    for (;;) {
      const next = redirect[cur]!
      if (next < 0 || seen.has(next)) break
      if (!(flags[next]! & PAGE_REDIRECT)) {
        end = next
        break
      }
      seen.add(next)
      cur = next
    }
    finals[start] = end
    return end
  }
  // Candidate edges by source node (counting sort into CSR), then each source's targets sorted and made unique.
  const degree = new Int32Array(n + 1)
  const edgeSource = new Int32Array(links)
  const edgeTarget = new Int32Array(links)
  let candidates = 0
  for (let e = 0; e < links; e++) {
    const s = linkSource[e]!
    const t = linkTarget[e]!
    inlinks[t]! += 1
    const d = finalOf(t)
    // A link to a URL whose redirects end at a page is an inlink of that page too (SiteIndex.linked).
    if (d >= 0 && d !== t && d !== s) inlinks[d]! += 1
    if (!linkFollowed[e] || (flags[s]! & (PAGE_OK | PAGE_NOFOLLOW)) !== PAGE_OK) continue
    if (d < 0 || d === s || node[d]! < 0) continue
    edgeSource[candidates] = node[s]!
    edgeTarget[candidates] = node[d]!
    degree[node[s]! + 1]! += 1
    candidates++
  }
  for (let i = 0; i < n; i++) degree[i + 1]! += degree[i]!
  const start = degree.slice(0, n)
  const targets = new Int32Array(candidates)
  const fill = start.slice()
  for (let e = 0; e < candidates; e++) targets[fill[edgeSource[e]!]!++] = edgeTarget[e]!
  const outDegree = new Int32Array(n)
  for (let i = 0; i < n; i++) {
    const from = start[i]!
    const list = targets.subarray(from, degree[i + 1]!).sort()
    let unique = 0
    for (let j = 0; j < list.length; j++) if (j === 0 || list[j] !== list[j - 1]) list[unique++] = list[j]!
    outDegree[i] = unique
  }
  if (n === 0) return { inlinks, scores }
  const rank = pageRankOver(start, outDegree, targets, iterations)
  let low = Number.POSITIVE_INFINITY
  let high = Number.NEGATIVE_INFINITY
  for (const r of rank) {
    low = Math.min(low, Math.log(r))
    high = Math.max(high, Math.log(r))
  }
  for (let k = 0; k < pages; k++) {
    const i = node[k]!
    if (i < 0) continue
    scores[k] = high - low < 1e-12 ? 100 : Math.round((100 * (Math.log(rank[i]!) - low)) / (high - low))
  }
  return { inlinks, scores }
}
