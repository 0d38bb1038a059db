// NAP normalisation for Portuguese and Brazilian businesses: the same business written two ways
// ("R. Augusta 24" / "Rua Augusta, n.º 24"; "+351 213 421 000" / "213421000") must compare equal.
import { parsePhoneNumberFromString } from 'libphonenumber-js'
import type { Country } from './types.ts'

/** Lower case, without accents, punctuation turned into spaces, spaces collapsed. */
export function foldText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[º°ª]/g, ' ')
    .replace(/&/g, ' e ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** A phone as E.164 (+351213421000), or null when it is not a valid PT/BR (or international) number. */
export function normalizePhone(raw: string, country: Country): string | null {
  const text = raw.trim().replace(/^00/, '+')
  if (!/\d/.test(text)) return null
  const parsed = parsePhoneNumberFromString(text, country)
  if (!parsed?.isValid()) return null
  return parsed.number
}

/**
 * Postal code in its official form: PT NNNN-NNN (CTT), BR NNNNN-NNN (CEP). Accepts the digits without
 * the dash; null when it is neither.
 */
export function normalizePostalCode(raw: string): { country: Country; code: string } | null {
  const compact = raw.trim().replace(/\s+/g, '')
  const pt = /^(\d{4})-?(\d{3})$/.exec(compact)
  if (pt) return { country: 'PT', code: `${pt[1]}-${pt[2]}` }
  const br = /^(\d{5})-?(\d{3})$/.exec(compact)
  if (br) return { country: 'BR', code: `${br[1]}-${br[2]}` }
  return null
}

/**
 * The country of the search: the postal code's format says it, else the phone's country code, else a
 * Brazilian hint in the address, city or site (a state suffix such as "- SP", "Brasil", a .br domain),
 * else Portugal.
 */
export function detectCountry(postalCode: string, phone: string, hint = ''): Country {
  const postal = normalizePostalCode(postalCode)
  if (postal) return postal.country
  const digits = phone
    .trim()
    .replace(/^00/, '+')
    .replace(/[^\d+]/g, '')
  if (digits.startsWith('+55')) return 'BR'
  if (digits.startsWith('+351')) return 'PT'
  if (
    /[-–/,]\s*(?:AC|AL|AP|AM|BA|CE|DF|ES|GO|MA|MT|MS|MG|PA|PB|PR|PE|PI|RJ|RN|RS|RO|RR|SC|SP|SE|TO)\b|\bBrasil\b|\bBrazil\b|\.br\b/.test(
      hint,
    )
  ) {
    return 'BR'
  }
  return 'PT'
}

// Company-form suffixes that registries add and directories drop (PT: Lda., Unipessoal, S.A.;
// BR: LTDA, ME, EIRELI, EPP). Only removed at the end of a name: "ME" inside a name is a word.
const companySuffixes = new Set([
  'lda',
  'limitada',
  'unipessoal',
  'sa',
  's a',
  'ltda',
  'me',
  'eireli',
  'epp',
  'sociedade unipessoal',
  'sociedade anonima',
])

const trailingSuffix =
  /[\s,.;–-]+(?:lda|limitada|unipessoal|s\.?\s?a|ltda|me|eireli|epp|sociedade unipessoal)\.?\s*$/i

/**
 * The name as written, without its company form: what to search directories for ("Padaria São Jorge
 * LTDA" is listed as "Padaria São Jorge").
 */
export function searchName(raw: string): string {
  let name = raw.trim()
  for (let i = 0; i < 4; i++) {
    const next = name.replace(trailingSuffix, '').trim()
    if (next === name || !next) break
    name = next
  }
  return name
}

/** A business name folded, with company suffixes removed: "Pastelaria Alfama, Lda." → "pastelaria alfama". */
export function normalizeName(raw: string): string {
  let words = foldText(raw).split(' ').filter(Boolean)
  let changed = true
  while (changed && words.length > 1) {
    changed = false
    for (const size of [2, 1]) {
      if (words.length <= size) continue
      const tail = words.slice(-size).join(' ')
      if (companySuffixes.has(tail)) {
        words = words.slice(0, -size)
        changed = true
        break
      }
    }
  }
  return words.join(' ')
}

// Street-type abbreviations used in Portugal and Brazil (CTT and Correios write them both ways).
const streetAbbreviations: Record<string, string> = {
  r: 'rua',
  av: 'avenida',
  avda: 'avenida',
  pc: 'praca',
  pca: 'praca',
  lg: 'largo',
  lgo: 'largo',
  tv: 'travessa',
  trav: 'travessa',
  estr: 'estrada',
  est: 'estrada',
  rod: 'rodovia',
  al: 'alameda',
  cc: 'calcada',
  calc: 'calcada',
  bc: 'beco',
  pq: 'parque',
  qta: 'quinta',
  urb: 'urbanizacao',
  dr: 'doutor',
  eng: 'engenheiro',
  prof: 'professor',
  sta: 'santa',
  sto: 'santo',
  s: 'sao',
}

/** Words that only say "number": "n.º 24", "nº 24", "no 24", "número 24". */
const numberWords = new Set(['n', 'no', 'nr', 'num', 'numero'])

export interface NormalizedAddress {
  /** Street with abbreviations expanded, folded: "rua augusta". */
  street: string
  /** House number as written ("24", "24a", "1578"), or null. */
  number: string | null
}

/**
 * The street and house number of an address. Postal code, city and country after the street are
 * dropped (directories append them, the form has them in their own fields); the first number after
 * the street is the house number, compared apart from the street name.
 */
export function normalizeAddress(raw: string): NormalizedAddress {
  // Drop postal codes first so "1100-048" is not read as a house number.
  const withoutPostal = raw.replace(/\b\d{4,5}-\d{3}\b/g, ' , ')
  const segments = withoutPostal
    .split(/,|\s-\s|;/)
    .map((s) => s.trim())
    .filter(Boolean)
  let street = ''
  let number: string | null = null
  for (const segment of segments) {
    const words = foldText(segment.replace(/\.(?=\S)/g, '. '))
      .split(' ')
      .filter(Boolean)
    if (!street) {
      const streetWords: string[] = []
      for (const [i, word] of words.entries()) {
        const next = words[i + 1] ?? ''
        // "Rua 25 de Abril", "Av. 5 de Outubro": a number followed by "de" is a date in the street's name.
        const isHouseNumber = /^\d+[a-z]?$/.test(word) && next !== 'de'
        if (isHouseNumber && streetWords.length > 0) {
          number = word
          break
        }
        if (numberWords.has(word) && /^\d/.test(next)) continue
        streetWords.push(streetAbbreviations[word] ?? word)
      }
      // A leading number ("24 Rua Augusta", rare in PT/BR but seen in OSM exports) is the house number.
      if (streetWords.length > 1 && /^\d+[a-z]?$/.test(streetWords[0]!) && streetWords[1] !== 'de') {
        number = streetWords.shift()!
      }
      street = streetWords.join(' ')
      if (number) break
      continue
    }
    // "Rua Augusta, 24" / "Rua Augusta, n.º 24": the number is the next segment.
    const first = words.find((w) => !numberWords.has(w))
    if (first && /^\d+[a-z]?$/.test(first)) number = first
    break
  }
  return { street, number }
}

/** Character-bigram (Dice) similarity of two folded strings, 0-1. */
export function textSimilarity(a: string, b: string): number {
  if (!a || !b) return 0
  if (a === b) return 1
  const grams = (s: string): Map<string, number> => {
    const m = new Map<string, number>()
    const t = ` ${s} `
    for (let i = 0; i < t.length - 1; i++) {
      const g = t.slice(i, i + 2)
      m.set(g, (m.get(g) ?? 0) + 1)
    }
    return m
  }
  const ga = grams(a)
  const gb = grams(b)
  let shared = 0
  let total = 0
  for (const n of ga.values()) total += n
  for (const n of gb.values()) total += n
  for (const [g, n] of ga) shared += Math.min(n, gb.get(g) ?? 0)
  return (2 * shared) / total
}
