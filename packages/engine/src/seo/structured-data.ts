// JSON-LD structured data: parse errors, the @types present (including inside @graph), and the
// properties Google's rich-result documentation requires for the types Farol's users need most.
import type { SeoArtifacts } from '../gather/types.ts'
import { allElements, elementsByTag, hasAttr } from '../page/dom.ts'
import type { Evidence, Finding } from '../types.ts'
import { type CheckMeta, makeFinding, same, sample } from './finding.ts'

type Json = null | boolean | number | string | Json[] | { [k: string]: Json }
type Node = { [k: string]: Json }

export interface JsonLdBlock {
  index: number
  raw: string
  data: Json | null
  error: string | null
}

export function jsonLdBlocks(a: SeoArtifacts): JsonLdBlock[] {
  return elementsByTag(a.$, 'script')
    .filter((el) => hasAttr(el, 'type'))
    .filter((el) => (el.attribs.type ?? '').trim().toLowerCase().split(';')[0] === 'application/ld+json')
    .map((el, index) => {
      const raw = a.$.text([el])
      try {
        return { index, raw, data: JSON.parse(raw) as Json, error: null }
      } catch (e) {
        return { index, raw, data: null, error: e instanceof Error ? e.message : String(e) }
      }
    })
}

const isNode = (v: Json | undefined): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v)

/** "https://schema.org/Article", "schema:Article" and "Article" are the same type. */
export function typesOf(node: Node): string[] {
  const t = node['@type']
  const list = Array.isArray(t) ? t : t === undefined ? [] : [t]
  return list
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.replace(/^(?:https?:\/\/schema\.org\/|schema:)/, ''))
}

/** Every typed node, walking @graph, arrays and nested values (an Organization inside an Article's publisher). */
export function typedNodes(data: Json | null): Node[] {
  const out: Node[] = []
  const walk = (v: Json | undefined, depth: number): void => {
    if (depth > 20 || v === undefined || v === null) return
    if (Array.isArray(v)) {
      for (const item of v) walk(item, depth + 1)
      return
    }
    if (!isNode(v)) return
    if (typesOf(v).length) out.push(v)
    for (const [k, child] of Object.entries(v)) if (k !== '@context') walk(child, depth + 1)
  }
  walk(data, 0)
  return out
}

const present = (v: Json | undefined): boolean =>
  v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)

const asArray = (v: Json | undefined): Json[] =>
  Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]

// Subtypes people actually use; schema.org has hundreds of LocalBusiness subtypes, so any type ending in
// a common business word counts too.
const ARTICLE = new Set([
  'Article',
  'NewsArticle',
  'BlogPosting',
  'TechArticle',
  'ScholarlyArticle',
  'Report',
  'SocialMediaPosting',
])
const LOCAL_BUSINESS = new Set([
  'LocalBusiness',
  'Restaurant',
  'Store',
  'Dentist',
  'Physician',
  'MedicalClinic',
  'Hotel',
  'LodgingBusiness',
  'FoodEstablishment',
  'CafeOrCoffeeShop',
  'Bakery',
  'BarOrPub',
  'AutoRepair',
  'BeautySalon',
  'HairSalon',
  'RealEstateAgent',
  'LegalService',
  'Attorney',
  'AccountingService',
  'ProfessionalService',
  'HomeAndConstructionBusiness',
  'SportsActivityLocation',
  'ExerciseGym',
  'TravelAgency',
])
const ORGANIZATION = new Set([
  'Organization',
  'Corporation',
  'NGO',
  'EducationalOrganization',
  'OnlineBusiness',
  'NewsMediaOrganization',
])

/** Missing required properties of one node, by its type; [] when complete or when Farol has no rule for it. */
export function missingProperties(node: Node): string[] {
  const types = typesOf(node)
  const missing: string[] = []
  const need = (...props: string[]): void => {
    for (const p of props) if (!present(node[p])) missing.push(p)
  }
  if (types.some((t) => LOCAL_BUSINESS.has(t))) need('name', 'address')
  else if (types.some((t) => ORGANIZATION.has(t))) need('name', 'url')
  if (types.some((t) => ARTICLE.has(t))) need('headline', 'author', 'datePublished')
  if (types.includes('Product')) {
    need('name')
    if (!present(node.offers) && !present(node.review) && !present(node.aggregateRating)) {
      missing.push('offers | review | aggregateRating')
    }
  }
  if (types.includes('FAQPage')) {
    const questions = asArray(node.mainEntity)
    if (questions.length === 0) missing.push('mainEntity')
    questions.forEach((q, i) => {
      if (!isNode(q) || !typesOf(q).includes('Question')) {
        missing.push(`mainEntity[${i}] Question`)
        return
      }
      if (!present(q.name)) missing.push(`mainEntity[${i}].name`)
      const answer = q.acceptedAnswer
      const first = Array.isArray(answer) ? answer[0] : answer
      if (!isNode(first) || !present(first.text)) missing.push(`mainEntity[${i}].acceptedAnswer.text`)
    })
  }
  if (types.includes('BreadcrumbList')) {
    const items = asArray(node.itemListElement)
    if (items.length === 0) missing.push('itemListElement')
    items.forEach((it, i) => {
      if (!isNode(it)) {
        missing.push(`itemListElement[${i}]`)
        return
      }
      if (!present(it.position)) missing.push(`itemListElement[${i}].position`)
      const item = it.item
      const name = it.name ?? (isNode(item) ? item.name : undefined)
      if (!present(name)) missing.push(`itemListElement[${i}].name`)
      // Google allows the last crumb (the current page) to omit item.
      if (!present(item) && i < items.length - 1) missing.push(`itemListElement[${i}].item`)
    })
  }
  return missing
}

