import { useLoaderData } from 'react-router'
import { ChecklistPage } from '~/features/guides/checklist-page.tsx'
import { jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import { guideCards, localizeChecklist } from '~/features/guides/guides.ts'
import { CHECKLIST_SLUG } from '~/features/guides/guides-data.ts'
import { articleJsonLd, GUIDES_UPDATED } from '~/features/guides/seo.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { localizedPath } from '~/lib/route-table.ts'
import { formatDay } from '../features/ui/format.ts'
import type { Route } from './+types/checklist'

export const handle: PageHandle = { page: 'checklist' }

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  const url = ctx.url('checklist')
  const card = guideCards(ctx.lang).find((guide) => guide.slug === CHECKLIST_SLUG)!
  const updated = formatDay(GUIDES_UPDATED, ctx.lang, 'long')
  return {
    sections: localizeChecklist(ctx.lang, (slug) => localizedPath('glossaryTerm', ctx.lang, { slug })),
    url,
    updated,
    author: ctx.lang === 'pt' ? 'Equipa Farol' : 'Farol team',
    jsonLd: articleJsonLd(ctx, card, url),
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function ChecklistRoute() {
  const { sections, url, updated, author } = useLoaderData<typeof loader>()
  return <ChecklistPage sections={sections} url={url} updated={updated} author={author} />
}
