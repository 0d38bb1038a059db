import { fetchPosts } from '~/features/blog/api.server.ts'
import { blogSitemapEntries, withEntries } from '~/features/blog/sitemap-entries.ts'
import { contentSitemapEntries } from '~/features/guides/sitemap-entries.ts'
import { buildSitemap } from '~/features/seo/sitemap.ts'
import { apiContext } from '~/lib/api-context.ts'
import type { Route } from './+types/sitemap[.]xml'

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = context.get(apiContext)
  const publicUrl = api?.publicUrl ?? new URL(request.url).origin
  const blog = await fetchPosts(api)
  const pages = withEntries(buildSitemap(publicUrl), contentSitemapEntries(publicUrl))
  const xml = withEntries(pages, blog.ok ? blogSitemapEntries(publicUrl, blog.posts) : '')
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
