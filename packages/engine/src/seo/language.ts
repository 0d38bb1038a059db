// Language of a page: declared (<html lang>) and detected from the text with a stop-word ratio.
// A pt/en detector is all Farol needs: the product speaks those two languages.
import { isValidLang } from 'lighthouse/third-party/axe/valid-langs.js'
import { scanWords } from './text.ts'

// Words that are frequent in one language and rare in the other. Words common to both ("a", "as",
// "do", "no", "me") are left out because they would count for both sides.
const PT_STOP_WORDS = new Set(
  (
    'de que o e da em um uma para com não os por mais das dos ao na se mas ou ser quando muito nos já também ' +
    'só pelo pela até isso ela entre depois sem mesmo aos seus quem nas esse eles você essa num nem suas meu ' +
    'às minha numa pelos elas qual nós lhe deles essas esses pelas este dele vocês lhes meus minhas nosso ' +
    'nossa nossos nossas é são foi está estão tem têm sua seu como sobre pode ainda onde porque então há ' +
    'cada ter fazer isto aqui estas estes era eram será podem deve seja também assim mesma outros outras'
  ).split(' '),
)

const EN_STOP_WORDS = new Set(
  (
    'the and of to in is that it for with was on are be this by at from or an have not but which you they ' +
    'we his her their has had were been will would can there what all if about more when your our who also ' +
    'into than them these its only other some how those could should may such each does did being after ' +
    'while where why just over any most very then because here'
  ).split(' '),
)

export interface LanguageScores {
  pt: number
  en: number
  words: number
}

/** Counts stop-word hits per language; exposed so callers can show the evidence. */
export function languageScores(text: string): LanguageScores {
  // The same counts as languageScoresOfWords(words(text)), without a string per word: only words short
  // enough to be a stop word are cut out of the text (most words of a long page are longer).
  const nfc = text.normalize('NFC')
  let pt = 0
  let en = 0
  const count = scanWords(nfc, (start, end) => {
    if (end - start > LONGEST_STOP_WORD) return
    const lower = nfc.slice(start, end).toLowerCase()
    if (PT_STOP_WORDS.has(lower)) pt++
    if (EN_STOP_WORDS.has(lower)) en++
  })
  return { pt, en, words: count }
}

const LONGEST_STOP_WORD = Math.max(...[...PT_STOP_WORDS, ...EN_STOP_WORDS].map((w) => w.length))

/** languageScores for text already split into words (callers that have them skip a second split). */
export function languageScoresOfWords(all: readonly string[]): LanguageScores {
  let pt = 0
  let en = 0
  for (const w of all) {
    const lower = w.toLowerCase()
    if (PT_STOP_WORDS.has(lower)) pt++
    if (EN_STOP_WORDS.has(lower)) en++
  }
  return { pt, en, words: all.length }
}

/** Fewer hits than this and the guess would be noise (a menu, a title). */
const MIN_HITS = 5
/** The winner must have at least this many times the loser's hits; bilingual pages get null. */
const DOMINANCE = 2

/** 'pt' or 'en' when the text is clearly in one of them, else null (too short, mixed, or another language). */
export function detectLanguage(text: string): 'pt' | 'en' | null {
  return languageFromScores(languageScores(text))
}

/** The verdict of detectLanguage from already computed scores. */
export function languageFromScores({ pt, en, words: total }: LanguageScores): 'pt' | 'en' | null {
  const best = Math.max(pt, en)
  if (best < MIN_HITS) return null
  // Real prose in either language has well over 10% stop words; a list of names or numbers does not.
  if (best / total < 0.1) return null
  if (pt >= en * DOMINANCE) return 'pt'
  if (en >= pt * DOMINANCE) return 'en'
  return null
}

/**
 * Whether the primary subtag ("pt" of "pt-BR") is a known ISO 639 code. This is the exact test
 * Lighthouse's hreflang audit and axe's html-lang-valid make (same list), so verdicts agree.
 */
export function isKnownPrimaryLanguage(tag: string): boolean {
  const primary = tag.trim().split('-')[0] ?? ''
  return primary !== '' && isValidLang(primary.toLowerCase())
}

/**
 * Whether a language tag is well-formed BCP 47 as search engines read it: a known primary language, then
 * optional script (4 letters), region (2 letters or 3 digits) and variant subtags. Catches "pt_BR" and
 * "en-UK-x" style mistakes that the primary-subtag test lets through.
 */
export function isValidLangTag(tag: string): boolean {
  const t = tag.trim()
  return (
    isKnownPrimaryLanguage(t) &&
    /^[a-z]{2,3}(?:-[a-z]{4})?(?:-(?:[a-z]{2}|\d{3}))?(?:-(?:[a-z\d]{5,8}|\d[a-z\d]{3}))*$/i.test(t)
  )
}

/** The primary language subtag, lowercased: "pt-BR" -> "pt". */
export function primaryLanguage(tag: string): string {
  return tag.trim().split(/[-_]/)[0]?.toLowerCase() ?? ''
}
