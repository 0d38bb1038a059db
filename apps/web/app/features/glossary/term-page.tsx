import { Link } from 'react-router'
import { RelevanceBadge } from '~/features/guides/badge.tsx'
import { Breadcrumbs } from '~/features/guides/breadcrumbs.tsx'
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
      <Breadcrumbs
        items={[
          { label: t('home'), to: path('home') },
          { label: t('breadcrumb'), to: path('glossary') },
          { label: term.title },
        ]}
      />
      <h1 className="mt-6 text-4xl font-bold text-slate-900">{term.title}</h1>
      <p className="mt-4 flex flex-wrap gap-2">
        <span className="sr-only">{t('relevance')}:</span>
        {term.relevance.map((kind) => (
          <RelevanceBadge key={kind} kind={kind} label={t(`relevanceLabel.${kind}`)} />
        ))}
      </p>
      <section
        aria-labelledby="definition"
        className="mt-6 rounded-xl border-l-4 border-blue-700 bg-blue-50 p-5"
      >
        <h2 id="definition" className="text-sm font-semibold uppercase tracking-wide text-blue-900">
          {t('term.definition')}
        </h2>
        <p className="mt-2 text-lg text-slate-900">{term.shortDefinition}</p>
      </section>

      <section aria-labelledby="explanation" className="mt-10">
        <h2 id="explanation" className="text-2xl font-bold text-slate-900">
          {t('term.explanation')}
        </h2>
        {term.explanation.map((paragraph) => (
          <p key={paragraph} className="mt-4 leading-relaxed text-slate-800">
            {paragraph}
          </p>
        ))}
      </section>

      <section aria-labelledby="influence" className="mt-10">
        <h2 id="influence" className="text-2xl font-bold text-slate-900">
          {t('term.influence')}
        </h2>
        {term.influence.map((paragraph) => (
          <p key={paragraph} className="mt-4 leading-relaxed text-slate-800">
            {paragraph}
          </p>
        ))}
      </section>

      <section aria-labelledby="faqs" className="mt-10">
        <h2 id="faqs" className="text-2xl font-bold text-slate-900">
          {t('term.faqs')}
        </h2>
        {term.faqs.map((faq) => (
          <div key={faq.question} className="mt-6">
            <h3 className="text-lg font-semibold text-slate-900">{faq.question}</h3>
            <p className="mt-2 leading-relaxed text-slate-800">{faq.answer}</p>
          </div>
        ))}
      </section>

      {related.length > 0 ? (
        <section aria-labelledby="related" className="mt-12">
          <h2 id="related" className="text-2xl font-bold text-slate-900">
            {t('term.related')}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {related.map((item) => (
              <li key={item.slug}>
                <TermCard term={item} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <aside aria-labelledby="term-cta" className="mt-12 rounded-xl bg-slate-900 p-8 text-white">
        <h2 id="term-cta" className="text-2xl font-bold">
          {t('term.ctaTitle')}
        </h2>
        <p className="mt-2 text-slate-200">{t('term.ctaBody')}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          <Link to={path('home')} className="btn-primary">
            {t('term.ctaButton')}
          </Link>
          <Link
            to={path('glossary')}
            className="inline-flex min-h-12 items-center rounded-lg border border-white/40 px-6 font-semibold text-white hover:bg-white/10"
          >
            {t('term.back')}
          </Link>
        </div>
      </aside>
    </article>
  )
}
