import { buildRobots } from '~/features/seo/sitemap.ts'
import { apiContext } from '~/lib/api-context.ts'
import type { Route } from './+types/robots[.]txt'

export function loader({ request, context }: Route.LoaderArgs) {
  const publicUrl = context.get(apiContext)?.publicUrl ?? new URL(request.url).origin
  return new Response(buildRobots(publicUrl), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
