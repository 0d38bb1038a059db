import { data, useLoaderData } from 'react-router'
import { findTerm, glossaryTerms } from '~/features/glossary/data.ts'
import { localizeTerm } from '~/features/glossary/glossary.ts'
import { termSeo } from '~/features/glossary/seo.ts'
import { TermPage } from '~/features/glossary/term-page.tsx'
import { jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/glossary-term'

export const handle: PageHandle = { page: 'glossaryTerm' }

export function loader({ request, context, params }: Route.LoaderArgs) {
  const found = findTerm(params.slug)
  if (!found) throw data(null, { status: 404 })
  const ctx = pageContext(request, context)
  const term = localizeTerm(found, ctx.lang)
  const related = term.related.flatMap((slug) => {
    const other = glossaryTerms.find((candidate) => candidate.slug === slug)
    if (!other) return []
    const { title, shortDefinition, relevance, related: next } = localizeTerm(other, ctx.lang)
    return [{ slug, title, shortDefinition, relevance, related: next }]
  })
  return { term, related, ...termSeo(ctx, term) }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function GlossaryTermRoute() {
  const { term, related } = useLoaderData<typeof loader>()
  return <TermPage term={term} related={related} />
}
