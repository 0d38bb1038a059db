/** Blog post shapes of the API (`GET /api/blog-posts`, `GET /api/blog-posts/{slug}`). */
export interface Localized<T = string> {
  pt: T
  en: T
}

export interface BlogPostSummary {
  slug: string
  title: Partial<Localized<string | null>>
  excerpt: Partial<Localized<string | null>>
  imageSrc: string | null
  category: string | null
  /** `YYYY-MM-DD` or null when unknown. */
  date: string | null
  author: string | null
  readingMinutes?: Partial<Localized<number | null>> | null
}

export interface BlogPost extends BlogPostSummary {
  body: Partial<Localized<string | null>>
}
