// The writer's guard against invented facts: every number, percentage, date, quotation and named source
// in a generated text is listed unless it is among the grounding (the site's confirmed facts and what the
// user typed). Deliberately strict: a flagged true number costs the user a glance, an unflagged invented
// one costs their credibility.
import type { Lang, Localized } from '../types.ts'
import { comparable, type SiteFact } from './site-facts.ts'

export type ClaimKind = 'number' | 'percentage' | 'date' | 'quote' | 'source'

export interface CheckableClaim {
  kind: ClaimKind
  text: string
  index: number
}

export interface UnverifiedClaim {
  text: string
  kind: ClaimKind
  reason: string
}

const PT_MONTHS =
  'janeiro|fevereiro|março|marco|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro'
const EN_MONTHS = 'january|february|march|april|may|june|july|august|september|october|november|december'
const NOT_WORD = '(?![\\p{L}\\p{N}])'
const NOT_BEFORE = '(?<![\\p{L}\\p{N}])'

const DATE_PATTERNS = [
  /\b\d{4}-\d{2}-\d{2}\b/gu,
  /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/gu,
  new RegExp(`\\b\\d{1,2}(?:º)?\\s+de\\s+(?:${PT_MONTHS})(?:\\s+de\\s+\\d{4})?`, 'giu'),
  new RegExp(`\\b(?:${PT_MONTHS})\\s+de\\s+\\d{4}`, 'giu'),
  new RegExp(`\\b(?:${EN_MONTHS})\\s+\\d{1,2}(?:st|nd|rd|th)?(?:,\\s*\\d{4})?`, 'giu'),
  new RegExp(`\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${EN_MONTHS})(?:,?\\s+\\d{4})?`, 'giu'),
  new RegExp(`\\b(?:${EN_MONTHS})\\s+\\d{4}`, 'giu'),
  /\b(?:1[5-9]|20)\d{2}\b/gu,
]

const PERCENT = new RegExp(
  `${NOT_BEFORE}\\d+(?:[.,]\\d+)?\\s?(?:%|por\\s?cento|percent|per\\s?cent|pontos percentuais|percentage points)${NOT_WORD}`,
  'giu',
)
// 1.234,5 / 1,234.5 / 1 234 / 12; with an optional scale word.
const NUMBER = new RegExp(
  `${NOT_BEFORE}(?:R\\$|US\\$|€|\\$|£)?\\s?\\d{1,3}(?:(?:[.,\\u00a0\\u202f ])\\d{3})+(?:[.,]\\d+)?(?:\\s?(?:mil|milhões|milhão|mil milhões|biliões|bilhões|thousand|million|billion|k|m))?${NOT_WORD}|${NOT_BEFORE}(?:R\\$|US\\$|€|\\$|£)?\\s?\\d+(?:[.,]\\d+)?(?:\\s?(?:mil|milhões|milhão|biliões|bilhões|thousand|million|billion|k|€|euros?|reais|dólares|dollars?))?${NOT_WORD}`,
  'giu',
)
// Quotations in any of the quote marks Portuguese and English texts use.
const QUOTE = /["“„«‹‘']([^"”“„»«‹›‘’]{8,400}?)["”“»›’']/gu
// "segundo o INE", "according to Gartner", "um estudo da Universidade do Porto", "fonte: Pordata". The
// lead words match in any case; the source's name must start with a capital (that is what names it).
const NAME =
  '([\\p{Lu}](?:[\\p{L}\\p{N}&-]|\\.(?=\\p{L}))*(?:\\s+(?:d[aoe]s?\\s+|of\\s+(?:the\\s+)?)?[\\p{Lu}](?:[\\p{L}\\p{N}&-]|\\.(?=\\p{L}))*)*)'
const anyCase = (words: string) => words.replace(/\b([a-z])/g, (c) => `[${c}${c.toUpperCase()}]`)
const SOURCE = new RegExp(
  [
    `${anyCase('(?:segundo|de acordo com|conforme|citando)')}\\s+(?:[oa]s?\\s+|um\\s+|uma\\s+)?(?:(?:estudo|relatório|inquérito|dados|investigação)\\s+(?:d[aoe]s?\\s+)?)?${NAME}`,
    `${anyCase('(?:according to|as reported by|citing|cited by)')}\\s+(?:the\\s+|a\\s+)?(?:(?:study|report|survey|research|data)\\s+(?:by|from|of)\\s+(?:the\\s+)?)?${NAME}`,
    `${anyCase('(?:um|uma|o|a)')}\\s+(?:estudo|relatório|inquérito|investigação)\\s+(?:d[aoe]s?|publicad[oa] (?:pel[oa]|n[oa]))\\s+${NAME}`,
    `${anyCase('(?:a|an|the)')}\\s+(?:study|report|survey)\\s+(?:by|from|of|published by|published in)\\s+(?:the\\s+)?${NAME}`,
    `${anyCase('(?:fonte|source)')}s?:\\s*${NAME}`,
    // Awards and rankings name who gave them: "eleita a melhor… pela Deco", "voted best… by the JN".
    `(?:[Ee]leit|[Cc]onsiderad|[Pp]remiad|[Dd]istinguid|[Rr]econhecid)[oa]s?\\b[^.;]{0,60}?\\bpel[oa]s?\\s+${NAME}`,
    `(?:[Vv]oted|[Nn]amed|[Rr]anked|[Aa]warded|[Rr]ated|[Rr]ecogni[sz]ed|[Ff]eatured)\\b[^.;]{0,60}?\\bby\\s+(?:the\\s+)?${NAME}`,
  ].join('|'),
  'gu',
)

/** Every checkable statement of a text, in order; dates are taken before the numbers inside them. */
export function findCheckableClaims(text: string): CheckableClaim[] {
  const claims: CheckableClaim[] = []
  const taken: Array<[number, number]> = []
  const free = (start: number, end: number) => !taken.some(([s, e]) => start < e && end > s)
  const take = (kind: ClaimKind, match: RegExpMatchArray, value = match[0]) => {
    const start = match.index ?? 0
    const end = start + match[0].length
    if (!free(start, end)) return
    taken.push([start, end])
    claims.push({ kind, text: value.trim(), index: start })
  }
  for (const m of text.matchAll(QUOTE)) {
    if ((m[1] ?? '').trim().split(/\s+/).length >= 2) take('quote', m)
  }
  for (const m of text.matchAll(SOURCE)) {
    const name = (m.slice(1).filter(Boolean).at(-1) ?? '').trim()
    if (name) take('source', m, m[0])
  }
  for (const pattern of DATE_PATTERNS) for (const m of text.matchAll(pattern)) take('date', m)
  for (const m of text.matchAll(PERCENT)) take('percentage', m)
  for (const m of text.matchAll(NUMBER)) {
    if (isListMarker(text, m.index ?? 0, m[0])) continue
    take('number', m)
  }
  return claims.sort((a, b) => a.index - b.index)
}

/** "1." or "2)" opening a line numbers a list; it states nothing. */
function isListMarker(text: string, index: number, match: string): boolean {
  const lineStart = text.lastIndexOf('\n', index - 1) + 1
  if (text.slice(lineStart, index).trim() !== '') return false
  return /^[.)]/.test(text.slice(index + match.length))
}

