// Counted nouns in the product's two languages, by the CLDR plural rules (Intl.PluralRules): "1 sítio",
// "2 sítios"; in European Portuguese 0 takes the plural ("0 perfis"), as in English.
import type { Lang } from '../types.ts'

const rules: Record<Lang, Intl.PluralRules> = {
  pt: new Intl.PluralRules('pt-PT'),
  en: new Intl.PluralRules('en-GB'),
}

export interface Forms {
  one: string
  other: string
}

/** The form of a noun (or phrase) that goes with `n`. */
export function pluralForm(n: number, lang: Lang, forms: Forms): string {
  return rules[lang].select(n) === 'one' ? forms.one : forms.other
}

/** `n` and its noun: counted(1, 'pt', {one: 'sítio', other: 'sítios'}) → "1 sítio". */
export function counted(n: number, lang: Lang, forms: Forms): string {
  return `${n} ${pluralForm(n, lang, forms)}`
}
