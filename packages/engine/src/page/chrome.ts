// Where a page's chrome is (issue 25): what the AI-presence topics and the recommender's gaps skip.
import type { CheerioAPI } from 'cheerio'

/** An element as cheerio's `each` hands it over (domhandler's node, through cheerio's own types). */
type Node = Parameters<typeof import('cheerio').load>[0] & object

/**
 * Page chrome, not content: navigation, sidebars, cookie banners, testimonials. Their headings ("Other
 * resources", "Download", "Contacto", "O que dizem os clientes") are not what the business offers.
 */
export const CHROME_SELECTOR = [
  'nav',
  'aside',
  '[role="navigation"]',
  '[role="banner"]',
  '[role="contentinfo"]',
  '[role="complementary"]',
  '[class*="sidebar" i]',
  '[id*="sidebar" i]',
  '[class*="cookie" i]',
  '[id*="cookie" i]',
  '[class*="consent" i]',
  '[class*="testimonial" i]',
  '[id*="testimonial" i]',
  '[class*="breadcrumb" i]',
].join(', ')

/**
 * Whether an element sits in the page's chrome: in one of the above, or in the page's own header or
 * footer (an article's or a section's header holds its title: that is content).
 */
export function inChrome($: CheerioAPI, el: Node): boolean {
  const node = $(el as Parameters<CheerioAPI>[0])
  if (node.closest(CHROME_SELECTOR).length) return true
  const frame = node.closest('header, footer')
  return frame.length > 0 && frame.parents('article, main, section, [role="main"]').length === 0
}
