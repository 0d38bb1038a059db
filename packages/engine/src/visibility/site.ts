// What the assistants will be asked about: the brand, its other names, its domain, what it offers and
// where. Read from the audited page (siteBrand says in which order), pure over cheerio.
import type { CheerioAPI } from 'cheerio'
import { CHROME_SELECTOR, inChrome } from '../page/chrome.ts'
import { domainOf, fold } from './normalize.ts'

export { CHROME_SELECTOR }

export interface SiteProfile {
  brand: string
  aliases: string[]
  domain: string
  services: string[]
  /** Locality from the address (JSON-LD), else null. */
  place: string | null
  /** The page's language ('pt' | 'en' | other BCP 47 primary tag). */
  lang: string
  /** Whether the brand name is an everyday word (mention detection then asks for context). */
  commonWord: boolean
}

type Json = Record<string, unknown>

function jsonLdNodes($: CheerioAPI): Json[] {
  const out: Json[] = []
  const visit = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(visit)
    if (v && typeof v === 'object') {
      const o = v as Json
      out.push(o)
      if (Array.isArray(o['@graph'])) visit(o['@graph'])
    }
  }
  $('script[type="application/ld+json"]').each((_, el) => {
    try {
      visit(JSON.parse($(el).text()))
    } catch {
      // a broken block is the AIO audit's finding, not ours
    }
  })
  return out
}

const orgTypes =
  /Organization|LocalBusiness|Store|AutoRepair|Restaurant|Dentist|Clinic|Hotel|Service|Corporation|Brand|Website|WebSite|Attorney|Bakery|Shop/i

function strings(v: unknown): string[] {
  if (typeof v === 'string') return [v]
  if (Array.isArray(v)) return v.flatMap(strings)
  return []
}

function typesOf(o: Json): string[] {
  return strings(o['@type'])
}

/** "Oficina Ribeiro | Reparação automóvel em Braga" -> "Oficina Ribeiro" (the shorter side of a separator). */
export function brandFromTitle(title: string): string {
  const parts = title
    .split(/\s[|–—·-]\s|\s:\s/)
    .map((p) => p.trim())
    .filter(Boolean)
  if (parts.length < 2) return title.trim()
  return [...parts].sort((a, b) => a.length - b.length)[0] ?? title.trim()
}

/** Everyday words that are also brand names: mention detection asks for context for these. */
/** Headings that name a page's parts, not what the business offers. */
const nonTopic =
  /contact|sobre|about|morada|address|faq|perguntas|blog|not[ií]cias|news|equipa|team|home|in[ií]cio|passo \d|step \d|testemunh|testimonial|opini|review|cookie|newsletter|subscre|siga-nos|follow us|recursos|resources|download|navega|navigation|menu|índice|contents|table of contents|search|pesquis/i

/**
 * A topic from the site's description: its first clause, without the brand's own sentence frame
 * ("Oficina Ribeiro: reparação automóvel em Braga." -> "reparação automóvel em Braga"); null when
 * too long to be a topic.
 */
export function topicFromDescription(description: string): string | null {
  const first = description.split(/[.!?;]\s/)[0]?.trim() ?? ''
  const afterColon = first.includes(':') ? first.slice(first.indexOf(':') + 1).trim() : first
  const clean = afterColon.replace(/[.!?]$/, '').trim()
  if (clean.length < 3 || clean.length > 60) return null
  return clean
}

const commonWords = new Set(
  'box apple amazon orange shell target gap next farol casa sol mar luz porto via meta notion slack zoom square stripe bolt uber ponto rede nova vida mundo arco ceu terra agua fogo pão pao cafe café'
    .split(' ')
    .map(fold),
)

/** An everyday spelling of the domain's name: "oficinaribeiro.pt" -> "Oficinaribeiro", "docs.python.org" -> "Python". */
export function brandFromDomain(domain: string): string {
  const labels = domain.split('.').filter(Boolean)
  // The registrable name: the label before the public suffix (one label, or two for com.pt, co.uk…).
  const suffix2 = labels.length >= 3 && /^(com|co|org|net|gov|edu|ac)$/.test(labels.at(-2) ?? '')
  const name = labels.at(suffix2 ? -3 : -2) ?? labels[0] ?? ''
  return name ? name[0]!.toUpperCase() + name.slice(1) : ''
}

/** The logo's text: the alt of the image in the home link or of an image called logo, in the page's header. */
function logoAlt($: CheerioAPI): string {
  const candidates = [
    'header a[rel~="home"] img[alt]',
    'a[rel~="home"] img[alt]',
    'header a[href="/"] img[alt]',
    '[class*="logo" i] img[alt], img[alt][class*="logo" i], img[alt][src*="logo" i], img[alt][id*="logo" i]',
  ]
  for (const selector of candidates) {
    const alt = $(selector).first().attr('alt')?.replace(/\s+/g, ' ').trim()
    if (alt && alt.length <= 60) return alt.replace(/\s+(logo|logótipo|logotipo)$/i, '').trim()
  }
  return ''
}

