import type { ShouldRevalidateFunction } from 'react-router'
import { fetchPosts } from '~/features/blog/api.server.ts'
import { type BlogListData, BlogListPage } from '~/features/blog/blog-list-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { apiContext } from '~/lib/api-context.ts'
import type { Route } from './+types/blog'

export const handle: PageHandle = { page: 'blog' }

/** Server-rendered from the API; a failing API is the error state, never a crash. */
export async function loader({ context }: Route.LoaderArgs): Promise<BlogListData> {
  const result = await fetchPosts(context.get(apiContext))
  return result.ok ? { posts: result.posts, failed: false } : { posts: [], failed: true }
}

/** Search and category live in the query string and filter on the client: no reload for them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) return false
  return defaultShouldRevalidate
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <BlogListPage data={loaderData} />
}
