import type { PageArtifacts, TextArtifact } from '../types.ts'

/**
 * PageArtifacts plus what only the on-page SEO checks need. Optional, so any PageArtifacts built
 * elsewhere (e.g. by the Lighthouse runner) can still be given to the checks.
 */
export interface SeoArtifacts extends PageArtifacts {
  /** `/sitemap.xml` of the final origin; undefined when it was not fetched at all. */
  sitemapXml?: TextArtifact
}
