/** Titles, descriptions and JSON-LD of the guide pages (used by the route loaders). */
import { breadcrumbJsonLd, type PageContext } from './content-kit.ts'
import type { Guide, GuideCard } from './guides.ts'

/** When the guides were last reviewed (shown on the pages and in the Article data). */
export const GUIDES_UPDATED = '2026-11-22'

const labels = {
  pt: { home: 'Início', guides: 'Guias', author: 'Equipa Farol', listName: 'Guias de SEO e AIO do Farol' },
  en: { home: 'Home', guides: 'Guides', author: 'Farol team', listName: 'Farol SEO and AIO guides' },
} as const

function organization(ctx: PageContext) {
  return { '@type': 'Organization', '@id': `${ctx.base}/#organization`, name: 'Farol', url: `${ctx.base}/` }
}

export function guidesListJsonLd(ctx: PageContext, cards: GuideCard[]) {
  const l = labels[ctx.lang]
  const url = ctx.url('guides')
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'ItemList',
      name: l.listName,
      url,
      itemListElement: cards.map((card, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: card.title,
        url: card.slug === 'seo-aio-checklist' ? ctx.url('checklist') : ctx.url('guide', { slug: card.slug }),
      })),
    },
    breadcrumbJsonLd([
      { name: l.home, url: ctx.url('home') },
      { name: l.guides, url },
    ]),
  ]
}

export function articleJsonLd(ctx: PageContext, guide: Pick<Guide, 'title' | 'description'>, url: string) {
  const l = labels[ctx.lang]
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      '@id': `${url}#article`,
      headline: guide.title,
      description: guide.description,
      url,
      mainEntityOfPage: url,
      inLanguage: ctx.lang === 'pt' ? 'pt-PT' : 'en',
      dateModified: GUIDES_UPDATED,
      datePublished: GUIDES_UPDATED,
      author: { '@type': 'Organization', name: l.author, url: `${ctx.base}/` },
      publisher: organization(ctx),
    },
    breadcrumbJsonLd([
      { name: l.home, url: ctx.url('home') },
      { name: l.guides, url: ctx.url('guides') },
      { name: guide.title, url },
    ]),
  ]
}

const suffix = { pt: ' — Guia Farol', en: ' — Farol guide' } as const

export function guideSeo(ctx: PageContext, guide: Guide) {
  const url = ctx.url('guide', { slug: guide.slug })
  const full = guide.title + suffix[ctx.lang]
  return {
    seo: { title: full.length <= 60 ? full : guide.title, description: guide.description },
    jsonLd: articleJsonLd(ctx, guide, url),
  }
}
