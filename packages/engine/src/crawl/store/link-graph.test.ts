// The page store's PageRank (link-graph.ts) gives the in-memory checks' link scores and inlink counts on
// random crawls with everything that bends the rules: redirects (chains, loops, to unknown URLs, to
// themselves), nofollow pages and links, self-links, the same target twice, links to unknown URLs.
import { describe, expect, it } from 'vitest'
import { linkScores } from '../checks/link-score.ts'
import { buildIndex } from '../checks/site-index.ts'
import type { CrawlPage } from '../types.ts'
import { type LinkGraph, linkScoresOf, PAGE_NOFOLLOW, PAGE_OK, PAGE_REDIRECT } from './link-graph.ts'

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

const url = (i: number) => `https://s.test/${i}`

function randomCrawl(seed: number, n: number): CrawlPage[] {
  const r = random(seed)
  const pick = () => Math.floor(r() * n)
  return Array.from({ length: n }, (_, i): CrawlPage => {
    const roll = r()
    const status = i === 0 ? 200 : roll < 0.12 ? 301 : roll < 0.18 ? 404 : roll < 0.2 ? 302 : 200
    // Redirects: to a page, to themselves, to a URL never fetched, or without a Location.
    const way = r()
    const redirectTo =
      status === 301 ? (way < 0.8 ? url(pick()) : way < 0.9 ? url(i) : 'https://s.test/unknown') : null
    const links =
      status === 200
        ? Array.from({ length: Math.floor(r() * 8) }, () => {
            const kind = r()
            return {
              url: kind < 0.05 ? url(i) : kind < 0.1 ? 'https://s.test/never' : url(pick()),
              text: 'x',
              nofollow: r() < 0.1,
              internal: r() > 0.05,
            }
          })
        : []
    return {
      url: url(i),
      depth: 0,
      source: 'link',
      status,
      blockedByRobots: false,
      error: null,
      redirectTo,
      contentType: 'text/html',
      title: null,
      description: null,
      h1: null,
      canonical: null,
      noindex: false,
      nofollow: status === 200 && r() < 0.05,
      hreflang: [],
      links,
      contentHash: null,
      minhash: null,
      wordCount: 0,
      bytes: 0,
      firstByteMs: null,
      totalMs: null,
      indexable: status === 200,
      fetchedAt: new Date(0).toISOString(),
    }
  })
}

/** The graph as the store reads it: positions in crawl order, one link per (source, target) between pages. */
function graphOf(pages: CrawlPage[]): LinkGraph {
  const position = new Map(pages.map((p, k) => [p.url, k]))
  const flags = Uint8Array.from(
    pages,
    (p) =>
      (p.status === 200 ? PAGE_OK : 0) |
      (p.nofollow ? PAGE_NOFOLLOW : 0) |
      (p.status! >= 300 && p.status! < 400 && p.redirectTo ? PAGE_REDIRECT : 0),
  )
  const redirect = Int32Array.from(pages, (p) => (p.redirectTo ? (position.get(p.redirectTo) ?? -1) : -1))
  const links = new Map<string, { s: number; t: number; followed: boolean }>()
  pages.forEach((p, s) => {
    for (const l of p.links) {
      const t = position.get(l.url)
      if (!l.internal || t === undefined || l.url === p.url) continue
      const known = links.get(`${s} ${t}`)
      if (known) known.followed ||= !l.nofollow
      else links.set(`${s} ${t}`, { s, t, followed: !l.nofollow })
    }
  })
  const list = [...links.values()]
  return {
    ids: Float64Array.from(pages, (_, k) => 1000 + k),
    flags,
    redirect,
    linkSource: Int32Array.from(list, (l) => l.s),
    linkTarget: Int32Array.from(list, (l) => l.t),
    linkFollowed: Uint8Array.from(list, (l) => (l.followed ? 1 : 0)),
    links: list.length,
  }
}

describe('linkScoresOf', () => {
  it.each([1, 2, 3, 4, 5, 6])('equals the in-memory link scores and inlinks (random crawl %i)', (seed) => {
    const pages = randomCrawl(seed, 300)
    const index = buildIndex({ startUrl: url(0), pages, sitemapUrls: [] } as never)
    const { inlinks, scores } = linkScoresOf(graphOf(pages))
    const expected = linkScores(index)
    expect(expected.size).toBeGreaterThan(200)
    const actual = new Map<string, number>()
    pages.forEach((p, k) => {
      if (scores[k]! >= 0) actual.set(p.url, scores[k]!)
    })
    expect(actual).toEqual(expected)
    expect(Object.fromEntries(pages.map((p, k) => [p.url, inlinks[k]]))).toEqual(
      Object.fromEntries(pages.map((p) => [p.url, index.linked.get(p.url)?.length ?? 0])),
    )
  })

  it('follows redirects to where they end, never through a loop or to a URL without a row', () => {
    // 0 links 1 (301 -> 2 -> 200) and 3 (301 -> 4 -> 3: a loop) and 5 (301 -> unknown).
    const graph: LinkGraph = {
      ids: Float64Array.from([10, 11, 12, 13, 14, 15]),
      flags: Uint8Array.from([PAGE_OK, PAGE_REDIRECT, PAGE_OK, PAGE_REDIRECT, PAGE_REDIRECT, PAGE_REDIRECT]),
      redirect: Int32Array.from([-1, 2, -1, 4, 3, -1]),
      linkSource: Int32Array.from([0, 0, 0]),
      linkTarget: Int32Array.from([1, 3, 5]),
      linkFollowed: Uint8Array.from([1, 1, 1]),
      links: 3,
    }
    const { inlinks, scores } = linkScoresOf(graph)
    // Page 2 gets page 0's rank through the redirect: the best-linked page; the redirects are not nodes.
    expect([...scores]).toEqual([0, -1, 100, -1, -1, -1])
    // Page 2's inlink is page 0's link to 1, through the redirect; the loop and the unknown URL give none.
    expect([...inlinks]).toEqual([0, 1, 1, 1, 0, 1])
  })
})
