import { TermPills } from '~/features/glossary/term-pills.tsx'
import { ContentSection, PageHeading } from '~/features/ui/content-page.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { RelevanceBadge } from './badge.tsx'
import { GuideCard } from './guide-card.tsx'
import type { Guide, GuideCard as GuideCardData } from './guides.ts'
import { GuidesCta } from './guides-cta.tsx'

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
      <PageHeading
        crumbs={[
          { label: t('home'), to: path('home') },
          { label: t('breadcrumb'), to: path('guides') },
          { label: guide.title },
        ]}
        title={guide.title}
      />
      <p className="mt-4 flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
        <span className="sr-only">{t('relevance')}:</span>
        {guide.relevance.map((kind) => (
          <RelevanceBadge key={kind} kind={kind} />
        ))}
        <span>{t('items', { count: guide.items })}</span>
        <span aria-hidden="true">·</span>
        <span>{t('readTime', { count: guide.readMinutes })}</span>
      </p>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t('guide.updated', { author, date: updated })}
      </p>
      <p className="mt-6 text-lg text-slate-800 dark:text-slate-200">{guide.description}</p>
      {guide.intro.map((paragraph) => (
        <p key={paragraph} className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">
          {paragraph}
        </p>
      ))}

      <nav
        aria-labelledby="toc"
        className="mt-8 rounded-xl border border-slate-200 p-6 dark:border-slate-700"
      >
        <h2 id="toc" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('guide.inThisGuide')}
        </h2>
        <ol className="mt-3 list-decimal space-y-1 pl-5">
          {guide.sections.map((section, index) => (
            <li key={section.title}>
              <a
                href={`#${sectionAnchor(index)}`}
                className="text-blue-800 underline-offset-2 hover:underline dark:text-blue-300"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>

      {guide.sections.map((section, index) => (
        <section key={section.title} aria-labelledby={sectionAnchor(index)} className="mt-12">
          <h2
            id={sectionAnchor(index)}
            className="scroll-mt-24 text-2xl font-bold text-slate-900 dark:text-slate-50"
          >
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
                    <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{item.title}</h3>
                    <p className="mt-1 leading-relaxed text-slate-800 dark:text-slate-200">{item.text}</p>
                  </div>
                </li>
              )
            })}
          </ol>
        </section>
      ))}

      {terms.length > 0 ? (
        <ContentSection id="guide-terms" title={t('guide.glossary')} className="mt-12">
          <TermPills terms={terms} />
        </ContentSection>
      ) : null}

      <GuidesCta id="guide-cta" className="mt-12" />

      <ContentSection id="other-guides" title={t('guide.otherGuides')} className="mt-12">
        <ul className="mt-4 grid gap-4 sm:grid-cols-2">
          {others.map((other) => (
            <li key={other.slug}>
              <GuideCard guide={other} headingLevel={3} />
            </li>
          ))}
        </ul>
      </ContentSection>
    </article>
  )
}
