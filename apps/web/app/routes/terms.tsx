import { useLoaderData } from 'react-router'
import { breadcrumbJsonLd, jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import { termsOfUse } from '~/features/legal/data.ts'
import { localizeLegal } from '~/features/legal/legal.ts'
import { LegalPage } from '~/features/legal/legal-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/terms'

export const handle: PageHandle = { page: 'terms' }

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  return {
    doc: localizeLegal(termsOfUse, ctx.lang),
    jsonLd: [
      breadcrumbJsonLd([
        { name: ctx.lang === 'pt' ? 'Início' : 'Home', url: ctx.url('home') },
        { name: ctx.lang === 'pt' ? 'Termos de utilização' : 'Terms of use', url: ctx.url('terms') },
      ]),
    ],
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function TermsRoute() {
  const { doc } = useLoaderData<typeof loader>()
  return <LegalPage kind="terms" doc={doc} />
}
