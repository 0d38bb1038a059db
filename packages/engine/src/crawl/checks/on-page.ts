// The page audit's on-page checks, counted across the site (issue #29): each problem a single-page audit
// reports (no meta description, no H1, a title too long…) becomes a site-wide issue with every crawled
// page that has it. The rules are the page audit's (its thresholds and helpers imported, not copied) over
// the facts the crawl's streaming parse keeps (page-facts.ts); the names and advice are the page audit's
// own strings (its CheckMeta), and the severity is its impact (high → error, medium → warning, low →
// notice), the mapping the dashboard uses the other way round.
import { DESCRIPTION_IDEAL, TITLE_IDEAL, textLength } from '../../scores/index.ts'
import { htmlLangMeta, THIN_WORDS, wordCountMeta } from '../../seo/content.ts'
import type { CheckMeta } from '../../seo/finding.ts'
import { headingsMeta } from '../../seo/headings.ts'
import { imageAltMeta } from '../../seo/images.ts'
import { isKnownPrimaryLanguage } from '../../seo/language.ts'
import { descriptionLengthMeta, descriptionMeta, titleLengthMeta, titleMeta } from '../../seo/meta-tags.ts'
import { isCrawlableMeta } from '../../seo/robots.ts'
import { mixedContentMeta } from '../../seo/security.ts'
import { isMobileOptimized, viewportMeta } from '../../seo/viewport.ts'
import type { Finding, Localized } from '../../types.ts'
import type { CrawlPage, IssueDetail, Severity } from '../types.ts'
import type { CheckResult, SiteCheck } from './site-index.ts'

export const severityOfImpact: Record<Finding['impact'], Severity> = {
  high: 'error',
  medium: 'warning',
  low: 'notice',
}

export interface PageProblem {
  /** The site-wide issue's type. */
  id: string
  /** The page audit's check this problem is a failure of (its id, impact and advice). */
  check: CheckMeta
  /** The problem's name: the page audit's failure title, or its more specific one. */
  title: Localized
  /** What the page has (its title, its H1 count…), or undefined when it has the problem; null: it has not. */
  test(page: CrawlPage): string | undefined | null
}

/** A fetched 200 HTML page: the only kind the on-page checks read. */
export const isHtmlPage = (page: CrawlPage): boolean =>
  page.status === 200 && /html/i.test(page.contentType ?? '') && page.h1Count !== undefined

const has = (yes: boolean, value?: string | number | null): string | undefined | null =>
  yes ? (value === undefined || value === null ? undefined : String(value)) : null

export const pageProblems: readonly PageProblem[] = [
  {
    id: 'missing-title',
    check: titleMeta,
    title: titleMeta.failureTitle,
    test: (p) => has(textLength(p.title) === 0),
  },
  {
    id: 'title-too-long',
    check: titleLengthMeta,
    title: { pt: 'O título é demasiado longo', en: 'The title is too long' },
    test: (p) => has(textLength(p.title) > TITLE_IDEAL.max, p.title),
  },
  {
    id: 'missing-description',
    check: descriptionMeta,
    title: descriptionMeta.failureTitle,
    test: (p) => has(textLength(p.description) === 0),
  },
  {
    id: 'description-too-long',
    check: descriptionLengthMeta,
    title: { pt: 'A meta descrição é demasiado longa', en: 'The meta description is too long' },
    test: (p) => has(textLength(p.description) > DESCRIPTION_IDEAL.max, p.description),
  },
  {
    id: 'missing-h1',
    check: headingsMeta,
    title: { pt: 'Não há H1', en: 'There is no H1' },
    test: (p) => has(p.h1Count === 0),
  },
  {
    id: 'multiple-h1',
    check: headingsMeta,
    title: { pt: 'Há mais de um H1', en: 'There is more than one H1' },
    test: (p) => has((p.h1Count ?? 0) > 1, p.h1Count),
  },
  {
    id: 'missing-alt',
    check: imageAltMeta,
    title: imageAltMeta.failureTitle,
    test: (p) => has((p.imagesWithoutAlt ?? 0) > 0, p.imagesWithoutAlt),
  },
  {
    id: 'missing-lang',
    check: htmlLangMeta,
    title: htmlLangMeta.failureTitle,
    test: (p) => has(!p.lang || !isKnownPrimaryLanguage(p.lang), p.lang || undefined),
  },
  {
    id: 'noindex',
    check: isCrawlableMeta,
    title: isCrawlableMeta.failureTitle,
    test: (p) => has(p.noindex),
  },
  {
    id: 'mixed-content',
    check: mixedContentMeta,
    title: mixedContentMeta.failureTitle,
    test: (p) => has((p.insecureResources ?? 0) > 0, p.insecureResources),
  },
  {
    id: 'missing-viewport',
    check: viewportMeta,
    title: viewportMeta.failureTitle,
    test: (p) => has(p.viewport == null || !isMobileOptimized(p.viewport), p.viewport ?? undefined),
  },
  {
    id: 'thin-content',
    check: wordCountMeta,
    title: wordCountMeta.failureTitle,
    test: (p) => has(p.wordCount < THIN_WORDS, p.wordCount),
  },
]

/** One page's problems, in report order, each with what explains it (`value`) when there is something. */
export function problemsOf(page: CrawlPage): { type: string; value?: string }[] {
  if (!isHtmlPage(page)) return []
  const out: { type: string; value?: string }[] = []
  for (const problem of pageProblems) {
    const found = problem.test(page)
    if (found === null) continue
    out.push(found === undefined ? { type: problem.id } : { type: problem.id, value: found })
  }
  return out
}

function siteCheckOf(problem: PageProblem): SiteCheck {
  return {
    id: problem.id,
    severity: severityOfImpact[problem.check.impact],
    title: problem.title,
    description: problem.check.description,
    pageCheck: problem.check.id,
    run(index): CheckResult {
      const urls: string[] = []
      const details: Record<string, IssueDetail> = {}
      for (const page of index.pages) {
        if (!isHtmlPage(page)) continue
        const found = problem.test(page)
        if (found === null) continue
        urls.push(page.url)
        if (found !== undefined) details[page.url] = { value: found }
      }
      return { urls, details }
    },
  }
}

/** The page-level problems as site-wide checks (after the site's own in report order). */
export const onPageChecks: readonly SiteCheck[] = pageProblems.map(siteCheckOf)
