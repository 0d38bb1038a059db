/** Titles, descriptions and JSON-LD of the glossary pages (used by the route loaders). */
import { breadcrumbJsonLd, type PageContext } from '../guides/content-kit.ts'
import type { Term, TermSummary } from './glossary.ts'

const labels = {
  pt: { home: 'Início', glossary: 'Glossário', setName: 'Glossário de SEO e IA do Farol' },
  en: { home: 'Home', glossary: 'Glossary', setName: 'Farol SEO and AI glossary' },
} as const

const titleTemplates = {
  pt: ['{t} — Glossário de SEO e IA | Farol', '{t} — Glossário de SEO e IA', '{t} — Glossário Farol'],
  en: ['{t} — SEO and AI glossary | Farol', '{t} — SEO and AI glossary', '{t} — Farol glossary'],
} as const

const descriptionTails = {
  pt: ' Definição, impacto no SEO e na IA, e perguntas frequentes.',
  en: ' Definition, impact on SEO and AI, and common questions.',
} as const

/** The longest template that keeps the title within 60 characters (spec §5's ideal is 30-60). */
function termSeoTitle(title: string, lang: 'pt' | 'en'): string {
  const options = titleTemplates[lang].map((template) => template.replace('{t}', title))
  return options.find((option) => option.length <= 60) ?? options.at(-1)!
}

/** The short definition, lengthened towards the 120-160 character ideal when it is short. */
function fitDescription(text: string, tail: string): string {
  if (text.length >= 120 || text.length + tail.length > 160) return text
  return text + tail
}

export function glossaryJsonLd(ctx: PageContext, terms: TermSummary[]) {
  const l = labels[ctx.lang]
  const url = ctx.url('glossary')
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'DefinedTermSet',
      '@id': `${url}#set`,
      name: l.setName,
      url,
      inLanguage: ctx.lang === 'pt' ? 'pt-PT' : 'en',
      hasDefinedTerm: terms.map((term) => ({
        '@type': 'DefinedTerm',
        name: term.title,
        description: term.shortDefinition,
        url: ctx.url('glossaryTerm', { slug: term.slug }),
      })),
    },
    breadcrumbJsonLd([
      { name: l.home, url: ctx.url('home') },
      { name: l.glossary, url },
    ]),
  ]
}

export function termSeo(ctx: PageContext, term: Term) {
  const l = labels[ctx.lang]
  const url = ctx.url('glossaryTerm', { slug: term.slug })
  return {
    seo: {
      title: termSeoTitle(term.title, ctx.lang),
      description: fitDescription(term.shortDefinition, descriptionTails[ctx.lang]),
    },
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'DefinedTerm',
        '@id': `${url}#term`,
        name: term.title,
        description: term.shortDefinition,
        url,
        termCode: term.slug,
        inLanguage: ctx.lang === 'pt' ? 'pt-PT' : 'en',
        inDefinedTermSet: { '@type': 'DefinedTermSet', name: l.setName, url: ctx.url('glossary') },
      },
      breadcrumbJsonLd([
        { name: l.home, url: ctx.url('home') },
        { name: l.glossary, url: ctx.url('glossary') },
        { name: term.title, url },
      ]),
    ],
  }
}
