// Entity clarity: does the page say, in machine-readable form, which organisation it belongs to, link
// that organisation to its profiles elsewhere (sameAs) and name it the same way everywhere?
// Knowledge graphs and LLM retrieval resolve entities by name plus corroborating links.
import type { CheerioAPI } from 'cheerio'
import { elementsByTag, hasAncestorTag, hasAttr } from '../page/dom.ts'
import { same } from '../seo/finding.ts'
import { normalizeSpace } from '../seo/text.ts'
import type { Evidence, Localized } from '../types.ts'
import { type BuiltFinding, build, type Lang, loc, type Recommendation } from './finding.ts'
import { type JsonLdParse, textOf, typesOf } from './jsonld.ts'
import { counted, pluralForm } from './plural.ts'
import { entityScore } from './scores.ts'
import type { EntitySignals, NameSource } from './signals.ts'
import { STRENGTH } from './strength.ts'

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

// ---------------------------------------------------------------- findings

const SAME_AS_LINKS: Localized = { pt: 'ligações sameAs', en: 'sameAs links' }
/** Where the organisation's name was read from, as shown to people. */
const NAME_SOURCE: Record<NameSource['source'], Localized> = {
  'og:site_name': same('og:site_name'),
  title: { pt: 'título', en: 'title' },
  'logo alt': { pt: 'alt do logótipo', en: 'logo alt' },
}
const nameSources = (sources: { source: NameSource['source'] }[], l: Lang): string =>
  sources.map((s) => NAME_SOURCE[s.source][l]).join(', ')

const JSON_LD = same('<script type="application/ld+json">')
/** Where each name was read, as written in the source. */
const NAME_WHERE: Record<NameSource['source'], Localized> = {
  'og:site_name': same('<meta property="og:site_name">'),
  title: same('<title>'),
  'logo alt': same('<img alt>'),
}

