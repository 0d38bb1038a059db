import { Link } from 'react-router'
import { ContentSection, CtaPanel, PageHeading } from '~/features/ui/content-page.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import type { FaqItem } from './faq.ts'
import { FaqAccordion } from './faq-accordion.tsx'

const summary = ['one', 'two', 'three', 'four'] as const

export function FaqPage({ items }: { items: FaqItem[] }) {
  const { t } = useTranslation('faq')
  const path = useLocalizedPath()
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <PageHeading
        crumbs={[{ label: t('home'), to: path('home') }, { label: t('breadcrumb') }]}
        title={t('title')}
        lead={t('description')}
      />

      <section
        aria-labelledby="faq-summary"
        className="mt-8 rounded-xl border-l-4 border-blue-700 bg-blue-50 p-6 dark:border-blue-400 dark:bg-blue-950/60"
      >
        <h2 id="faq-summary" className="text-lg font-semibold text-blue-900 dark:text-blue-200">
          {t('summaryTitle')}
        </h2>
        <ul
          className="mt-3 list-disc space-y-1 pl-5 text-slate-900 dark:text-slate-50"
          data-testid="faq-summary"
        >
          {summary.map((key) => (
            <li key={key}>{t(`summary.${key}`)}</li>
          ))}
        </ul>
      </section>

      <ContentSection id="faq-questions" title={t('questionsTitle')} className="mt-10">
        <div className="mt-4">
          <FaqAccordion items={items} />
        </div>
      </ContentSection>

      <CtaPanel id="faq-more" title={t('moreTitle')} body={t('moreBody')} className="mt-12 text-center">
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={path('contact')} className="btn-outline min-h-12 px-6" data-testid="faq-contact">
            {t('contact')}
          </Link>
          <Link to={path('home')} className="btn-primary">
            {t('analyze')}
          </Link>
        </div>
      </CtaPanel>
    </div>
  )
}
