// Gathering: the only I/O of the on-page analysis. Fetch the page (through the SSRF-guarded fetcher),
// then robots.txt, llms.txt and sitemap.xml of the final origin (and, within 5 s, the canonical URL and up
// to five hreflang alternates), and parse the HTML once. Like Lighthouse's
// gatherers, the side files degrade to { status: null, errorMessage } instead of failing the audit;
// only a page that cannot be fetched at all throws (a typed EngineError from the fetcher).
import { load } from 'cheerio'
import { fetchText, type SafeFetchOptions, safeFetch } from '../fetch/index.ts'
import { canonicalTargetOf, canonicalToFetch } from '../seo/canonical.ts'
import { hreflangToFetch, linksBack } from '../seo/hreflang.ts'
import type { FetchedResource, TextArtifact } from '../types.ts'
import type { CanonicalTarget, HreflangTarget, SeoArtifacts } from './types.ts'

export type { CanonicalTarget, HreflangTarget, SeoArtifacts } from './types.ts'

/** Fetch options (allowPrivate, timeouts, userAgent, signal...) apply to the page and its side files. */
export interface GatherOptions extends Omit<SafeFetchOptions, 'accept'> {
  /** HTML after JavaScript ran, when a browser run already produced it. */
  renderedHtml?: string | null
  /** Skip the sitemap.xml request (it can be large and only the sitemap check reads it). */
  skipSitemap?: boolean
}

export interface ArtifactExtras {
  robotsTxt?: TextArtifact
  llmsTxt?: TextArtifact
  sitemapXml?: TextArtifact
  renderedHtml?: string | null
}

/** What a side file is when nobody fetched it: the same shape as a failed fetch, so checks need no branch. */
export function notFetched(url: string): TextArtifact {
  return { url, status: null, content: null, errorMessage: 'not fetched' }
}

/** URL of a file at the root of the page's final origin ("/robots.txt"). */
export function originFile(pageUrl: string, path: string): string {
  return new URL(path, new URL(pageUrl).origin).href
}

/** Pure constructor: artifacts from already-fetched data. The checks are tested through this. */
export function buildArtifacts(page: FetchedResource, extras: ArtifactExtras = {}): SeoArtifacts {
  const artifacts: SeoArtifacts = {
    page,
    $: load(page.body),
    robotsTxt: extras.robotsTxt ?? notFetched(originFile(page.finalUrl, '/robots.txt')),
    llmsTxt: extras.llmsTxt ?? notFetched(originFile(page.finalUrl, '/llms.txt')),
    renderedHtml: extras.renderedHtml ?? null,
  }
  if (extras.sitemapXml) artifacts.sitemapXml = extras.sitemapXml
  return artifacts
}

/**
 * The canonical target is fetched within a small budget of its own, beside the side files, so checking
 * it adds at most this much to the audit (a slow target is reported as unreachable, not waited for).
 */
export const CANONICAL_TARGET_TIMEOUT_MS = 5_000

/** Fetches the canonical URL (following redirects) and reads status, redirect and noindex. Never throws. */
export async function fetchCanonicalTarget(
  url: string,
  opts: Omit<SafeFetchOptions, 'accept'>,
): Promise<CanonicalTarget> {
  try {
    const target = await safeFetch(url, {
      ...opts,
      accept: 'any',
      httpFallback: false,
      connectTimeoutMs: Math.min(
        opts.connectTimeoutMs ?? CANONICAL_TARGET_TIMEOUT_MS,
        CANONICAL_TARGET_TIMEOUT_MS,
      ),
      firstByteTimeoutMs: CANONICAL_TARGET_TIMEOUT_MS,
      totalTimeoutMs: CANONICAL_TARGET_TIMEOUT_MS,
      maxBytes: 2 * 1024 * 1024,
    })
    return canonicalTargetOf(url, target)
  } catch (e) {
    opts.signal?.throwIfAborted()
    return {
      url,
      status: null,
      redirectedTo: null,
      noindex: false,
      errorMessage: e instanceof Error ? e.message : String(e),
    }
  }
}

/** Fetches an hreflang alternate (same budget as the canonical) and reads whether it links back. */
export async function fetchHreflangTarget(
  url: string,
  pageUrl: string,
  opts: Omit<SafeFetchOptions, 'accept'>,
): Promise<HreflangTarget> {
  try {
    const alternate = await safeFetch(url, {
      ...opts,
      accept: 'html',
      httpFallback: false,
      firstByteTimeoutMs: CANONICAL_TARGET_TIMEOUT_MS,
      totalTimeoutMs: CANONICAL_TARGET_TIMEOUT_MS,
      maxBytes: 2 * 1024 * 1024,
    })
    return { url, status: alternate.status, linksBack: linksBack(pageUrl, buildArtifacts(alternate)) }
  } catch {
    // Unreachable or not HTML: its reciprocity is unknown, not a problem.
    opts.signal?.throwIfAborted()
    return { url, status: null, linksBack: null }
  }
}

/** Fetches the page and its origin's side files, then builds the artifacts. */
export async function gatherArtifacts(url: string, opts: GatherOptions = {}): Promise<SeoArtifacts> {
  const { renderedHtml, skipSitemap, ...common } = opts
  const page = await safeFetch(url, { accept: 'html', ...common })
  const artifacts = buildArtifacts(page, { renderedHtml: renderedHtml ?? null })
  const canonical = canonicalToFetch(artifacts)
  const alternates = hreflangToFetch(artifacts)
  // Side files belong to the origin the page finally came from, not the one first typed (after a
  // redirect from http://a.com to https://www.a.com, robots.txt of the latter governs the page).
  const [robotsTxt, llmsTxt, sitemapXml, canonicalTarget, hreflangTargets] = await Promise.all([
    fetchText(originFile(page.finalUrl, '/robots.txt'), common),
    fetchText(originFile(page.finalUrl, '/llms.txt'), common),
    skipSitemap ? Promise.resolve(undefined) : fetchText(originFile(page.finalUrl, '/sitemap.xml'), common),
    canonical ? fetchCanonicalTarget(canonical, common) : Promise.resolve(undefined),
    Promise.all(alternates.map((u) => fetchHreflangTarget(u, page.finalUrl, common))),
  ])
  artifacts.robotsTxt = robotsTxt
  artifacts.llmsTxt = llmsTxt
  if (sitemapXml) artifacts.sitemapXml = sitemapXml
  if (canonicalTarget) artifacts.canonicalTarget = canonicalTarget
  if (hreflangTargets.length) artifacts.hreflangTargets = hreflangTargets
  return artifacts
}
