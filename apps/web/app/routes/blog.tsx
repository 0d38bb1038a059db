import type { ShouldRevalidateFunction } from 'react-router'
import { fetchPosts } from '~/features/blog/api.server.ts'
import { type BlogListData, BlogListPage } from '~/features/blog/blog-list-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { apiContext } from '~/lib/api-context.ts'
import { defaultLang, resolvePath } from '~/lib/route-table.ts'
import blogEn from '~/locales/en/blog.json'
import blogPt from '~/locales/pt/blog.json'
import type { Route } from './+types/blog'

const metaDescription = { pt: blogPt.metaDescription, en: blogEn.metaDescription }

export const handle: PageHandle = { page: 'blog' }

/** Server-rendered from the API; a failing API is the error state, never a crash. */
export async function loader({
  request,
  context,
}: Route.LoaderArgs): Promise<BlogListData & { seo: { description: string } }> {
  const lang = resolvePath(new URL(request.url).pathname)?.lang ?? defaultLang
  const result = await fetchPosts(context.get(apiContext))
  const seo = { description: metaDescription[lang] }
  return result.ok ? { posts: result.posts, failed: false, seo } : { posts: [], failed: true, seo }
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
