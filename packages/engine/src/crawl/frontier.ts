// The frontier: which URLs are known, which are being fetched, which are done (with their rows). An
// interface, so the CLI keeps it in memory and the server in PostgreSQL (apps/server/src/site-audit),
// where leases let a killed crawl resume and several workers share one crawl.
import type { CrawlPage, FrontierEntry } from './types.ts'

export interface FrontierCounts {
  done: number
  pending: number
  leased: number
}

export interface Frontier {
  /** Adds URLs not known yet; a known pending URL without depth takes the new depth. Idempotent. */
  add(entries: readonly FrontierEntry[]): Promise<void>
  /**
   * Up to `max` URLs to fetch now, shallowest first. Breadth-first exactness: URLs at depth d are only
   * handed out once no URL shallower than d is pending or being fetched, so a URL's depth is final the
   * first time it is seen. Never more than `maxPages` URLs leased or done in all.
   */
  lease(max: number, maxPages: number): Promise<FrontierEntry[]>
  /** Stores the URL's row and marks it done. Storing the same row twice changes nothing. */
  complete(page: CrawlPage): Promise<void>
  counts(): Promise<FrontierCounts>
  addSitemapUrls(urls: readonly string[]): Promise<void>
  pages(): Promise<CrawlPage[]>
  sitemapUrls(): Promise<string[]>
}

const depthKey = (depth: number | null) => (depth === null ? Number.POSITIVE_INFINITY : depth)

/** In memory, for the CLI and tests: one map of entries and one queue per depth. */
export class MemoryFrontier implements Frontier {
  private readonly known = new Map<string, FrontierEntry>()
  /** Pending URLs per depth key (Infinity for sitemap-only URLs); insertion order within a depth. */
  private readonly queues = new Map<number, Set<string>>()
  private readonly leased = new Map<string, FrontierEntry>()
  private readonly leasedDepths = new Map<number, number>()
  private readonly done = new Map<string, CrawlPage>()
  private readonly sitemap = new Set<string>()

  private queue(depth: number): Set<string> {
    let q = this.queues.get(depth)
    if (!q) {
      q = new Set()
      this.queues.set(depth, q)
    }
    return q
  }

  async add(entries: readonly FrontierEntry[]): Promise<void> {
    for (const entry of entries) {
      const existing = this.known.get(entry.url)
      if (!existing) {
        this.known.set(entry.url, entry)
        this.queue(depthKey(entry.depth)).add(entry.url)
      } else if (
        existing.depth === null &&
        entry.depth !== null &&
        this.queues.get(Infinity)?.has(entry.url)
      ) {
        // A sitemap URL reached by a link before it was fetched: it gets its link depth.
        this.queues.get(Infinity)!.delete(entry.url)
        this.known.set(entry.url, { ...entry })
        this.queue(entry.depth).add(entry.url)
      }
    }
  }

  async lease(max: number, maxPages: number): Promise<FrontierEntry[]> {
    const out: FrontierEntry[] = []
    const room = Math.min(max, maxPages - this.done.size - this.leased.size)
    if (room <= 0) return out
    const pendingDepths = [...this.queues.keys()].filter((d) => this.queues.get(d)!.size > 0)
    if (pendingDepths.length === 0) return out
    const depth = Math.min(...pendingDepths)
    for (const [leasedDepth, count] of this.leasedDepths) if (count > 0 && leasedDepth < depth) return out
    const q = this.queues.get(depth)!
    for (const url of q) {
      if (out.length >= room) break
      q.delete(url)
      const entry = this.known.get(url)!
      this.leased.set(url, entry)
      this.leasedDepths.set(depth, (this.leasedDepths.get(depth) ?? 0) + 1)
      out.push(entry)
    }
    return out
  }

  async complete(page: CrawlPage): Promise<void> {
    const entry = this.leased.get(page.url)
    if (entry) {
      this.leased.delete(page.url)
      const key = depthKey(entry.depth)
      this.leasedDepths.set(key, (this.leasedDepths.get(key) ?? 1) - 1)
    }
    this.done.set(page.url, page)
  }

  async counts(): Promise<FrontierCounts> {
    let pending = 0
    for (const q of this.queues.values()) pending += q.size
    return { done: this.done.size, pending, leased: this.leased.size }
  }

  async addSitemapUrls(urls: readonly string[]): Promise<void> {
    for (const url of urls) this.sitemap.add(url)
  }

  async pages(): Promise<CrawlPage[]> {
    return [...this.done.values()]
  }

  async sitemapUrls(): Promise<string[]> {
    return [...this.sitemap]
  }
}
