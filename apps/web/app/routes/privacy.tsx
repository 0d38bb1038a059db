import { useLoaderData } from 'react-router'
import { breadcrumbJsonLd, jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import { privacyPolicy } from '~/features/legal/data.ts'
import { localizeLegal } from '~/features/legal/legal.ts'
import { LegalPage } from '~/features/legal/legal-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/privacy'

export const handle: PageHandle = { page: 'privacy' }

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  return {
    doc: localizeLegal(privacyPolicy, ctx.lang),
    jsonLd: [
      breadcrumbJsonLd([
        { name: ctx.lang === 'pt' ? 'Início' : 'Home', url: ctx.url('home') },
        { name: ctx.lang === 'pt' ? 'Política de privacidade' : 'Privacy policy', url: ctx.url('privacy') },
      ]),
    ],
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function PrivacyRoute() {
  const { doc } = useLoaderData<typeof loader>()
  return <LegalPage kind="privacy" doc={doc} />
}
