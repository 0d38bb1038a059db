// What the assistants will be asked about: the brand, its other names, its domain, what it offers and
// where. Read from the audited page (JSON-LD first, then og:site_name, then the title), pure over cheerio.
import type { CheerioAPI } from 'cheerio'
import { domainOf, fold } from './normalize.ts'

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
const commonWords = new Set(
  'box apple amazon orange shell target gap next farol casa sol mar luz porto via meta notion slack zoom square stripe bolt uber ponto rede nova vida mundo arco ceu terra agua fogo pão pao cafe café'
    .split(' ')
    .map(fold),
)

export function siteProfile($: CheerioAPI, url: string): SiteProfile {
  const nodes = jsonLdNodes($)
  const org =
    nodes.find((n) => typesOf(n).some((t) => orgTypes.test(t) && !/WebSite/i.test(t))) ??
    nodes.find((n) => typesOf(n).some((t) => /WebSite/i.test(t)))
  const title = $('title').first().text().trim()
  const siteName = $('meta[property="og:site_name"]').attr('content')?.trim()
  const domain = domainOf(url)
  const brand = strings(org?.name)[0]?.trim() || siteName || (title ? brandFromTitle(title) : '') || domain
  const aliasSet = new Map<string, string>()
  for (const a of [...strings(org?.alternateName), siteName ?? '', title ? brandFromTitle(title) : '']) {
    const t = a.trim()
    if (t && fold(t) !== fold(brand) && t.length <= 60) aliasSet.set(fold(t), t)
  }
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
  $('h2, h3').each((_, el) => {
    const t = $(el).text()
    if (
      !/contact|sobre|about|morada|address|faq|perguntas|blog|not[ií]cias|news|equipa|team|home|in[ií]cio/i.test(
        t,
      )
    )
      addService(t)
  })
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