export function entityFindings(e: EntitySignals): BuiltFinding[] {
  const out: BuiltFinding[] = []
  const org = e.organization
  const addOrg: Recommendation = {
    title: { pt: 'Adicione JSON-LD de Organization com sameAs', en: 'Add Organization JSON-LD with sameAs' },
    explanation: {
      pt: 'Declare em JSON-LD (Organization, ou LocalBusiness se tiver morada física) o nome, o URL, o logótipo e, em sameAs, os perfis oficiais da organização (LinkedIn, Wikipedia, Wikidata, redes sociais), usando sempre o mesmo nome que aparece no título e no og:site_name.',
      en: "Declare in JSON-LD (Organization, or LocalBusiness if you have a physical address) the organisation's name, URL, logo and, in sameAs, its official profiles (LinkedIn, Wikipedia, Wikidata, social networks), always with the same name as in the title and og:site_name.",
    },
  }
  const baseEvidence: Evidence[] = [
    {
      signal: { pt: 'JSON-LD de Organization/LocalBusiness', en: 'Organization/LocalBusiness JSON-LD' },
      value: org ? org.type : null,
      target: { pt: 'presente', en: 'present' },
    },
    { signal: SAME_AS_LINKS, value: org ? org.sameAs.length : 0, target: same('≥ 2') },
    {
      signal: { pt: 'consistência do nome', en: 'name consistency' },
      value: e.nameConsistency,
      target: same('1'),
    },
  ]
  if (!org) {
    out.push(
      build(
        {
          id: 'aio-entity',
          verdict: 'fail',
          score: entityScore(e),
          impact: 'medium',
          title: {
            pt: 'Sem dados estruturados da organização',
            en: 'No structured data for the organisation',
          },
          description: loc((l) =>
            l === 'pt'
              ? `A página não tem JSON-LD do tipo Organization nem LocalBusiness${e.types.length ? ` (tipos encontrados: ${e.types.join(', ')})` : ''}. Sem ele, motores de pesquisa e modelos de IA têm de adivinhar que entidade está por trás do site.`
              : `The page has no Organization or LocalBusiness JSON-LD${e.types.length ? ` (types found: ${e.types.join(', ')})` : ''}. Without it, search engines and AI models have to guess which entity is behind the site.`,
          ),
          evidence: baseEvidence,
          where: JSON_LD,
          strength: STRENGTH.structuredData,
        },
        addOrg,
      ),
    )
  } else {
    const name = org.name ?? '—'
    out.push(
      build({
        id: 'aio-entity',
        verdict: 'pass',
        score: entityScore(e),
        impact: 'medium',
        title: loc((l) =>
          l === 'pt'
            ? `Organização identificada em JSON-LD: ${name} (${org.type})`
            : `Organisation identified in JSON-LD: ${name} (${org.type})`,
        ),
        description: loc((l) =>
          l === 'pt'
            ? `O JSON-LD declara a entidade ${name} do tipo ${org.type}${org.hasLogo ? ', com logótipo' : ''}.`
            : `The JSON-LD declares the entity ${name} of type ${org.type}${org.hasLogo ? ', with a logo' : ''}.`,
        ),
        evidence: baseEvidence,
        where: JSON_LD,
        strength: STRENGTH.structuredData,
      }),
    )
    const n = org.sameAs.length
    out.push(
      build(
        {
          id: 'aio-entity-sameas',
          verdict: n >= 2 ? 'pass' : 'warn',
          score: n >= 2 ? 100 : n === 1 ? 50 : 0,
          impact: 'medium',
          title: loc((l) =>
            n >= 2
              ? l === 'pt'
                ? `${n} perfis oficiais ligados em sameAs`
                : `${n} official profiles linked in sameAs`
              : n === 0
                ? l === 'pt'
                  ? 'Nenhum perfil oficial ligado em sameAs'
                  : 'No official profile linked in sameAs'
                : l === 'pt'
                  ? `Só ${counted(n, l, { one: 'perfil ligado', other: 'perfis ligados' })} em sameAs`
                  : `Only ${counted(n, l, { one: 'profile', other: 'profiles' })} linked in sameAs`,
          ),
          description: loc((l) =>
            l === 'pt'
              ? `A organização tem ${counted(n, l, { one: 'ligação', other: 'ligações' })} sameAs${n ? ` (${org.sameAs.slice(0, 3).join(', ')})` : ''}; o alvo é pelo menos 2. O sameAs liga o site aos perfis que confirmam quem é a entidade.`
              : `The organisation has ${counted(n, l, { one: 'sameAs link', other: 'sameAs links' })}${n ? ` (${org.sameAs.slice(0, 3).join(', ')})` : ''}; the target is at least 2. sameAs ties the site to the profiles that confirm who the entity is.`,
          ),
          evidence: [{ signal: SAME_AS_LINKS, value: n, target: same('≥ 2') }],
          where: JSON_LD,
          strength: STRENGTH.structuredData,
        },
        {
          title: { pt: 'Ligue os perfis oficiais em sameAs', en: 'Link official profiles in sameAs' },
          explanation: loc((l) =>
            l === 'pt'
              ? `Acrescente ao JSON-LD de ${name} uma lista sameAs com os URLs dos perfis oficiais (LinkedIn, Wikipedia ou Wikidata, Facebook, Instagram, GitHub); hoje há ${n}.`
              : `Add to ${name}'s JSON-LD a sameAs list with the URLs of its official profiles (LinkedIn, Wikipedia or Wikidata, Facebook, Instagram, GitHub); there are ${n} now.`,
          ),
        },
      ),
    )
    const mismatched = e.nameSources.filter((s) => !s.matches)
    const consistent = org.name !== null && e.nameConsistency !== null && mismatched.length === 0
    out.push(
      build(
        {
          id: 'aio-entity-name',
          verdict: consistent ? 'pass' : 'warn',
          score: e.nameConsistency === null ? 0 : Math.round(e.nameConsistency * 100),
          impact: 'low',
          title: loc((l) =>
            consistent
              ? l === 'pt'
                ? `Nome "${name}" consistente em ${counted(e.nameSources.length, l, { one: 'sítio', other: 'sítios' })} (${nameSources(e.nameSources, l)})`
                : `Name "${name}" consistent in ${counted(e.nameSources.length, l, { one: 'place', other: 'places' })} (${nameSources(e.nameSources, l)})`
              : l === 'pt'
                ? `Nome da organização inconsistente`
                : `Inconsistent organisation name`,
          ),
          description: loc((l) =>
            org.name === null
              ? l === 'pt'
                ? 'O JSON-LD da organização não tem a propriedade name.'
                : "The organisation's JSON-LD has no name property."
              : consistent
                ? l === 'pt'
                  ? `O nome "${name}" aparece no JSON-LD e em ${nameSources(e.nameSources, l)}.`
                  : `The name "${name}" appears in the JSON-LD and in ${nameSources(e.nameSources, l)}.`
                : l === 'pt'
                  ? `O JSON-LD chama-se "${name}", mas esse nome não aparece em ${mismatched.map((s) => `${NAME_SOURCE[s.source].pt} ("${s.value}")`).join(', ') || 'nenhum outro sítio (sem og:site_name, título ou logótipo com alt)'}. Nomes diferentes dificultam ligar o site a uma só entidade.`
                  : `The JSON-LD says "${name}", but that name does not appear in ${mismatched.map((s) => `${NAME_SOURCE[s.source].en} ("${s.value}")`).join(', ') || 'any other place (no og:site_name, title or logo alt)'}. Different names make it harder to tie the site to one entity.`,
          ),
          evidence: e.nameSources.map((s) => ({
            signal: loc((l) => `${l === 'pt' ? 'nome em' : 'name in'} ${NAME_SOURCE[s.source][l]}`),
            value: s.value,
            target: same(name),
            where: NAME_WHERE[s.source],
          })),
          where: JSON_LD,
          strength: STRENGTH.structuredData,
        },
        {
          title: { pt: 'Use o mesmo nome em todo o lado', en: 'Use the same name everywhere' },
          explanation: loc((l) =>
            l === 'pt'
              ? `Escreva o nome da organização ("${name}") igual no JSON-LD, no og:site_name, no título da página e no alt do logótipo.`
              : `Write the organisation's name ("${name}") the same way in the JSON-LD, og:site_name, the page title and the logo's alt text.`,
          ),
        },
      ),
    )
  }
  if (e.jsonLdErrors > 0) {
    out.push(
      build(
        {
          id: 'aio-jsonld-errors',
          verdict: 'fail',
          score: 0,
          impact: 'medium',
          title: loc((l) =>
            l === 'pt'
              ? `${counted(e.jsonLdErrors, l, { one: 'bloco', other: 'blocos' })} JSON-LD com erros de sintaxe`
              : `${counted(e.jsonLdErrors, l, { one: 'JSON-LD block', other: 'JSON-LD blocks' })} with syntax errors`,
          ),
          description: loc((l) =>
            l === 'pt'
              ? `${e.jsonLdErrors} de ${counted(e.jsonLdBlocks, l, { one: 'bloco', other: 'blocos' })} JSON-LD ${pluralForm(e.jsonLdErrors, l, { one: 'não é JSON válido e é ignorado', other: 'não são JSON válido e são ignorados' })} por quem os lê.`
              : `${e.jsonLdErrors} of ${counted(e.jsonLdBlocks, l, { one: 'JSON-LD block', other: 'JSON-LD blocks' })} ${pluralForm(e.jsonLdErrors, l, { one: 'is not valid JSON and is', other: 'are not valid JSON and are' })} ignored by readers.`,
          ),
          evidence: [
            {
              signal: { pt: 'erros de sintaxe no JSON-LD', en: 'JSON-LD parse errors' },
              value: e.jsonLdErrors,
              target: same('0'),
            },
          ],
          where: JSON_LD,
          strength: STRENGTH.structuredData,
        },
        {
          title: { pt: 'Corrija o JSON-LD inválido', en: 'Fix the invalid JSON-LD' },
          explanation: {
            pt: 'Valide cada bloco <script type="application/ld+json"> (vírgulas, aspas, chavetas) no Validador de Schema.org.',
            en: 'Validate each <script type="application/ld+json"> block (commas, quotes, braces) in the Schema.org Validator.',
          },
        },
      ),
    )
  }
  return out
}
