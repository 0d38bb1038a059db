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
  const f = (locale: string) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n)
  return { pt: f('pt-PT'), en: f('en-GB') }
}
export const pct = (share: number): Localized => num(Math.round(share * 100), 0)
export const list = (items: string[], lang: Lang): string =>
  new Intl.ListFormat(lang === 'pt' ? 'pt-PT' : 'en-GB', { type: 'conjunction' }).format(items)
export const loc = (f: (lang: Lang) => string): Localized => ({ pt: f('pt'), en: f('en') })

export function build(
  f: Omit<Finding, 'strength' | 'category'> & { category?: Finding['category']; strength: StrengthNote },
  recommendation?: Recommendation,
): BuiltFinding {
  const finding: Finding = {
    id: f.id,
    category: f.category ?? 'aio',
    verdict: f.verdict,
    score: f.score,
    title: f.title,
    description: f.description,
    evidence: f.evidence,
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
