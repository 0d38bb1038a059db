// Facts a site states about itself, each with the page and the part of the page it came from: the
// ground truth that generated text and AI answers are checked against (knowledge hub, writer). JSON-LD
// is read first (the site's own structured claim); the footer and the text fill what it lacks.
import { type CheerioAPI, load } from 'cheerio'
import { type JsonLdNode, parseJsonLd, textOf, typesOf } from '../aio/jsonld.ts'
import { type DomNode, isCodeElement, normalizeSpace, visibleText } from '../seo/text.ts'

export type FactKind =
  | 'name'
  | 'alternateName'
  | 'description'
  | 'address'
  | 'postalCode'
  | 'city'
  | 'phone'
  | 'email'
  | 'openingHours'
  | 'service'
  | 'price'
  | 'foundingYear'
  | 'person'
  | 'url'

export const FACT_KINDS: readonly FactKind[] = [
  'name',
  'alternateName',
  'description',
  'address',
  'postalCode',
  'city',
  'phone',
  'email',
  'openingHours',
  'service',
  'price',
  'foundingYear',
  'person',
  'url',
]

export interface SiteFact {
  kind: FactKind
  value: string
  source: { url: string; from: 'json-ld' | 'meta' | 'footer' | 'text' | 'user' }
}

const isObject = (v: unknown): v is JsonLdNode => typeof v === 'object' && v !== null && !Array.isArray(v)
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v])

const BUSINESS_TYPES =
  /Organization|Business|Store|Restaurant|Shop|Office|Clinic|Dentist|Hotel|Agency|Service|Corporation|Place|Brand|Attorney|Physician|Repair|Dealer|Salon|Cafe|Bakery|Gym/

/** Types the pattern above would catch that describe an offer, not the business. */
const NOT_BUSINESS = new Set([
  'Service',
  'ServiceChannel',
  'Product',
  'Offer',
  'OfferCatalog',
  'PostalAddress',
])

