// AnswerThePublic's method over search autocomplete: ask for the seed with question words in front, and
// with prepositions, comparisons and each letter behind it; keep what a searcher really types around the
// seed (three words or more, the seed inside) and sort it by the kind of modifier. Pure functions.
import { containsSeed, keywordKey, tidyKeyword, wordCount } from './normalize.ts'
import type { KeywordLang, ModifierGroup } from './types.ts'

interface Modifiers {
  questions: string[]
  prepositions: string[]
  comparisons: string[]
}

/**
 * Multi-word modifiers come before their first word ("quanto custa" before "quanto", "perto de") so the
 * longest one names the group. Portugal writes "porque", Brazil "por que": both are asked in Portuguese.
 */
export const modifiers: Record<KeywordLang, Modifiers> = {
  pt: {
    questions: ['como', 'o que', 'qual', 'quais', 'quanto custa', 'onde', 'porque', 'por que', 'quando'],
    prepositions: ['para', 'com', 'sem', 'perto de', 'em'],
    comparisons: ['vs', 'ou'],
  },
  en: {
    questions: ['how', 'what', 'which', 'where', 'why', 'when', 'who', 'can', 'is'],
    prepositions: ['for', 'with', 'without', 'near', 'in', 'to'],
    comparisons: ['vs', 'or'],
  },
}

const letters = 'abcdefghijklmnopqrstuvwxyz'.split('')

export interface ExpansionQuery {
  /** What is typed into the search box. */
  query: string
  /** 'related' for the seed itself and "seed " (the autocomplete of the seed); else the long-tail group. */
  group: ModifierGroup | 'related'
  modifier: string
}

/** The queries of one seed, related first (they feed the first results the page shows). */
export function expansionQueries(seed: string, lang: KeywordLang): ExpansionQuery[] {
  // Autocomplete ignores case; one spelling per seed keeps the 24 h cache shared.
  const s = tidyKeyword(seed)
  if (!s) return []
  const m = modifiers[lang]
  return [
    { query: s, group: 'related', modifier: '' },
    { query: `${s} `, group: 'related', modifier: '' },
    ...m.questions.map((q) => ({ query: `${q} ${s}`, group: 'questions' as const, modifier: q })),
    ...m.prepositions.map((p) => ({ query: `${s} ${p}`, group: 'prepositions' as const, modifier: p })),
    ...m.comparisons.map((c) => ({ query: `${s} ${c}`, group: 'comparisons' as const, modifier: c })),
    ...letters.map((l) => ({ query: `${s} ${l}`, group: 'alphabetical' as const, modifier: l })),
  ]
}

/**
 * The long tail keeps suggestions of three words or more that contain the seed, except the query echoed
 * back with nothing after its modifier ("seguro auto para", "como seguro auto"): no one searches that.
 */
export function isLongTail(suggestion: string, seed: string, lang: KeywordLang): boolean {
  if (wordCount(suggestion) < 3 || !containsSeed(suggestion, seed)) return false
  const key = keywordKey(suggestion)
  const seedKey = keywordKey(seed)
  const outside = ` ${key} `.replace(` ${seedKey} `, ' ').trim()
  const m = modifiers[lang]
  return ![...m.questions, ...m.prepositions, ...m.comparisons].some((word) => keywordKey(word) === outside)
}

/** Whether the word list `words` contains the phrase `phrase` (both already keyword keys). */
function hasPhrase(words: string[], phrase: string): boolean {
  return ` ${words.join(' ')} `.includes(` ${phrase} `)
}

/**
 * The group of a long-tail keyword, from its words around the seed (not from the query that found it:
 * "seguro auto a" also brings "seguro auto para jovens", which is a preposition). A question word
 * anywhere outside the seed makes a question; then comparisons, prepositions; else alphabetical, by the
 * first letter after the seed (before it when the seed ends the keyword).
 */
export function classifyLongTail(
  keyword: string,
  seed: string,
  lang: KeywordLang,
): { group: ModifierGroup; modifier: string } {
  const key = keywordKey(keyword)
  const seedKey = keywordKey(seed)
  const at = ` ${key} `.indexOf(` ${seedKey} `)
  const before = at < 0 ? [] : key.slice(0, at).split(' ').filter(Boolean)
  const after =
    at < 0
      ? key.split(' ')
      : key
          .slice(at + seedKey.length)
          .split(' ')
          .filter(Boolean)
  const outside = [...before, ...after]
  const m = modifiers[lang]
  const fold = (word: string) => keywordKey(word)
  for (const q of m.questions) if (hasPhrase(outside, fold(q))) return { group: 'questions', modifier: q }
  for (const c of m.comparisons) if (hasPhrase(after, fold(c))) return { group: 'comparisons', modifier: c }
  if (hasPhrase(after, 'versus')) return { group: 'comparisons', modifier: 'vs' }
  for (const p of m.prepositions)
    if (hasPhrase(outside, fold(p))) return { group: 'prepositions', modifier: p }
  const next = after[0] ?? before[before.length - 1] ?? ''
  const letter = next.charAt(0)
  return { group: 'alphabetical', modifier: /[a-z]/.test(letter) ? letter : '#' }
}

export const groupOrder: ModifierGroup[] = ['questions', 'prepositions', 'comparisons', 'alphabetical']

/** Ideas by group, then by modifier, in the order the modifiers are asked (as AnswerThePublic lists them). */
export function groupLongTail<T extends { group: ModifierGroup; modifier: string }>(
  ideas: T[],
  lang: KeywordLang,
): Record<ModifierGroup, { modifier: string; ideas: T[] }[]> {
  const m = modifiers[lang]
  const order: Record<ModifierGroup, string[]> = {
    questions: m.questions,
    prepositions: m.prepositions,
    comparisons: m.comparisons,
    alphabetical: [...letters, '#'],
  }
  const out = {} as Record<ModifierGroup, { modifier: string; ideas: T[] }[]>
  for (const group of groupOrder) {
    out[group] = order[group]
      .map((modifier) => ({
        modifier,
        ideas: ideas.filter((i) => i.group === group && i.modifier === modifier),
      }))
      .filter((g) => g.ideas.length > 0)
  }
  return out
}
