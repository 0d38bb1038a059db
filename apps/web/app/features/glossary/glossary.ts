/** Pure functions of the glossary page: language, letter buckets, popular terms and search. */
import type { Lang } from '~/lib/route-table.ts'
import type { GlossaryFaq, GlossaryTermData, Relevance } from './data.ts'

export interface Term {
  slug: string
  title: string
  shortDefinition: string
  relevance: Relevance[]
  explanation: string[]
  influence: string[]
  faqs: GlossaryFaq[]
  related: string[]
}

/** A term card: what the list page needs. */
export type TermSummary = Pick<Term, 'slug' | 'title' | 'shortDefinition' | 'relevance' | 'related'>

export function localizeTerm(term: GlossaryTermData, lang: Lang): Term {
  return {
    slug: term.slug,
    title: term.title[lang],
    shortDefinition: term.shortDefinition[lang],
    relevance: term.relevance,
    explanation: term.explanation[lang],
    influence: term.influence[lang],
    faqs: term.faqs[lang],
    related: term.related,
  }
}

const OTHER_BUCKET = '#'
export const letters: readonly string[] = [
  OTHER_BUCKET,
  ...Array.from({ length: 26 }, (_, i) => String.fromCharCode(65 + i)),
]

function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('en')
}

/** A-Z for titles that start with a letter (accents ignored: "Ética" is E), else '#'. */
export function letterOf(title: string): string {
  const first = fold(title.trim()).charAt(0).toUpperCase()
  return first >= 'A' && first <= 'Z' ? first : OTHER_BUCKET
}

export interface LetterBucket<T> {
  letter: string
  terms: T[]
}

/** Every letter (# then A-Z), each with its terms sorted by title; empty letters are kept for the nav. */
export function letterBuckets<T extends { title: string }>(
  terms: readonly T[],
  lang: Lang,
): LetterBucket<T>[] {
  const collator = new Intl.Collator(lang === 'pt' ? 'pt-PT' : 'en', { sensitivity: 'base', numeric: true })
  const sorted = [...terms].sort((a, b) => collator.compare(a.title, b.title))
  return letters.map((letter) => ({
    letter,
    terms: sorted.filter((term) => letterOf(term.title) === letter),
  }))
}

/** How many other terms list each slug in `related` (a term listing itself does not count). */
export function referenceCounts(terms: readonly Pick<Term, 'slug' | 'related'>[]): Map<string, number> {
  const counts = new Map<string, number>(terms.map((term) => [term.slug, 0]))
  for (const term of terms) {
    for (const slug of new Set(term.related)) {
      if (slug !== term.slug && counts.has(slug)) counts.set(slug, (counts.get(slug) ?? 0) + 1)
    }
  }
  return counts
}

/** The most-referenced terms (ties by slug, so both languages show the same ones). */
export function popularTerms<T extends Pick<Term, 'slug' | 'related'>>(terms: readonly T[], limit = 5): T[] {
  const counts = referenceCounts(terms)
  return [...terms]
    .sort((a, b) => (counts.get(b.slug) ?? 0) - (counts.get(a.slug) ?? 0) || a.slug.localeCompare(b.slug))
    .slice(0, limit)
}

/** Terms whose title or short definition contains the query (case- and accent-insensitive). */
export function searchTerms<T extends Pick<Term, 'title' | 'shortDefinition'>>(
  terms: readonly T[],
  query: string,
): T[] {
  const q = fold(query.trim())
  if (!q) return [...terms]
  return terms.filter((term) => fold(term.title).includes(q) || fold(term.shortDefinition).includes(q))
}