/** The values a number may mean: "1.234" is 1234 in Portuguese and 1.234 in English; both are tried. */
export function numberValues(raw: string): number[] {
  const lower = raw.toLowerCase()
  const scale = /mil milhões|biliões|bilhões|billion/.test(lower)
    ? 1e9
    : /milhões|milhão|million|\bm$/.test(lower)
      ? 1e6
      : /\bmil\b|thousand|\bk$/.test(lower)
        ? 1e3
        : 1
  const digits = /\d[\d.,\u00a0\u202f ]*\d|\d/.exec(raw)?.[0] ?? ''
  const compact = digits.replace(/[\u00a0\u202f ]/g, '')
  const candidates = new Set<number>()
  const pt = Number(compact.replace(/\./g, '').replace(',', '.'))
  const en = Number(compact.replace(/,/g, ''))
  for (const v of [pt, en]) {
    if (Number.isFinite(v)) {
      candidates.add(v)
      if (scale !== 1) candidates.add(v * scale)
    }
  }
  return [...candidates]
}

/** Every number written in a grounding text (its facts, the user's request). */
function groundNumbers(grounding: string[]): Set<number> {
  const set = new Set<number>()
  for (const text of grounding) {
    for (const m of text.matchAll(/\d[\d.,\u00a0\u202f ]*\d|\d/g)) {
      for (const v of numberValues(m[0])) set.add(v)
      // "09:00-18:00" and phone numbers: each run of digits alone too.
      for (const part of m[0].split(/[^\d]+/)) if (part) set.add(Number(part))
    }
  }
  return set
}

const MONTHS: Record<string, number> = Object.fromEntries(
  [...PT_MONTHS.split('|').filter((m) => m !== 'marco'), ...EN_MONTHS.split('|')].map((m, i) => [
    m,
    (i % 12) + 1,
  ]),
)
MONTHS.marco = 3

