import { useLoaderData } from 'react-router'
import { jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import { guideCards } from '~/features/guides/guides.ts'
import { GuidesPage } from '~/features/guides/guides-page.tsx'
import { guidesListJsonLd } from '~/features/guides/seo.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/guides'

export const handle: PageHandle = { page: 'guides' }

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  const guides = guideCards(ctx.lang)
  return { guides, jsonLd: guidesListJsonLd(ctx, guides) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function GuidesRoute() {
  const { guides } = useLoaderData<typeof loader>()
  return <GuidesPage guides={guides} />
}