/** Facts of a page: pass the parsed HTML (or the HTML text) and the page's final URL. */
export function extractSiteFacts(page: CheerioAPI | string, pageUrl: string): SiteFact[] {
  const $ = typeof page === 'string' ? load(page) : page
  const facts: SiteFact[] = []
  const add = (kind: FactKind, value: string | null | undefined, from: SiteFact['source']['from']) => {
    const clean = normalizeSpace(value ?? '')
    if (!clean || clean.length > 300) return
    const key = comparable(clean)
    if (facts.some((f) => f.kind === kind && comparable(f.value) === key)) return
    facts.push({ kind, value: clean, source: { url: pageUrl, from } })
  }

  for (const node of parseJsonLd($).nodes) {
    const types = typesOf(node)
    if (types.some((t) => BUSINESS_TYPES.test(t) && !NOT_BUSINESS.has(t))) fromBusiness(node, add)
    if (types.includes('Service') || types.includes('Product')) add('service', textOf(node.name), 'json-ld')
    if (types.includes('Offer')) addOffer(node, add)
  }

  add('name', $('meta[property="og:site_name"]').attr('content'), 'meta')

  const footer = $('footer')
  const scope = footer.length ? footer : $('body')
  const from = footer.length ? 'footer' : 'text'
  scope.find('a[href^="tel:"]').each((_, a) => {
    add('phone', decodeURIComponent(($(a).attr('href') ?? '').slice(4)), from)
  })
  scope.find('a[href^="mailto:"]').each((_, a) => {
    add('email', decodeURIComponent(($(a).attr('href') ?? '').slice(7).split('?')[0] ?? ''), from)
  })
  const footerText = normalizeSpace(
    scope
      .find('*')
      .addBack()
      .contents()
      .filter((_, n) => n.type === 'text' && !(n.parent && isCodeElement(n.parent as DomNode)))
      .map((_, n) => $(n).text())
      .get()
      .join(' '),
  )
  for (const m of footerText.matchAll(
    /\b(\d{4}-\d{3}|\d{5}-\d{3})\s+([\p{Lu}][\p{L}' -]{1,40}?)(?=[,.;|]|\s{2}|$|\s\d)/gu,
  )) {
    add('postalCode', m[1], from)
    add('city', m[2], from)
  }

  const text = visibleText($, { prose: true })
  const founded =
    /\b(?:fundad[ao]s?\s+em|desde|founded\s+in|established\s+in|since|est\.)\s+((?:18|19|20)\d{2})\b/iu.exec(
      text,
    )
  if (founded) add('foundingYear', founded[1], 'text')
  return facts
}

type Add = (kind: FactKind, value: string | null | undefined, from: SiteFact['source']['from']) => void

function fromBusiness(node: JsonLdNode, add: Add): void {
  add('name', textOf(node.name), 'json-ld')
  for (const alt of list(node.alternateName)) add('alternateName', textOf(alt), 'json-ld')
  add('description', textOf(node.description), 'json-ld')
  add('url', textOf(node.url), 'json-ld')
  for (const phone of list(node.telephone)) add('phone', textOf(phone), 'json-ld')
  for (const email of list(node.email)) add('email', textOf(email)?.replace(/^mailto:/, ''), 'json-ld')
  for (const address of list(node.address)) {
    if (typeof address === 'string') {
      add('address', address, 'json-ld')
      continue
    }
    if (!isObject(address)) continue
    add('address', textOf(address.streetAddress), 'json-ld')
    add('postalCode', textOf(address.postalCode), 'json-ld')
    add('city', textOf(address.addressLocality), 'json-ld')
  }
  for (const hours of list(node.openingHours)) add('openingHours', textOf(hours), 'json-ld')
  for (const spec of list(node.openingHoursSpecification)) {
    if (!isObject(spec)) continue
    const days = list(spec.dayOfWeek)
      .map((d) => String(textOf(d) ?? '').replace(/^https?:\/\/schema\.org\//, ''))
      .filter(Boolean)
      .join(', ')
    if (spec.opens && spec.closes)
      add('openingHours', `${days} ${spec.opens}-${spec.closes}`.trim(), 'json-ld')
  }
  const founding = textOf(node.foundingDate)
  if (founding) add('foundingYear', /\d{4}/.exec(founding)?.[0], 'json-ld')
  for (const key of ['founder', 'employee', 'member', 'founders', 'employees']) {
    for (const person of list(node[key])) add('person', textOf(person), 'json-ld')
  }
  for (const offer of list(node.makesOffer)) if (isObject(offer)) addOffer(offer, add)
  const catalog = node.hasOfferCatalog
  if (isObject(catalog)) {
    for (const item of list(catalog.itemListElement)) {
      if (!isObject(item)) continue
      if (typesOf(item).includes('Offer')) addOffer(item, add)
      else add('service', textOf(item.name), 'json-ld')
    }
  }
}

function addOffer(offer: JsonLdNode, add: Add): void {
  const item = isObject(offer.itemOffered) ? offer.itemOffered : null
  const name = textOf(item?.name ?? offer.name)
  add('service', name, 'json-ld')
  const price = textOf(offer.price) ?? (typeof offer.price === 'number' ? String(offer.price) : null)
  if (price)
    add('price', `${name ? `${name}: ` : ''}${price} ${textOf(offer.priceCurrency) ?? ''}`.trim(), 'json-ld')
}

/** Case-, accent- and spacing-insensitive form used to compare fact values. */
export function comparable(value: string): string {
  return value.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()
}

/** Facts of several pages (home, contact, about…) merged, the first page's value kept on duplicates. */
export function mergeFacts(...sets: SiteFact[][]): SiteFact[] {
  const merged: SiteFact[] = []
  for (const fact of sets.flat()) {
    if (!merged.some((f) => f.kind === fact.kind && comparable(f.value) === comparable(fact.value)))
      merged.push(fact)
  }
  return merged
}

/**
 * Pages of a site crawl worth reading for facts, best first: contact, about, team, services, prices,
 * opening hours (by the words in their path or title, PT and EN), then shallower pages first. Only pages
 * that answered 200 with HTML. The usual contact/about paths are tried anyway; this finds the ones a site
 * names its own way ("/quem-somos", "/a-nossa-equipa", "/tabela-de-precos").
 */
export function factPages(
  pages: {
    url: string
    title: string | null
    status: number | null
    contentType: string | null
    depth: number | null
  }[],
  limit = 8,
): string[] {
  const ranked = pages.flatMap((p) => {
    if (p.status !== 200 || !/html/i.test(p.contentType ?? '')) return []
    let path: string
    try {
      path = new URL(p.url).pathname
    } catch {
      return []
    }
    const words = comparable(`${path.replace(/[-_/.]+/g, ' ')} ${p.title ?? ''}`)
    const rank = factPageWords.findIndex((re) => re.test(words))
    return rank < 0 ? [] : [{ url: p.url, rank, depth: p.depth ?? Number.MAX_SAFE_INTEGER }]
  })
  ranked.sort((a, b) => a.rank - b.rank || a.depth - b.depth || a.url.localeCompare(b.url))
  return ranked.slice(0, limit).map((p) => p.url)
}

/** In order of how many facts such a page usually states (matched on accent-free lower case). */
const factPageWords: RegExp[] = [
  /\b(contact(o|os|s)?|contact us|fale connosco|onde estamos|localizacao|morada)\b/,
  /\b(sobre( nos)?|quem somos|about( us)?|a empresa|historia|our story)\b/,
  /\b(equipa|equipe|team|staff)\b/,
  /\b(servicos?|services?|o que fazemos|what we do)\b/,
  /\b(precos?|tabela de precos|tarifas|prices?|pricing)\b/,
  /\b(horarios?|opening hours|hours)\b/,
]