/** Year, month and day a date mentions (any of them may be absent). */
function dateParts(raw: string): { year?: number; month?: number; day?: number } {
  const lower = raw.toLowerCase()
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(lower)
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) }
  const numeric = /(\d{1,2})[/.](\d{1,2})[/.](\d{2,4})/.exec(lower)
  if (numeric) {
    const y = Number(numeric[3])
    return { day: Number(numeric[1]), month: Number(numeric[2]), year: y < 100 ? 2000 + y : y }
  }
  const month = Object.keys(MONTHS).find((m) => lower.includes(m))
  const year = /\b(\d{4})\b/.exec(lower)?.[1]
  const day = /\b(\d{1,2})(?:º|st|nd|rd|th)?\b/.exec(lower.replace(/\b\d{4}\b/, ''))?.[1]
  return {
    ...(year ? { year: Number(year) } : {}),
    ...(month ? { month: MONTHS[month] } : {}),
    ...(day && month ? { day: Number(day) } : {}),
  }
}

function dateGrounded(raw: string, grounding: string[]): boolean {
  const parts = dateParts(raw)
  const joined = grounding.join('\n')
  if (parts.year !== undefined && parts.month === undefined) return groundNumbers(grounding).has(parts.year)
  // A full date is grounded when a grounding date has the same parts.
  for (const pattern of DATE_PATTERNS) {
    for (const m of joined.matchAll(pattern)) {
      const other = dateParts(m[0])
      if (
        other.year === parts.year &&
        other.month === parts.month &&
        (parts.day === undefined || other.day === parts.day)
      )
        return true
    }
  }
  return false
}

const REASONS: Record<ClaimKind, Localized> = {
  number: {
    pt: 'Número que não consta dos factos do site: verificar antes de publicar.',
    en: 'A number not among the site’s facts: verify before publishing.',
  },
  percentage: {
    pt: 'Percentagem que não consta dos factos do site: verificar antes de publicar.',
    en: 'A percentage not among the site’s facts: verify before publishing.',
  },
  date: {
    pt: 'Data que não consta dos factos do site: verificar antes de publicar.',
    en: 'A date not among the site’s facts: verify before publishing.',
  },
  quote: {
    pt: 'Citação que não vem do site: verificar a fonte antes de publicar.',
    en: 'A quotation that does not come from the site: verify its source before publishing.',
  },
  source: {
    pt: 'Fonte nomeada que não consta dos factos do site: verificar antes de publicar.',
    en: 'A named source not among the site’s facts: verify before publishing.',
  },
}

/**
 * The claims of `text` that the grounding does not support. `facts` are the site's confirmed facts;
 * `extra` is other trusted text (the user's keyword and title, the site's own page text).
 */
export function unverifiedClaims(
  text: string,
  facts: readonly SiteFact[],
  lang: Lang,
  extra: readonly string[] = [],
): UnverifiedClaim[] {
  const grounding = [...facts.map((f) => f.value), ...extra]
  const numbers = groundNumbers(grounding)
  const percents = new Set(
    grounding.flatMap((g) => [...g.matchAll(PERCENT)].flatMap((m) => numberValues(m[0]))),
  )
  const groundDigits = grounding.map((g) => g.replace(/\D/g, '')).join(' ')
  const haystack = comparable(grounding.join('\n'))
  const out: UnverifiedClaim[] = []
  for (const claim of findCheckableClaims(text)) {
    let grounded = false
    if (claim.kind === 'percentage') {
      // A percentage is grounded by a percentage: "12 por cento" is not "Rua do Souto 12".
      grounded = numberValues(claim.text).some((v) => percents.has(v))
    } else if (claim.kind === 'number') {
      const digits = claim.text.replace(/\D/g, '')
      // Phone-like runs ("253 000 111") are grounded by the same digits inside a fact ("+351 253 000 111").
      grounded =
        numberValues(claim.text).some((v) => numbers.has(v)) ||
        (digits.length >= 6 && groundDigits.includes(digits))
    } else if (claim.kind === 'date') {
      grounded = dateGrounded(claim.text, grounding)
    } else if (claim.kind === 'quote') {
      const inner = claim.text.slice(1, -1)
      grounded = haystack.includes(comparable(inner))
    } else {
      const name = sourceName(claim.text)
      grounded = name !== '' && containsWords(haystack, comparable(name))
    }
    if (!grounded) out.push({ text: claim.text, kind: claim.kind, reason: REASONS[claim.kind][lang] })
  }
  return out
}

/** Whether `words` occur in `text` as whole words ("ine" is not in "oficina"). */
function containsWords(text: string, words: string): boolean {
  let from = text.indexOf(words)
  while (from !== -1) {
    const before = text[from - 1] ?? ' '
    const after = text[from + words.length] ?? ' '
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) return true
    from = text.indexOf(words, from + 1)
  }
  return false
}

/** The named organisation of a source phrase ("segundo o INE" → "INE"). */
function sourceName(phrase: string): string {
  const m = /([\p{Lu}][\p{L}\p{N}&.-]*(?:\s+(?:d[aoe]s?\s+|of\s+)?[\p{Lu}][\p{L}\p{N}&.-]*)*)\s*$/u.exec(
    phrase,
  )
  return m?.[1] ?? ''
}
