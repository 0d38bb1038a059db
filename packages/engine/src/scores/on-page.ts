// A 0-100 SEO score from Farol's own on-page findings, so a page has an SEO score even when Lighthouse
// did not run (or failed). Not the spec's number: the spec took Lighthouse's; this one is documented here.
import type { Finding } from '../types.ts'

/**
 * Weight of each on-page finding id. Crawlability and indexability dominate (a page search engines cannot
 * fetch or may not index cannot rank however good the rest is), as in Lighthouse's SEO category where
 * is-crawlable weighs about four times the others; then the signals Google documents as used for the
 * snippet and for understanding the page; then hygiene. Ids not listed do not count.
 */
export const ON_PAGE_WEIGHTS: Readonly<Record<string, number>> = {
  'http-status-code': 10,
  'is-crawlable': 10,
  // A block for Googlebot alone takes the page out of Google: weighed like a missing title.
  'crawl-directives': 5,
  https: 6,
  // Presence is the verdict search engines and Lighthouse make; the length is Farol's advice, weighed less.
  'document-title': 4,
  'title-length': 2,
  'meta-description': 3,
  'meta-description-length': 1,
  viewport: 5,
  canonical: 3,
  'canonical-target': 2,
  headings: 3,
  'crawlable-anchors': 3,
  'anchor-dead-ends': 1,
  'image-alt': 3,
  'mixed-content': 2,
  'link-text': 2,
  'link-text-generic': 1,
  'html-lang': 2,
  hreflang: 2,
  'hreflang-alternates': 1,
  'robots-txt': 2,
  'structured-data': 2,
  'redirect-chain': 1,
  'meta-viewport': 1,
  'open-graph': 1,
  'twitter-card': 0.5,
  sitemap: 1,
  'word-count': 1,
}

/** Pass 1, warn 0.5, fail 0; info and not-applicable findings are left out of the average. */
function points(f: Finding): number | null {
  // A graded finding (title and description lengths, heading score) counts by its grade.
  if (f.score !== null && (f.verdict === 'pass' || f.verdict === 'warn' || f.verdict === 'fail'))
    return f.score / 100
  if (f.verdict === 'pass') return 1
  if (f.verdict === 'warn') return 0.5
  if (f.verdict === 'fail') return 0
  return null
}

/**
 * Weighted average of the scored findings, 0-100, rounded. A finding id that appears several times counts
 * once, by its worst result. With nothing scoreable the result is null (not 0 or 100: there is no evidence).
 */
export function onPageSeoScore(findings: readonly Finding[]): number | null {
  const worst = new Map<string, number>()
  for (const f of findings) {
    if (!(f.id in ON_PAGE_WEIGHTS)) continue
    const p = points(f)
    if (p === null) continue
    const prev = worst.get(f.id)
    worst.set(f.id, prev === undefined ? p : Math.min(prev, p))
  }
  let total = 0
  let weight = 0
  for (const [id, p] of worst) {
    const w = ON_PAGE_WEIGHTS[id] ?? 0
    total += w * p
    weight += w
  }
  if (weight === 0) return null
  return Math.round((100 * total) / weight)
}
