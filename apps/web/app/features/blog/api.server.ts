/** Server-only reads of the blog API through the in-process client (apps/server answers them). */
import type { ApiClient } from '~/lib/api-context.ts'
import type { BlogPost, BlogPostSummary } from './types.ts'

export type PostsResult = { ok: true; posts: BlogPostSummary[] } | { ok: false }

function isSummary(value: unknown): value is BlogPostSummary {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as { slug?: unknown }).slug === 'string' &&
    (value as { slug: string }).slug.length > 0
  )
}

/** Every post, newest first; never throws (an unreachable or failing API is `{ ok: false }`). */
export async function fetchPosts(api: ApiClient | null | undefined): Promise<PostsResult> {
  if (!api) return { ok: false }
  try {
    const response = await api.fetch('/api/blog-posts', { headers: { accept: 'application/json' } })
    if (!response.ok) return { ok: false }
    const body = (await response.json()) as { posts?: unknown }
    if (!Array.isArray(body.posts)) return { ok: false }
    return { ok: true, posts: body.posts.filter(isSummary) }
  } catch {
    return { ok: false }
  }
}

export type PostResult = { status: 'ok'; post: BlogPost } | { status: 'notFound' } | { status: 'error' }

export async function fetchPost(api: ApiClient | null | undefined, slug: string): Promise<PostResult> {
  if (!api) return { status: 'error' }
  try {
    const response = await api.fetch(`/api/blog-posts/${encodeURIComponent(slug)}`, {
      headers: { accept: 'application/json' },
    })
    // The API refuses a slug no post can have (400 or 404): the page is not found, not unavailable.
    if (response.status >= 400 && response.status < 500) return { status: 'notFound' }
    if (!response.ok) return { status: 'error' }
    const body = (await response.json()) as { post?: unknown }
    if (!isSummary(body.post)) return { status: 'error' }
    const post = body.post as BlogPost
    return { status: 'ok', post: { ...post, body: post.body ?? {} } }
  } catch {
    return { status: 'error' }
  }
}
