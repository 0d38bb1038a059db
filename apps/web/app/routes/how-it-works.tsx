import { useLoaderData } from 'react-router'
import { breadcrumbJsonLd, jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import { aioCriteria, lighthouseCriteria, seoCriteria } from '~/features/how-it-works/criteria.ts'
import { HowItWorksPage } from '~/features/how-it-works/how-it-works-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/how-it-works'

export const handle: PageHandle = { page: 'howItWorks' }

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  const crumbs = ctx.lang === 'pt' ? ['Início', 'Como funciona'] : ['Home', 'How it works']
  return {
    seo: seoCriteria.map((c) => c.label[ctx.lang]),
    lighthouse: lighthouseCriteria.map((c) => c.label[ctx.lang]),
    aio: aioCriteria.map((c) => c.label[ctx.lang]),
    jsonLd: [
      breadcrumbJsonLd([
        { name: crumbs[0]!, url: ctx.url('home') },
        { name: crumbs[1]!, url: ctx.url('howItWorks') },
      ]),
    ],
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function HowItWorksRoute() {
  const data = useLoaderData<typeof loader>()
  return <HowItWorksPage seo={data.seo} lighthouse={data.lighthouse} aio={data.aio} />
}
