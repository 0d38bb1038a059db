import { Link } from 'react-router'
import { RelevanceBadge } from '~/features/guides/badge.tsx'
import { ContentSection, CtaPanel, onDarkLinkClass, PageHeading } from '~/features/ui/content-page.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import type { Term, TermSummary } from './glossary.ts'
import { TermCard } from './term-card.tsx'

export interface TermPageData {
  term: Term
  related: TermSummary[]
}

export function TermPage({ term, related }: TermPageData) {
  const { t } = useTranslation('glossary')
  const path = useLocalizedPath()
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <PageHeading
        crumbs={[
          { label: t('home'), to: path('home') },
          { label: t('breadcrumb'), to: path('glossary') },
          { label: term.title },
        ]}
        title={term.title}
      />
      <p className="mt-4 flex flex-wrap gap-2">
        <span className="sr-only">{t('relevance')}:</span>
        {term.relevance.map((kind) => (
          <RelevanceBadge key={kind} kind={kind} label={t(`relevanceLabel.${kind}`)} />
        ))}
      </p>
      <section
        aria-labelledby="definition"
        className="mt-6 rounded-xl border-l-4 border-blue-700 bg-blue-50 p-5 dark:border-blue-400 dark:bg-blue-950/60"
      >
        <h2
          id="definition"
          className="text-sm font-semibold uppercase tracking-wide text-blue-900 dark:text-blue-200"
        >
          {t('term.definition')}
        </h2>
        <p className="mt-2 text-lg text-slate-900 dark:text-slate-50">{term.shortDefinition}</p>
      </section>

      <ContentSection id="explanation" title={t('term.explanation')} className="mt-10">
        {term.explanation.map((paragraph) => (
          <p key={paragraph} className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">
            {paragraph}
          </p>
        ))}
      </ContentSection>

      <ContentSection id="influence" title={t('term.influence')} className="mt-10">
        {term.influence.map((paragraph) => (
          <p key={paragraph} className="mt-4 leading-relaxed text-slate-800 dark:text-slate-200">
            {paragraph}
          </p>
        ))}
      </ContentSection>

      <ContentSection id="faqs" title={t('term.faqs')} className="mt-10">
        {term.faqs.map((faq) => (
          <div key={faq.question} className="mt-6">
            <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-50">{faq.question}</h3>
            <p className="mt-2 leading-relaxed text-slate-800 dark:text-slate-200">{faq.answer}</p>
          </div>
        ))}
      </ContentSection>

      {related.length > 0 ? (
        <ContentSection id="related" title={t('term.related')} className="mt-12">
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {related.map((item) => (
              <li key={item.slug}>
                <TermCard term={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </ContentSection>
      ) : null}

      <CtaPanel
        id="term-cta"
        as="aside"
        tone="dark"
        title={t('term.ctaTitle')}
        body={t('term.ctaBody')}
        className="mt-12"
      >
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={path('home')} className="btn-primary">
            {t('term.ctaButton')}
          </Link>
          <Link to={path('glossary')} className={onDarkLinkClass}>
            {t('term.back')}
          </Link>
        </div>
      </CtaPanel>
    </article>
  )
}
