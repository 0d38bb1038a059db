import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { RelevanceBadge } from './badge.tsx'
import { Breadcrumbs } from './breadcrumbs.tsx'
import { GuideCard } from './guide-card.tsx'
import type { Guide, GuideCard as GuideCardData } from './guides.ts'

export interface GuidePageData {
  guide: Guide
  others: GuideCardData[]
  terms: { slug: string; title: string }[]
  updated: string
  author: string
}

const sectionAnchor = (index: number) => `seccao-${index + 1}`

export function GuidePage({ guide, others, terms, updated, author }: GuidePageData) {
  const { t } = useTranslation('guides')
  const path = useLocalizedPath()
  let number = 0
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <Breadcrumbs
        items={[
          { label: t('home'), to: path('home') },
          { label: t('breadcrumb'), to: path('guides') },
          { label: guide.title },
        ]}
      />
      <h1 className="mt-6 text-4xl font-bold text-slate-900">{guide.title}</h1>
      <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700">
        <span className="sr-only">{t('relevance')}:</span>
        {guide.relevance.map((kind) => (
          <RelevanceBadge key={kind} kind={kind} />
        ))}
        <span>{t('items', { count: guide.items })}</span>
        <span aria-hidden="true">·</span>
        <span>{t('readTime', { count: guide.readMinutes })}</span>
      </p>
      <p className="mt-2 text-sm text-slate-700">{t('guide.updated', { author, date: updated })}</p>
      <p className="mt-6 text-lg text-slate-800">{guide.description}</p>
      {guide.intro.map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-relaxed text-slate-800">
          {paragraph}
        </p>
      ))}

      <nav aria-labelledby="toc" className="mt-8 rounded-xl border border-slate-200 p-6">
        <h2 id="toc" className="text-lg font-semibold text-slate-900">
          {t('guide.inThisGuide')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {guide.sections.map((section, index) => (
            <li key={section.title}>
              <a
                href={`#${sectionAnchor(index)}`}
                className="text-blue-800 underline-offset-2 hover:underline"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {guide.sections.map((section, index) => (
        <section key={section.title} aria-labelledby={sectionAnchor(index)} className="mt-12">
          <h2 id={sectionAnchor(index)} className="scroll-mt-24 text-2xl font-bold text-slate-900">
            {section.title}
          </h2>
          <ol className="mt-4 space-y-5">
            {section.items.map((item) => {
              number += 1
              return (
                <li key={item.title} className="flex gap-4">
                  <span
                    aria-hidden="true"
                    className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-700 text-sm font-bold text-white"
                  >
                    {number}
                  </span>
                  <div>
                    <h3 className="text-lg font-semibold text-slate-900">{item.title}</h3>
                    <p className="mt-1 leading-relaxed text-slate-800">{item.text}</p>
                  </div>
                </li>
              )
            })}
          </ol>
        </section>
      ))}

      {terms.length > 0 ? (
        <section aria-labelledby="guide-terms" className="mt-12">
          <h2 id="guide-terms" className="text-2xl font-bold text-slate-900">
            {t('guide.glossary')}
          </h2>
          <ul className="mt-4 flex flex-wrap gap-2">
            {terms.map((term) => (
              <li key={term.slug}>
                <Link
                  to={path('glossaryTerm', { slug: term.slug })}
                  className="inline-flex min-h-11 items-center rounded-full border border-blue-200 bg-blue-50 px-4 font-medium text-blue-900 hover:bg-blue-100"
                >
                  {term.title}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="guide-cta" className="mt-12 rounded-xl bg-slate-50 p-8">
        <h2 id="guide-cta" className="text-2xl font-bold text-slate-900">
          {t('listCtaTitle')}
        </h2>
        <p className="mt-2 text-slate-700">{t('listCtaBody')}</p>
        <Link to={path('home')} className="btn-primary mt-6">
          {t('analyze')}
        </Link>
      </section>

      <section aria-labelledby="other-guides" className="mt-12">
        <h2 id="other-guides" className="text-2xl font-bold text-slate-900">
          {t('guide.otherGuides')}
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {others.map((other) => (
            <li key={other.slug}>
              <GuideCard guide={other} headingLevel={3} />
            </li>
          ))}
        </ul>
      </section>
    </article>
  )
}
