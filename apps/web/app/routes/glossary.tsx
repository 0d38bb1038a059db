import { useLoaderData } from 'react-router'
import { glossaryTerms } from '~/features/glossary/data.ts'
import { localizeTerm, popularTerms, type TermSummary } from '~/features/glossary/glossary.ts'
import { GlossaryPage } from '~/features/glossary/glossary-page.tsx'
import { glossaryJsonLd } from '~/features/glossary/seo.ts'
import { jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/glossary'

export const handle: PageHandle = { page: 'glossary' }

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  const terms: TermSummary[] = glossaryTerms.map((term) => {
    const { slug, title, shortDefinition, relevance, related } = localizeTerm(term, ctx.lang)
    return { slug, title, shortDefinition, relevance, related }
  })
  const query = (new URL(request.url).searchParams.get('q') ?? '').slice(0, 100)
  return { terms, popular: popularTerms(terms), query, jsonLd: glossaryJsonLd(ctx, terms) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function GlossaryRoute() {
  const { terms, popular, query } = useLoaderData<typeof loader>()
  return <GlossaryPage terms={terms} popular={popular} query={query} />
}
