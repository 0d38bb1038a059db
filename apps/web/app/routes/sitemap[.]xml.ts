import { buildSitemap } from '~/features/seo/sitemap.ts'
import { apiContext } from '~/lib/api-context.ts'
import type { Route } from './+types/sitemap[.]xml'

export function loader({ request, context }: Route.LoaderArgs) {
  const publicUrl = context.get(apiContext)?.publicUrl ?? new URL(request.url).origin
  return new Response(buildSitemap(publicUrl), {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
