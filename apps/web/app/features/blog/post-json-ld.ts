import { htmlLang, type Lang } from '~/lib/route-table.ts'
import { siteConfig } from '~/lib/site-config.ts'

export interface ArticleLdInput {
  publicUrl: string
  lang: Lang
  url: string
  blogUrl: string
  homeUrl: string
  title: string
  description: string
  imageSrc: string | null
  date: string | null
  author: string | null
  category: string | null
  homeLabel: string
  blogLabel: string
}

function absolute(base: string, src: string): string {
  return /^https?:\/\//i.test(src) ? src : `${base}${src.startsWith('/') ? '' : '/'}${src}`
}

/** `Article` and `BreadcrumbList` structured data of a blog post. */
export function articleJsonLd(input: ArticleLdInput) {
  const base = input.publicUrl.replace(/\/+$/, '')
  const organization = {
    '@type': 'Organization',
    '@id': `${base}/#organization`,
    name: siteConfig.name,
    url: `${base}/`,
    logo: { '@type': 'ImageObject', url: `${base}/icon-512.png` },
  }
  const article: Record<string, unknown> = {
    '@type': 'Article',
    '@id': `${input.url}#article`,
    headline: input.title.slice(0, 110),
    description: input.description,
    url: input.url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.url },
    inLanguage: htmlLang[input.lang],
    author: input.author ? { '@type': 'Organization', name: input.author, url: `${base}/` } : organization,
    publisher: organization,
    image: absolute(base, input.imageSrc ?? '/og-image.png'),
  }
  if (input.date) {
    article.datePublished = input.date
    article.dateModified = input.date
  }
  if (input.category) article.articleSection = input.category
  const breadcrumb = {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: input.homeLabel, item: input.homeUrl },
      { '@type': 'ListItem', position: 2, name: input.blogLabel, item: input.blogUrl },
      { '@type': 'ListItem', position: 3, name: input.title, item: input.url },
    ],
  }
  return { '@context': 'https://schema.org', '@graph': [article, breadcrumb] }
}
