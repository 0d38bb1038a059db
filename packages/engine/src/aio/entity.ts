// Entity clarity: does the page say, in machine-readable form, which organisation it belongs to, link
// that organisation to its profiles elsewhere (sameAs) and name it the same way everywhere?
// Knowledge graphs and LLM retrieval resolve entities by name plus corroborating links.
import type { CheerioAPI } from 'cheerio'
import { elementsByTag, hasAncestorTag, hasAttr } from '../page/dom.ts'
import { normalizeSpace } from '../seo/text.ts'
import { type JsonLdParse, textOf, typesOf } from './jsonld.ts'

/** schema.org Organization and LocalBusiness, with their common subtypes. */
const ORGANIZATION_TYPES = new Set(
  (
    'Organization Corporation NGO EducationalOrganization GovernmentOrganization NewsMediaOrganization ' +
    'OnlineBusiness OnlineStore MedicalOrganization SportsOrganization PerformingGroup Airline Consortium ' +
    'LocalBusiness Store Restaurant CafeOrCoffeeShop BarOrPub Bakery Hotel LodgingBusiness Dentist Physician ' +
    'LegalService Attorney AccountingService FinancialService RealEstateAgent TravelAgency AutoRepair ' +
    'HealthAndBeautyBusiness HomeAndConstructionBusiness ProfessionalService ShoppingCenter FoodEstablishment'
  ).split(' '),
)

export function isOrganizationType(type: string): boolean {
  const t = type.replace(/^https?:\/\/schema\.org\//, '')
  return ORGANIZATION_TYPES.has(t) || t.endsWith('Business') || t.endsWith('Organization')
}

export interface NameSource {
  source: 'og:site_name' | 'title' | 'logo alt'
  value: string
  matches: boolean
}

export interface EntitySignals {
  jsonLdBlocks: number
  jsonLdErrors: number
  /** Distinct @types found, sorted. */
  types: string[]
  organization: {
    type: string
    name: string | null
    sameAs: string[]
    url: string | null
    hasLogo: boolean
  } | null
  nameSources: NameSource[]
  /** Share (0-1) of name sources that carry the organisation's name; null without a name or sources. */
  nameConsistency: number | null
}

/** Lowercase, no accents, no punctuation, no legal suffixes: "Farol, Lda." and "farol" are the same name. */
export function normalizeName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\b(lda|ltda|ltd|inc|llc|sa|s a|gmbh|unipessoal|me|eireli)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

function sameAsList(v: unknown): string[] {
  const list = Array.isArray(v) ? v : v === undefined ? [] : [v]
  return list.filter((x): x is string => typeof x === 'string' && /^https?:\/\//i.test(x))
}

const HEADER = new Set(['header'])

function logoAlt($: CheerioAPI): string | null {
  const logo = elementsByTag($, 'img').find((el) => {
    if (!hasAttr(el, 'alt')) return false
    const a = el.attribs
    const hay = `${a.src ?? ''} ${a.class ?? ''} ${a.id ?? ''} ${a.alt ?? ''}`
    return /logo/i.test(hay) || hasAncestorTag(el, HEADER)
  })
  const alt = normalizeSpace(logo?.attribs.alt ?? '')
  return alt || null
}

export function measureEntity($: CheerioAPI, jsonLd: JsonLdParse): EntitySignals {
  const types = [...new Set(jsonLd.nodes.flatMap(typesOf))].sort()
  const orgNode = jsonLd.nodes.find((n) => typesOf(n).some(isOrganizationType))
  const organization = orgNode
    ? {
        type: typesOf(orgNode).find(isOrganizationType) ?? 'Organization',
        name: textOf(orgNode.name),
        sameAs: sameAsList(orgNode.sameAs),
        url: textOf(orgNode.url),
        hasLogo: orgNode.logo !== undefined || orgNode.image !== undefined,
      }
    : null
  const name = organization?.name ? normalizeName(organization.name) : ''
  const raw: { source: NameSource['source']; value: string | null }[] = [
    {
      source: 'og:site_name',
      value: normalizeSpace(
        elementsByTag($, 'meta').find((el) => el.attribs.property === 'og:site_name')?.attribs.content ?? '',
      ),
    },
    { source: 'title', value: normalizeSpace($.text(elementsByTag($, 'title').slice(0, 1))) },
    { source: 'logo alt', value: logoAlt($) },
  ]
  const nameSources = raw
    .filter((s): s is { source: NameSource['source']; value: string } => Boolean(s.value))
    .map((s) => ({ ...s, matches: name !== '' && ` ${normalizeName(s.value)} `.includes(` ${name} `) }))
  return {
    jsonLdBlocks: jsonLd.blocks,
    jsonLdErrors: jsonLd.errors,
    types,
    organization,
    nameSources,
    nameConsistency:
      name && nameSources.length
        ? Math.round((nameSources.filter((s) => s.matches).length / nameSources.length) * 100) / 100
        : null,
  }
}
