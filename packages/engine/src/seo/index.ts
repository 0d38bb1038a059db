// On-page SEO: every check is a pure function of the artifacts; runSeoChecks runs them all and builds the
// summary the spec's SEO result needs from the HTML alone (no browser).
import type { SeoArtifacts } from '../gather/types.ts'
import { pageText } from '../page/dom.ts'
import {
  type HeadingsStructure,
  headingScore,
  type MetaScore,
  metaScore,
  onPageSeoScore,
  textLength,
} from '../scores/index.ts'
import type { Check, Finding, Localized, PageArtifacts } from '../types.ts'
import { canonical, canonicalInfo, canonicalTarget } from './canonical.ts'
import { htmlLang, renderedWordCount, wordCount } from './content.ts'
import { extract } from './extract.ts'
import { headings, headingsStructure } from './headings.ts'
import { hreflang, hreflangAlternates } from './hreflang.ts'
import { imageAlt, imageAltFails } from './images.ts'
import {
  anchorDeadEnds,
  crawlableAnchors,
  type LinkSummary,
  linkSummary,
  links,
  linkText,
  linkTextGeneric,
} from './links.ts'
import {
  documentTitle,
  metaDescription,
  metaDescriptionLength,
  metaDescriptionText,
  titleLength,
} from './meta-tags.ts'
import { documentErrorReason, SITE_CHECK_IDS, withoutContentVerdicts } from './not-audited.ts'
import { crawlDirectives, isCrawlable, robotsTxt, sitemap } from './robots.ts'
import { https, isHttps, mixedContent, mixedResources } from './security.ts'
import { openGraph, twitterCard } from './social.ts'
import { httpStatusCode, redirectChain } from './status.ts'
import { structuredData, structuredDataSummary } from './structured-data.ts'
import { isMobileOptimized, metaViewport, viewport, viewportContent } from './viewport.ts'

export { detectLanguage, isValidLangTag, languageScores, primaryLanguage } from './language.ts'
export { countWords, normalizeSpace, visibleText, words } from './text.ts'

/** All on-page checks, in report order (the ones that decide whether the page can rank at all first). */
export const seoChecks: readonly Check[] = [
  httpStatusCode,
  redirectChain,
  isCrawlable,
  crawlDirectives,
  robotsTxt,
  sitemap,
  https,
  mixedContent,
  documentTitle,
  titleLength,
  metaDescription,
  metaDescriptionLength,
  canonical,
  canonicalTarget,
  hreflang,
  hreflangAlternates,
  htmlLang,
  viewport,
  metaViewport,
  headings,
  imageAlt,
  linkText,
  linkTextGeneric,
  crawlableAnchors,
  anchorDeadEnds,
  links,
  openGraph,
  twitterCard,
  structuredData,
  wordCount,
]

/** The spec's SEO result fields that can be computed from the HTML (§3), plus what the report shows. */
export interface OnPageSummary {
  url: string
  statusCode: number
  redirects: number
  metaTags: {
    title: string | null
    description: string | null
    titleLength: number
    descriptionLength: number
  }
  metaScore: MetaScore
  headingsStructure: HeadingsStructure
  /** The H1 headings' texts, in document order (what an agent proposing a fix needs beside the flags). */
  h1?: string[]
  headingScore: number
  security: { https: boolean; mixedContent: boolean }
  /** The page has a mobile viewport (width=device-width). */
  mobileFriendly: boolean
  indexable: boolean
  canonical: string | null
  wordCount: number
  /** Words after JavaScript ran, when a rendered run happened. */
  renderedWordCount: number | null
  language: { declared: string | null; detected: 'pt' | 'en' | null }
  links: LinkSummary
  images: { total: number; missingAlt: number }
  structuredDataTypes: string[]
  /** Weighted on-page SEO score 0-100 (scores/on-page.ts); null when nothing was scoreable. */
  score: number | null
  /**
   * Set when the document answered 4xx/5xx: its content was not audited (the content findings are
   * 'na' with this reason) and the score is 0, since such a page cannot rank.
   */
  notAudited?: Localized
}

export function runSeoChecks(artifacts: PageArtifacts): { findings: Finding[]; summary: OnPageSummary } {
  const a = artifacts as SeoArtifacts
  const notAudited = documentErrorReason(a.page.status)
  const all = seoChecks.flatMap((check) => check(a))
  // Content checks read a document: say which one (checks of the rendered page set it themselves).
  const read = all.map((f) =>
    SITE_CHECK_IDS.has(f.id) || f.measuredOn ? f : { ...f, measuredOn: 'raw' as const },
  )
  const findings = notAudited ? withoutContentVerdicts(read, notAudited) : read
  const x = extract(a)
  const description = metaDescriptionText(a)
  const hs = headingsStructure(a)
  const visibleImages = x.images.filter((i) => !i.hidden)
  const summary: OnPageSummary = {
    url: a.page.finalUrl,
    statusCode: a.page.status,
    redirects: a.page.redirects.length,
    metaTags: {
      title: x.title,
      description,
      titleLength: textLength(x.title),
      descriptionLength: textLength(description),
    },
    metaScore: metaScore({ title: x.title, description }),
    headingsStructure: hs,
    h1: x.headings.filter((h) => h.level === 1).map((h) => h.text),
    headingScore: headingScore(hs),
    security: { https: isHttps(a), mixedContent: mixedResources(a).length > 0 },
    mobileFriendly: isMobileOptimized(viewportContent(a)),
    indexable: !notAudited && findings.find((f) => f.id === 'is-crawlable')?.verdict !== 'fail',
    canonical: canonicalInfo(a).url,
    wordCount: pageText(a.$).words,
    renderedWordCount: renderedWordCount(a),
    language: { declared: x.htmlLang, detected: pageText(a.$).language },
    links: linkSummary(a),
    images: { total: visibleImages.length, missingAlt: visibleImages.filter(imageAltFails).length },
    structuredDataTypes: structuredDataSummary(a).types,
    // An error page cannot rank, whatever the origin's robots.txt or HTTPS say.
    score: notAudited ? 0 : onPageSeoScore(findings),
    ...(notAudited ? { notAudited } : {}),
  }
  return { findings, summary }
}
