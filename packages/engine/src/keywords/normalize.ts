// Comparing keywords the way a searcher means them: case, accents and spacing do not make a new idea
// ("Seguro  Automóvel" and "seguro automovel" are one keyword). Pure functions.
import type { KeywordIdea } from './types.ts'

/** Lower case, single spaces, trimmed; accents kept (this is what is shown). */
export function tidyKeyword(text: string): string {
  return text.normalize('NFC').toLocaleLowerCase('pt').replace(/\s+/g, ' ').trim()
}

/** Removes diacritics: "ação" -> "acao". Only combining marks go, so "ç" becomes "c" and "ñ" "n". */
export function foldAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .normalize('NFC')
}

/** The identity of a keyword: tidy, accents folded, punctuation other than inner hyphens and dots dropped. */
export function keywordKey(text: string): string {
  return foldAccents(tidyKeyword(text))
    .replace(/[^\p{L}\p{N}\s.'-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/** Whether `keyword` contains every word of `seed` in order, as whole words (accents and case ignored). */
export function containsSeed(keyword: string, seed: string): boolean {
  const k = ` ${keywordKey(keyword)} `
  const s = keywordKey(seed)
  return s.length > 0 && k.includes(` ${s} `)
}

export function wordCount(text: string): number {
  const key = keywordKey(text)
  return key ? key.split(' ').length : 0
}

/** True when a figure was measured: keeps a measured value over an unknown one, never invents a 0. */
function measured<T>(a: T | null, b: T | null): T | null {
  return a ?? b
}

/**
 * One entry per keyword identity, in first-seen order. When two providers propose the same keyword the
 * first one's spelling and source stay, and figures a later one measured fill the gaps.
 */
export function dedupKeywords<T extends KeywordIdea>(ideas: Iterable<T>): T[] {
  const byKey = new Map<string, T>()
  for (const idea of ideas) {
    const key = keywordKey(idea.keyword)
    if (!key) continue
    const seen = byKey.get(key)
    if (!seen) {
      byKey.set(key, { ...idea, keyword: tidyKeyword(idea.keyword) })
      continue
    }
    seen.volume = measured(seen.volume, idea.volume)
    seen.cpc = measured(seen.cpc, idea.cpc)
    seen.difficulty = measured(seen.difficulty, idea.difficulty)
    seen.intent = measured(seen.intent, idea.intent)
  }
  return [...byKey.values()]
}
