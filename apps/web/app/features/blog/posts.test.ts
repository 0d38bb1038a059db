import { describe, expect, it } from 'vitest'
import {
  categoriesOf,
  filterPosts,
  formatPostDate,
  pickText,
  postView,
  readingMinutesOf,
  relatedPosts,
} from './posts.ts'
import type { BlogPostSummary } from './types.ts'

const placeholders = { title: 'Sem título', excerpt: 'Sem resumo', category: 'Sem categoria' }

function post(slug: string, extra: Partial<BlogPostSummary> = {}): BlogPostSummary {
  return {
    slug,
    title: { pt: `Título ${slug}`, en: `Title ${slug}` },
    excerpt: { pt: `Resumo ${slug}`, en: `Summary ${slug}` },
    imageSrc: `/images/blog/${slug}.svg`,
    category: 'SEO',
    date: '2026-09-14',
    author: 'Equipa Farol',
    readingMinutes: { pt: 5, en: 4 },
    ...extra,
  }
}

describe('fallbacks (spec §3)', () => {
  it('take the text of the current language, else the other one, else the placeholder', () => {
    expect(pickText({ pt: 'Olá', en: 'Hello' }, 'en', 'x')).toBe('Hello')
    expect(pickText({ pt: 'Olá', en: '' }, 'en', 'x')).toBe('Olá')
    expect(pickText({ pt: null, en: 'Hello' }, 'pt', 'x')).toBe('Hello')
    expect(pickText({ pt: '  ' }, 'pt', 'x')).toBe('x')
    expect(pickText(undefined, 'pt', 'x')).toBe('x')
  })

  it('show Sem categoria, no date and the reading time of the language', () => {
    const view = postView(
      post('a', { category: null, date: null, title: {}, excerpt: { en: 'Only EN' } }),
      'pt',
      placeholders,
    )
    expect(view.title).toBe('Sem título')
    expect(view.excerpt).toBe('Only EN')
    expect(view.category).toBeNull()
    expect(view.categoryLabel).toBe('Sem categoria')
    expect(view.date).toBeNull()
    expect(view.readingMinutes).toBe(5)
    expect(postView(post('b'), 'en', placeholders).readingMinutes).toBe(4)
    expect(postView(post('c', { readingMinutes: null }), 'en', placeholders).readingMinutes).toBeNull()
    expect(postView(post('d', { date: '2026-02-30' }), 'pt', placeholders).date).toBeNull()
  })
})

describe('filterPosts', () => {
  const views = [
    post('um', { title: { pt: 'O que é AIO', en: 'What is AIO' }, category: 'AIO' }),
    post('dois', { excerpt: { pt: 'Core Web Vitals explicados', en: 'Core Web Vitals explained' } }),
    post('tres', { title: { pt: 'SEO técnico', en: 'Technical SEO' }, category: 'Técnico' }),
    post('quatro', { category: null }),
  ].map((p) => postView(p, 'pt', placeholders))

  it('keeps everything with no query and no category', () => {
    expect(filterPosts(views, {})).toHaveLength(4)
    expect(filterPosts(views, { query: '   ', category: '' })).toHaveLength(4)
  })

  it('matches the title or the excerpt, ignoring case and accents', () => {
    expect(filterPosts(views, { query: 'aio' }).map((p) => p.slug)).toEqual(['um'])
    expect(filterPosts(views, { query: 'WEB VITALS' }).map((p) => p.slug)).toEqual(['dois'])
    expect(filterPosts(views, { query: 'tecnico' }).map((p) => p.slug)).toEqual(['tres'])
    expect(filterPosts(views, { query: 'nada disto' })).toEqual([])
  })

  it('searches the current language only', () => {
    const en = [post('um', { title: { pt: 'Olá', en: 'Hello' } })].map((p) => postView(p, 'en', placeholders))
    expect(filterPosts(en, { query: 'olá' })).toEqual([])
    expect(filterPosts(en, { query: 'hello' })).toHaveLength(1)
  })

  it('filters by category and combines with the query', () => {
    expect(filterPosts(views, { category: 'SEO' }).map((p) => p.slug)).toEqual(['dois'])
    expect(filterPosts(views, { category: 'Técnico', query: 'seo' }).map((p) => p.slug)).toEqual(['tres'])
    expect(filterPosts(views, { category: 'AIO', query: 'vitals' })).toEqual([])
  })

  it('derives the categories from the posts, once each, in order', () => {
    expect(categoriesOf(views)).toEqual(['AIO', 'SEO', 'Técnico'])
  })
})

describe('formatPostDate', () => {
  it('uses the pt-PT and en-GB long formats', () => {
    expect(formatPostDate('2026-09-14', 'pt')).toBe('14 de setembro de 2026')
    expect(formatPostDate('2026-09-14', 'en')).toBe('14 September 2026')
    expect(formatPostDate('2026-01-01', 'pt')).toBe('1 de janeiro de 2026')
  })

  it('gives null for missing or invalid dates', () => {
    expect(formatPostDate(null, 'pt')).toBeNull()
    expect(formatPostDate('14/09/2026', 'pt')).toBeNull()
    expect(formatPostDate('2026-13-01', 'en')).toBeNull()
  })
})

describe('readingMinutesOf', () => {
  it('counts words at 200 a minute, at least one', () => {
    expect(readingMinutesOf('')).toBe(1)
    expect(readingMinutesOf('palavra '.repeat(200))).toBe(1)
    expect(readingMinutesOf('palavra '.repeat(201))).toBe(2)
    expect(readingMinutesOf(`## Título\n\n${'uma [ligação](https://x.pt) '.repeat(299)}`)).toBe(3)
  })
})

describe('relatedPosts', () => {
  const all = [
    { slug: 'a', category: 'SEO' },
    { slug: 'b', category: 'AIO' },
    { slug: 'c', category: 'SEO' },
    { slug: 'd', category: null },
    { slug: 'e', category: 'SEO' },
  ]

  it('puts the same category first, then the newest others, without the post itself', () => {
    expect(relatedPosts({ slug: 'a', category: 'SEO' }, all).map((p) => p.slug)).toEqual(['c', 'e', 'b'])
    expect(relatedPosts({ slug: 'b', category: 'AIO' }, all).map((p) => p.slug)).toEqual(['a', 'c', 'd'])
    expect(relatedPosts({ slug: 'd', category: null }, all, 2).map((p) => p.slug)).toEqual(['a', 'b'])
  })
})
