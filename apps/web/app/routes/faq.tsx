import { useLoaderData } from 'react-router'
import { faqEntries } from '~/features/faq/data.ts'
import { faqPageJsonLd, localizeFaq } from '~/features/faq/faq.ts'
import { FaqPage } from '~/features/faq/faq-page.tsx'
import { breadcrumbJsonLd, jsonLdMeta, pageContext } from '~/features/guides/content-kit.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/faq'

export const handle: PageHandle = { page: 'faq' }

export function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  const items = localizeFaq(faqEntries, ctx.lang)
  const url = ctx.url('faq')
  return {
    items,
    jsonLd: [
      faqPageJsonLd(items, url, ctx.lang),
      breadcrumbJsonLd([
        { name: ctx.lang === 'pt' ? 'Início' : 'Home', url: ctx.url('home') },
        { name: ctx.lang === 'pt' ? 'Perguntas frequentes' : 'FAQ', url },
      ]),
    ],
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => jsonLdMeta(loaderData)

export default function FaqRoute() {
  const { items } = useLoaderData<typeof loader>()
  return <FaqPage items={items} />
}
