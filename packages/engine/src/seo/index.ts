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
import type { Check, Finding, PageArtifacts } from '../types.ts'
import { canonical, canonicalInfo } from './canonical.ts'
import { htmlLang, renderedWordCount, wordCount } from './content.ts'
import { extract } from './extract.ts'
import { headings, headingsStructure } from './headings.ts'
import { hreflang } from './hreflang.ts'
import { imageAlt, imageAltFails } from './images.ts'
import { crawlableAnchors, type LinkSummary, linkSummary, links, linkText } from './links.ts'
import { documentTitle, metaDescription, metaDescriptionText } from './meta-tags.ts'
import { isCrawlable, robotsTxt, sitemap } from './robots.ts'
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
  robotsTxt,
  sitemap,
  https,
  mixedContent,
  documentTitle,
  metaDescription,
  canonical,
  hreflang,
  htmlLang,
  viewport,
  metaViewport,
  headings,
  imageAlt,
  linkText,
  crawlableAnchors,
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
}

export function runSeoChecks(artifacts: PageArtifacts): { findings: Finding[]; summary: OnPageSummary } {
  const a = artifacts as SeoArtifacts
  const findings = seoChecks.flatMap((check) => check(a))
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
    headingScore: headingScore(hs),
    security: { https: isHttps(a), mixedContent: mixedResources(a).length > 0 },
    mobileFriendly: isMobileOptimized(viewportContent(a)),
    indexable: findings.find((f) => f.id === 'is-crawlable')?.verdict !== 'fail',
    canonical: canonicalInfo(a).url,
    wordCount: pageText(a.$).words,
    renderedWordCount: renderedWordCount(a),
    language: { declared: x.htmlLang, detected: pageText(a.$).language },
    links: linkSummary(a),
    images: { total: visibleImages.length, missingAlt: visibleImages.filter(imageAltFails).length },
    structuredDataTypes: structuredDataSummary(a).types,
    score: onPageSeoScore(findings),
  }
  return { findings, summary }
}