export interface StructuredDataSummary {
  blocks: number
  errors: string[]
  types: string[]
  incomplete: { type: string; missing: string[] }[]
  /** Microdata/RDFa seen (not validated), so a page using them is not told it has none. */
  otherFormats: string[]
}

export function structuredDataSummary(a: SeoArtifacts): StructuredDataSummary {
  const blocks = jsonLdBlocks(a)
  const nodes = blocks.flatMap((b) => typedNodes(b.data))
  // One pass over the elements, no array per element (a 200 KB page has thousands).
  let microdata = false
  let rdfa = false
  for (const el of allElements(a.$)) {
    if (!microdata && hasAttr(el, 'itemscope') && hasAttr(el, 'itemtype')) microdata = true
    if (!rdfa && hasAttr(el, 'typeof') && (hasAttr(el, 'vocab') || hasAttr(el, 'property'))) rdfa = true
    if (microdata && rdfa) break
  }
  const otherFormats = [...(microdata ? ['microdata'] : []), ...(rdfa ? ['RDFa'] : [])]
  return {
    blocks: blocks.length,
    errors: blocks.filter((b) => b.error).map((b) => `#${b.index + 1}: ${b.error}`),
    types: [...new Set(nodes.flatMap(typesOf))],
    incomplete: nodes
      .map((n) => ({ type: typesOf(n).join('/'), missing: missingProperties(n) }))
      .filter((x) => x.missing.length > 0),
    otherFormats,
  }
}

export const structuredDataMeta: CheckMeta = {
  id: 'structured-data',
  category: 'structure',
  impact: 'medium',
  title: { pt: 'Os dados estruturados são válidos', en: 'Structured data is valid' },
  failureTitle: { pt: 'Os dados estruturados têm erros', en: 'Structured data has errors' },
  description: {
    pt: 'Dados estruturados JSON-LD (schema.org) dizem a motores de pesquisa e modelos de IA quem é a organização, o que é a página e quem a escreveu, e dão acesso a resultados enriquecidos.',
    en: 'JSON-LD structured data (schema.org) tells search engines and AI models who the organisation is, what the page is and who wrote it, and unlocks rich results.',
  },
}

export function structuredData(a: SeoArtifacts): Finding {
  const s = structuredDataSummary(a)
  const evidence: Evidence[] = [
    { signal: { pt: 'blocos JSON-LD', en: 'JSON-LD blocks' }, value: s.blocks },
    { signal: same('@type'), value: s.types.join(', ') || null },
    { signal: { pt: 'erros de sintaxe', en: 'parse errors' }, value: s.errors.length, target: same('0') },
  ]
  if (s.otherFormats.length)
    evidence.push({
      signal: { pt: 'outros formatos', en: 'other formats' },
      value: s.otherFormats.join(', '),
    })
  if (s.errors.length) {
    evidence.push({ signal: { pt: 'erros', en: 'errors' }, value: sample(s.errors, 3) })
    return makeFinding(structuredDataMeta, 'fail', {
      evidence,
      detail: {
        pt: `${s.errors.length} bloco(s) JSON-LD não são JSON válido e são ignorados.`,
        en: `${s.errors.length} JSON-LD block(s) are not valid JSON and are ignored.`,
      },
    })
  }
  if (s.incomplete.length) {
    const list = s.incomplete.map((i) => `${i.type}: ${i.missing.join(', ')}`)
    evidence.push({
      signal: { pt: 'propriedades obrigatórias em falta', en: 'missing required properties' },
      value: sample(list, 5),
    })
    return makeFinding(structuredDataMeta, 'warn', {
      evidence,
      title: {
        pt: 'Faltam propriedades obrigatórias nos dados estruturados',
        en: 'Structured data lacks required properties',
      },
      detail: { pt: `Em falta: ${sample(list, 3)}.`, en: `Missing: ${sample(list, 3)}.` },
    })
  }
  if (s.types.length === 0) {
    return makeFinding(structuredDataMeta, 'warn', {
      evidence,
      title: {
        pt: 'A página não tem dados estruturados JSON-LD',
        en: 'The page has no JSON-LD structured data',
      },
    })
  }
  return makeFinding(structuredDataMeta, 'pass', { evidence })
}
