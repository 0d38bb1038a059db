/**
 * Pure helpers of the blog: the §3 fallbacks (other language, then placeholder text; 'Sem categoria';
 * 'Data desconhecida'), filtering by search and category, dates, reading time and related posts.
 */
import type { Lang } from '~/lib/route-table.ts'
import { formatDay } from '../ui/format.ts'
import type { BlogPostSummary, Localized } from './types.ts'

/** Placeholder texts (already translated) used when a post has no text in either language. */
export interface PostPlaceholders {
  title: string
  excerpt: string
  category: string
}

/** A post as one card shows it, in one language, with every fallback applied. */
export interface PostView {
  slug: string
  title: string
  excerpt: string
  /** The category as stored, or null when the post has none (shown as 'Sem categoria'). */
  category: string | null
  categoryLabel: string
  date: string | null
  author: string | null
  imageSrc: string | null
  readingMinutes: number | null
}

const otherLang: Record<Lang, Lang> = { pt: 'en', en: 'pt' }

function clean(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null
}

/** The text in `lang`, else in the other language, else the placeholder. */
export function pickText(
  value: Partial<Localized<string | null>> | null | undefined,
  lang: Lang,
  placeholder: string,
): string {
  return clean(value?.[lang]) ?? clean(value?.[otherLang[lang]]) ?? placeholder
}

export function postView(post: BlogPostSummary, lang: Lang, placeholders: PostPlaceholders): PostView {
  const category = clean(post.category)
  const minutes = post.readingMinutes?.[lang] ?? post.readingMinutes?.[otherLang[lang]] ?? null
  return {
    slug: post.slug,
    title: pickText(post.title, lang, placeholders.title),
    excerpt: pickText(post.excerpt, lang, placeholders.excerpt),
    category,
    categoryLabel: category ?? placeholders.category,
    date: isIsoDate(post.date) ? post.date : null,
    author: clean(post.author),
    imageSrc: clean(post.imageSrc),
    readingMinutes: typeof minutes === 'number' && minutes > 0 ? Math.round(minutes) : null,
  }
}

/** Categories in first-seen order (posts come newest first); posts without one are left out. */
export function categoriesOf(posts: readonly PostView[]): string[] {
  const seen = new Set<string>()
  for (const post of posts) if (post.category) seen.add(post.category)
  return [...seen]
}

export interface PostFilter {
  query?: string | null
  /** A category as stored; empty or null means all. */
  category?: string | null
}

/** Case-insensitive (and accent-insensitive) match of the query in the title or excerpt. */
export function filterPosts(posts: readonly PostView[], filter: PostFilter): PostView[] {
  const query = fold(filter.query ?? '')
  const category = filter.category?.trim() || null
  return posts.filter((post) => {
    if (category && post.category !== category) return false
    if (!query) return true
    return fold(post.title).includes(query) || fold(post.excerpt).includes(query)
  })
}

function fold(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt-PT')
    .trim()
}

export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(time) && new Date(time).toISOString().startsWith(value)
}

/** '14 de setembro de 2026' / '14 September 2026', or null for a missing or invalid date. */
export function formatPostDate(date: string | null | undefined, lang: Lang): string | null {
  if (!isIsoDate(date)) return null
  return formatDay(date, lang, 'long')
}

/** Minutes to read a Markdown text at 200 words a minute (at least 1). */
export function readingMinutesOf(markdown: string): number {
  const text = markdown
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/!\[[^\]]*]\([^)]*\)/g, ' ')
    .replace(/\[([^\]]*)]\([^)]*\)/g, '$1')
    .replace(/[#>*_`|~-]+/g, ' ')
  const words = text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length
  return Math.max(1, Math.ceil(words / 200))
}

/** Up to `limit` other posts: same category first, then the newest (posts arrive newest first). */
export function relatedPosts<T extends { slug: string; category: string | null }>(
  current: { slug: string; category: string | null },
  posts: readonly T[],
  limit = 3,
): T[] {
  const others = posts.filter((p) => p.slug !== current.slug)
  const same = current.category ? others.filter((p) => p.category === current.category) : []
  const rest = others.filter((p) => !same.includes(p))
  return [...same, ...rest].slice(0, limit)
}