/** Headings of the main content: inside main/article/[role=main] when the page marks it, never in chrome. */
export function contentHeadings($: CheerioAPI, levels = 'h2, h3'): string[] {
  const main = $('main, [role="main"], article').first()
  const scope = main.length ? main.find(levels) : $(levels)
  const out: string[] = []
  scope.each((_, el) => {
    if (inChrome($, el)) return
    const text = $(el).text().replace(/\s+/g, ' ').trim()
    if (text) out.push(text)
  })
  return out
}

/**
 * The brand, in the order a site names itself (issue 25: the title gave "3.11.2 Documentation"):
 * og:site_name, the JSON-LD Organization's name, the WebSite's name, the logo's alt text, then the
 * domain's name (spelled as the title spells it when the title's short part is the domain's name with
 * spaces), and the title only when there is no domain.
 */
export function siteBrand($: CheerioAPI, url: string): string {
  const nodes = jsonLdNodes($)
  const named = (test: (t: string) => boolean) =>
    nodes
      .filter((n) => typesOf(n).some(test))
      .flatMap((n) => strings(n.name))
      .map((x) => x.trim())
      .find(Boolean) ?? ''
  const siteName = $('meta[property="og:site_name"]').attr('content')?.trim() ?? ''
  const organization = named((t) => orgTypes.test(t) && !/WebSite/i.test(t))
  const website = named((t) => /WebSite/i.test(t))
  const title = $('title').first().text().trim()
  const fromTitle = title ? brandFromTitle(title) : ''
  const domain = domainOf(url)
  const fromDomain = brandFromDomain(domain)
  const domainSpelled =
    fromDomain && fold(fromTitle).replace(/[^a-z0-9]/g, '') === fold(fromDomain) ? fromTitle : fromDomain
  return siteName || organization || website || logoAlt($) || domainSpelled || fromTitle || domain
}

export function siteProfile($: CheerioAPI, url: string): SiteProfile {
  const nodes = jsonLdNodes($)
  const org =
    nodes.find((n) => typesOf(n).some((t) => orgTypes.test(t) && !/WebSite/i.test(t))) ??
    nodes.find((n) => typesOf(n).some((t) => /WebSite/i.test(t)))
  const title = $('title').first().text().trim()
  const siteName = $('meta[property="og:site_name"]').attr('content')?.trim()
  const domain = domainOf(url)
  const brand = siteBrand($, url)
  const aliasSet = new Map<string, string>()
  for (const a of [...strings(org?.alternateName), strings(org?.name)[0] ?? '', siteName ?? '']) {
    const t = a.trim()
    if (t && fold(t) !== fold(brand) && t.length <= 60) aliasSet.set(fold(t), t)
  }
  // The title's short part is an alias only when it names the brand (not "3.11.2 Documentation").
  const fromTitle = title ? brandFromTitle(title) : ''
  if (fromTitle && fold(fromTitle).includes(fold(brand)) && fold(fromTitle) !== fold(brand))
    aliasSet.set(fold(fromTitle), fromTitle)
  const services = new Map<string, string>()
  const addService = (s: string) => {
    const t = s.replace(/\s+/g, ' ').trim()
    if (t.length >= 3 && t.length <= 60 && fold(t) !== fold(brand)) services.set(fold(t), t)
  }
  for (const n of nodes) {
    for (const s of strings(n.serviceType)) addService(s)
    if (typesOf(n).includes('Service')) for (const s of strings(n.name)) addService(s)
    const catalog = n.hasOfferCatalog as Json | undefined
    for (const item of (catalog?.itemListElement as Json[] | undefined) ?? []) {
      const offered = (item.itemOffered as Json | undefined) ?? item
      for (const s of strings(offered.name)) addService(s)
    }
  }
  // Topics from the main content's headings (chrome skipped), then the site's own description.
  for (const t of contentHeadings($)) {
    if (!nonTopic.test(t)) addService(t)
  }
  if (!services.size) {
    const description = (
      $('meta[name="description" i]').attr('content') ??
      $('meta[property="og:description"]').attr('content') ??
      ''
    ).trim()
    const topic = topicFromDescription(description)
    if (topic) addService(topic)
  }
  const address = (org?.address ?? nodes.find((n) => n.address)?.address) as Json | Json[] | undefined
  const addr = Array.isArray(address) ? address[0] : address
  const place = strings(addr?.addressLocality)[0]?.trim() || null
  const lang = ($('html').attr('lang') ?? '').toLowerCase().split('-')[0] || 'pt'
  const singleWord = !/\s/.test(brand.trim())
  return {
    brand,
    aliases: [...aliasSet.values()],
    domain,
    services: [...services.values()].slice(0, 8),
    place,
    lang,
    commonWord: singleWord && commonWords.has(fold(brand)),
  }
}
