// What every AIO finding is built from: the finding with its evidence strength, an optional recommendation,
// and number/list formatting in both languages. Each signal keeps its own findings beside its measure
// (readability.ts, facts.ts, ...), as the on-page checks do (seo/meta-tags.ts).
import type { Finding, Localized, Verdict } from '../types.ts'
import type { StrengthNote } from './strength.ts'

export interface Recommendation {
  title: Localized
  explanation: Localized
}

export interface BuiltFinding {
  finding: Finding
  recommendation?: Recommendation
}

export type Lang = 'pt' | 'en'

/** A number in each language's notation: 31,5 in Portuguese, 31.5 in English. */
export function num(n: number, digits = 1): Localized {
  return { pt: formatter('pt-PT', digits).format(n), en: formatter('en-GB', digits).format(n) }
}
// Building an Intl.NumberFormat costs more than formatting; a page's findings format dozens of numbers.
const formatters = new Map<string, Intl.NumberFormat>()
function formatter(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}:${digits}`
  let f = formatters.get(key)
  if (!f) {
    f = new Intl.NumberFormat(locale, { maximumFractionDigits: digits })
    formatters.set(key, f)
  }
  return f
}
export const pct = (share: number): Localized => num(Math.round(share * 100), 0)
const DAYS = {
  pt: new Intl.DateTimeFormat('pt-PT', { dateStyle: 'medium', timeZone: 'UTC' }),
  en: new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' }),
}
/** An ISO date as each language writes a day: "15/04/2025", "15 Apr 2025" (the text as given if not a date). */
export function day(iso: string, lang: Lang): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso}T00:00:00Z` : iso)
  return Number.isNaN(date.getTime()) ? iso : DAYS[lang].format(date)
}
const LISTS = {
  pt: new Intl.ListFormat('pt-PT', { type: 'conjunction' }),
  en: new Intl.ListFormat('en-GB', { type: 'conjunction' }),
}
export const list = (items: string[], lang: Lang): string => LISTS[lang].format(items)
export const loc = (f: (lang: Lang) => string): Localized => ({ pt: f('pt'), en: f('en') })

export function build(
  f: Omit<Finding, 'strength' | 'category'> & {
    category?: Finding['category']
    strength: StrengthNote
    /**
     * Where the finding read its evidence (the part of the page, or the site file); evidence items
     * without a where of their own get this one, so every claim says where it comes from.
     */
    where?: Localized
  },
  recommendation?: Recommendation,
): BuiltFinding {
  const finding: Finding = {
    id: f.id,
    category: f.category ?? 'aio',
    verdict: f.verdict,
    score: f.score,
    title: f.title,
    description: f.description,
    evidence: f.where ? f.evidence.map((e) => (e.where ? e : { ...e, where: f.where })) : f.evidence,
    impact: f.impact,
    strength: { level: f.strength.level, note: f.strength.note },
  }
  // Nothing to fix on a pass, nor on a check that does not apply to this page.
  return recommendation && f.verdict !== 'pass' && f.verdict !== 'na'
    ? { finding, recommendation }
    : { finding }
}

export const verdictOf = (score: number, pass: number, warn: number): Verdict =>
  score >= pass ? 'pass' : score >= warn ? 'warn' : 'fail'

/** Where a value was read in the main content: the element and the main region ('<p> in <main>'). */
export const inContent = (element: string, region: string): Localized => ({
  pt: `<${element}> no conteúdo principal (${region})`,
  en: `<${element}> in the main content (${region})`,
})

/** Where whole-page counts were read: the document's body. */
export const WHOLE_PAGE: Localized = { pt: 'toda a página (<body>)', en: 'the whole page (<body>)' }
/** The main content as a region, for measures over all its prose. */
export const MAIN_CONTENT = (region: string): Localized => ({
  pt: `texto do conteúdo principal (${region})`,
  en: `the main content's text (${region})`,
})
