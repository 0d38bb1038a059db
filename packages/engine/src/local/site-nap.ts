// The business's NAP as its own site states it: JSON-LD LocalBusiness/Organization first (what search
// engines and AI assistants read), then the footer's text (phone, postal code, street line). It fills
// the form and is itself checked: a site that contradicts its own listings confuses every directory.
import { load } from 'cheerio'
import { findPhoneNumbersInText } from 'libphonenumber-js'
import { safeFetch } from '../fetch/index.ts'
import { typedNodes, typesOf } from '../seo/structured-data.ts'
import type { Country, Nap } from './types.ts'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type Node = { [k: string]: Json }

export interface SiteNap {
  nap: Nap
  /** Where the values came from. */
  sources: ('jsonld' | 'footer')[]
}

const emptyNap = (): Nap => ({ name: '', address: '', postalCode: '', city: '', phone: '' })
const text = (v: Json | undefined): string =>
  typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''
const first = (v: Json | undefined): Json | undefined => (Array.isArray(v) ? v[0] : v)

/** Types that describe the page or its parts, never the business itself. */
const notBusiness = new Set([
  'PostalAddress',
  'WebSite',
  'WebPage',
  'BreadcrumbList',
  'ListItem',
  'Person',
  'ImageObject',
  'SearchAction',
  'ContactPoint',
  'GeoCoordinates',
  'OpeningHoursSpecification',
  'Offer',
  'Product',
  'Article',
  'BlogPosting',
  'NewsArticle',
  'FAQPage',
  'Question',
  'Answer',
])

function businessNodes(html: string): Node[] {
  const $ = load(html)
  const nodes: Node[] = []
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      nodes.push(...(typedNodes(JSON.parse($(el).text()) as never) as Node[]))
    } catch {
      // Broken JSON-LD is the SEO check's finding; here it just holds no NAP.
    }
  })
  const candidates = nodes.filter((n) => typesOf(n as never).some((t) => !notBusiness.has(t)))
  // A node with an address is the business (an Organization publisher inside an Article often has none).
  const score = (n: Node) => (n.address ? 2 : 0) + (n.telephone ? 1 : 0)
  return candidates.sort((a, b) => score(b) - score(a))
}

function napFromJsonLd(node: Node): Nap {
  const nap = emptyNap()
  nap.name = text(first(node.name))
  nap.phone = text(first(node.telephone))
  const address = first(node.address)
  if (typeof address === 'string') nap.address = address.trim()
  else if (address && typeof address === 'object' && !Array.isArray(address)) {
    nap.address = text(address.streetAddress)
    nap.postalCode = text(address.postalCode)
    nap.city = text(address.addressLocality)
  }
  if (!nap.phone) {
    const contact = first(node.contactPoint)
    if (contact && typeof contact === 'object' && !Array.isArray(contact)) nap.phone = text(contact.telephone)
  }
  return nap
}

const streetStart =
  /(?:^|[\s,;|·•])((?:Rua|R\.|Avenida|Av\.|Praça|Pç\.|Praca|Largo|Lg\.|Travessa|Tv\.|Estrada|Estr\.|Rodovia|Rod\.|Alameda|Al\.|Calçada|Beco)\s[^\n|·•]{2,90})/i
const postalPt = /\b(\d{4}-\d{3})(?:\s+([A-ZÀ-Ý][\p{L}. -]{1,40}?))?(?=\s*(?:[,\n|·•(]|$|Portugal))/u
const postalBr = /\b(\d{5}-\d{3})\b/

/** NAP from the footer's visible text: a phone, a postal code (and PT city after it), a street line. */
export function napFromFooterText(footer: string, country: Country): Nap {
  const nap = emptyNap()
  const lines = footer
    .split(/\n+/)
    .map((l) => l.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  const all = lines.join('\n')
  const phone = findPhoneNumbersInText(all, country).find((p) => p.number.isValid())
  if (phone) nap.phone = phone.number.number
  const pt = postalPt.exec(all)
  const br = postalBr.exec(all)
  if (pt && (country === 'PT' || !br)) {
    nap.postalCode = pt[1]!
    nap.city = (pt[2] ?? '').trim()
  } else if (br) nap.postalCode = br[1]!
  const street = streetStart.exec(all)
  if (street) {
    // The street line ends where its postal code (or the phone) starts.
    nap.address = street[1]!
      .split(/\b\d{4,5}-\d{3}\b|\b(?:Tel|Telefone|Tlf|Telm|Phone)\b/i)[0]!
      .replace(/[\s,;–-]+$/, '')
      .trim()
  }
  return nap
}

function footerText(html: string): string {
  const $ = load(html)
  $('script, style, noscript, template').remove()
  const parts = $('footer, [role="contentinfo"], address, [id*="footer" i], [class*="footer" i]')
    .toArray()
    .map((el) => {
      // Block elements become line breaks so "Rua X" and "Tel." are separate lines.
      $(el)
        .find('br, p, div, li, tr, h1, h2, h3, h4, h5, h6')
        .each((_, child) => {
          $(child).prepend('\n').append('\n')
        })
      return $(el).text()
    })
  return parts.join('\n')
}

/** The site's NAP from its HTML, JSON-LD values winning over the footer's; null when it states none. */
export function extractSiteNap(html: string, country: Country): SiteNap | null {
  const sources: SiteNap['sources'] = []
  const fromLd = businessNodes(html)[0]
  const nap = fromLd ? napFromJsonLd(fromLd) : emptyNap()
  if (fromLd && Object.values(nap).some(Boolean)) sources.push('jsonld')
  const footer = napFromFooterText(footerText(html), country)
  let usedFooter = false
  for (const key of Object.keys(nap) as (keyof Nap)[]) {
    if (!nap[key] && footer[key]) {
      nap[key] = footer[key]
      usedFooter = true
    }
  }
  if (usedFooter) sources.push('footer')
  if (!nap.address && !nap.phone && !nap.postalCode) return null
  return { nap, sources }
}

/** Fetches the site's home page through the SSRF guard (the address is user-typed) and reads its NAP. */
export async function readSiteNap(
  url: string,
  country: Country,
  options: { allowPrivate?: boolean; signal?: AbortSignal; userAgent?: string } = {},
): Promise<SiteNap | null> {
  const page = await safeFetch(url, {
    accept: 'html',
    totalTimeoutMs: 15_000,
    ...(options.allowPrivate !== undefined ? { allowPrivate: options.allowPrivate } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.userAgent ? { userAgent: options.userAgent } : {}),
  })
  return extractSiteNap(page.body, country)
}
