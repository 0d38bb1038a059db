import type { RenderedFacts } from '../page/rendered.ts'
import type { PageArtifacts, TextArtifact } from '../types.ts'

/**
 * PageArtifacts plus what only the on-page SEO checks need. Optional, so any PageArtifacts built
 * elsewhere (e.g. by the Lighthouse runner) can still be given to the checks.
 */
export interface SeoArtifacts extends PageArtifacts {
  /** `/sitemap.xml` of the final origin; undefined when it was not fetched at all. */
  sitemapXml?: TextArtifact
  /** Facts of the DOM a Lighthouse run rendered (its anchors with their listeners); undefined without one. */
  rendered?: RenderedFacts
  /** The canonical URL's target as fetched (status, redirect, noindex); undefined when not fetched. */
  canonicalTarget?: CanonicalTarget
  /** The hreflang alternates fetched (up to five): does each list this page back? */
  hreflangTargets?: HreflangTarget[]
}

export interface HreflangTarget {
  url: string
  status: number | null
  /** true/false: the alternate's hreflang links include (or not) this page; null: it could not be read. */
  linksBack: boolean | null
}

export interface CanonicalTarget {
  url: string
  /** Final status after redirects; null when it could not be fetched (errorMessage says why). */
  status: number | null
  /** Where a redirect led, when the target redirected. */
  redirectedTo: string | null
  /** A noindex in the target's robots meta or X-Robots-Tag. */
  noindex: boolean
  errorMessage?: string
}
