// The crawl's tables: one row per URL met (fetched, blocked or failed) and the sitemap's URL list. The
// site-wide checks are pure functions of these, so the CLI (in memory) and the server (PostgreSQL) share them.
import type { PaceReason } from './politeness.ts'

/** How a URL entered the crawl. Depth follows links only; sitemap-only URLs have depth null. */
export type UrlSource = 'start' | 'link' | 'redirect' | 'sitemap' | 'canonical' | 'hreflang'

export interface FrontierEntry {
  /** Normalised (normalize.ts). */
  url: string
  /** Clicks from the start URL, exact by breadth-first order; null when no link path is known. */
  depth: number | null
  source: UrlSource
  /** How many times a 429/503 answer sent it back to the queue. */
  attempt?: number
}

export interface PageLink {
  /** Normalised absolute target. */
  url: string
  /** Anchor text (or the image alt / aria-label when the text is empty). */
  text: string
  nofollow: boolean
  /** Same scope as the crawl (start host, or its subdomains when asked for). */
  internal: boolean
}

export interface HreflangLink {
  lang: string
  url: string
}

/** One URL's row. A redirect is its own row (status 3xx, `redirectTo`): each hop is recorded. */
export interface CrawlPage {
  url: string
  depth: number | null
  source: UrlSource
  /** HTTP status; null when nothing was fetched (blocked by robots.txt, network error). */
  status: number | null
  blockedByRobots: boolean
  /** Engine error code when the fetch failed (DNS_FAILURE, BLOCKED_ADDRESS, TOTAL_TIMEOUT, …). */
  error: string | null
  /** Normalised Location of a 3xx answer. */
  redirectTo: string | null
  contentType: string | null
  title: string | null
  description: string | null
  h1: string | null
  /** Normalised canonical URL (link element or Link header); null when none or ambiguous. */
  canonical: string | null
  /** The canonical's href when it names a scheme other than http(s) (`file:`, `javascript:`…): no search
   *  engine can open it, and `canonical` is then null. Absent in crawls stored before issue 28. */
  invalidCanonical?: string | null
  /** robots meta and X-Robots-Tag, generic and Googlebot rules together. */
  noindex: boolean
  nofollow: boolean
  hreflang: HreflangLink[]
  links: PageLink[]
  /** sha256 of the main text (hex); null for non-HTML. */
  contentHash: string | null
  /** MinHash signature of the main text's word 5-grams (minhash.ts, encodeSignature: base64 of 128
   *  values); null for non-HTML or empty text. */
  minhash: string | null
  /** The main text's shingle sketch (minhash.ts encodeSketch: its SKETCH_SIZE smallest shingle hashes),
   *  which decides the near-duplicate candidates; null for non-HTML or empty text, absent in crawls
   *  stored before it. */
  sketch?: string | null
  wordCount: number
  bytes: number
  /** Response time of this hop (headers) and in total, ms. */
  firstByteMs: number | null
  totalMs: number | null
  /** status 200, HTML, not noindex, canonical absent or itself. */
  indexable: boolean
  /** On-page facts for the page-level problems (checks/on-page.ts); absent for non-HTML pages and for
   *  crawls stored before issue 29. <h1> elements: */
  h1Count?: number
  /** The <html lang> attribute; null when absent. */
  lang?: string | null
  /** Visible images without a text alternative (the page audit's imageAltFails). */
  imagesWithoutAlt?: number
  /** http:// subresources on an https page (the page audit's mixed-content sources). */
  insecureResources?: number
  /** The meta viewport's content; null when there is none. */
  viewport?: string | null
  fetchedAt: string
  /** Rendered crawls only (render/, issue 30): the row's facts above are the rendered DOM's, these the raw
   *  HTML's. Absent on raw crawls and on pages that were not HTML. */
  render?: PageRender
}

/** The raw HTML's facts of a rendered page: what a crawler that runs no JavaScript reads. */
export interface RawPageFacts {
  title: string | null
  description: string | null
  canonical: string | null
  noindex: boolean
  h1: string | null
  wordCount: number
  /** Internal links a non-rendering crawler follows (normalised, not nofollow). */
  links: string[]
}

export interface PageRender {
  /** Why rendering failed (RENDER_TIMEOUT, RENDER_FAILED, RENDER_CRASHED): the row's facts are then the raw
   *  HTML's too. Null when the page rendered. */
  error: string | null
  /** The failure's detail (Chromium's net error, the proxy's refusal). */
  detail?: string
  raw: RawPageFacts
  /** Uncaught exceptions and scripts that failed to load while rendering. */
  scriptErrors: string[]
  /** Scripts and stylesheets the page loaded that robots.txt disallows. */
  blockedResources: string[]
  /** Time in Chromium, ms. */
  ms: number
}

export interface CrawlTables {
  startUrl: string
  pages: readonly CrawlPage[]
  /** Normalised URLs listed in the site's sitemaps. */
  sitemapUrls: readonly string[]
}

export type Severity = 'error' | 'warning' | 'notice'

export interface IssueDetail {
  /** Pages that link to (or list) the URL. */
  sources?: string[]
  /** What the URL points to that is wrong (hreflang alternates, nofollow link targets). */
  targets?: string[]
  status?: number | null
  /** The duplicated value (title, description) or the target of a canonical/hreflang. */
  value?: string
  target?: string
  /** Redirect hops, first to last. */
  chain?: string[]
  /** Other URLs in the same duplicate group (near-duplicate: the most similar first, at most 20). */
  duplicates?: string[]
  /** near-duplicate: the estimated similarity (0-1) of each of `duplicates` to the URL. */
  similarities?: number[]
  depth?: number
  /** Rendered crawls (checks/rendered.ts): the fact in the raw HTML and in the rendered DOM. */
  rawValue?: string
  renderedValue?: string
  /** content-only-rendered: main-text words in the raw HTML and once rendered. */
  rawWords?: number
  renderedWords?: number
  /** How many targets there are in all (`targets` lists the first ones). */
  count?: number
  /** links-only-rendered: the page is reached only through links that exist after JavaScript. */
  unreachableWithoutJs?: boolean
  /** render-error: the exceptions and failed scripts; `value` the render failure's code, `reason` its detail. */
  errors?: string[]
  reason?: string
}

/** One site-wide issue type with the URLs it affects (the CLI's --json `issues[]`). */
export interface SiteIssue {
  type: string
  severity: Severity
  urls: string[]
  details?: Record<string, IssueDetail>
}

export interface CrawlStats {
  pages: number
  seconds: number
  urlsPerSecond: number
}

export interface CrawlProgress {
  pages: number
  queued: number
  inFlight: number
  /** Pages per second since the start. */
  rate: number
  elapsedMs: number
  /** The start host's pace now: requests allowed in flight (and at most), the spacing between request
   *  starts, and why (politeness.ts PaceReason). Absent before its first request. */
  pace?: {
    limit: number
    ceiling: number
    intervalMs: number
    reason: PaceReason
  }
}
