import { data, redirect, useLoaderData } from 'react-router'
import { glossaryTerms } from '~/features/glossary/data.ts'
import { jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import { GuidePage } from '~/features/guides/guide-page.tsx'
import { guideCards, localizeGuide } from '~/features/guides/guides.ts'
import { CHECKLIST_SLUG, findGuide } from '~/features/guides/guides-data.ts'
import { GUIDES_UPDATED, guideSeo } from '~/features/guides/seo.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { localizedPath } from '~/lib/route-table.ts'
import { formatDay } from '../features/ui/format.ts'
import type { Route } from './+types/guide'

export const handle: PageHandle = { page: 'guide' }

export function loader({ request, context, params }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  if (params.slug === CHECKLIST_SLUG) throw redirect(localizedPath('checklist', ctx.lang), 301)
  const found = findGuide(params.slug)
  if (!found) throw data(null, { status: 404 })
  const guide = localizeGuide(found, ctx.lang)
  const terms = guide.glossary.flatMap((slug) => {
    const term = glossaryTerms.find((candidate) => candidate.slug === slug)
    return term ? [{ slug, title: term.title[ctx.lang] }] : []
  })
  const updated = formatDay(GUIDES_UPDATED, ctx.lang, 'long')
  return {
    guide,
    terms,
    updated,
    author: ctx.lang === 'pt' ? 'Equipa Farol' : 'Farol team',
    others: guideCards(ctx.lang).filter((card) => card.slug !== guide.slug),
    ...guideSeo(ctx, guide),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function GuideRoute() {
  const { guide, others, terms, updated, author } = useLoaderData<typeof loader>()
  return <GuidePage guide={guide} others={others} terms={terms} updated={updated} author={author} />
}
