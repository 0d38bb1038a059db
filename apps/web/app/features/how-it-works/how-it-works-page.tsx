import { Bot, Gauge, Search } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ContentSection, CtaPanel, onDarkLinkClass, PageHeading } from '~/features/ui/content-page.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'

export interface HowItWorksData {
  seo: string[]
  lighthouse: string[]
  aio: string[]
}

const steps = ['enterUrl', 'analysis', 'recommendations', 'report'] as const

function CriteriaList({
  id,
  title,
  icon,
  items,
}: {
  id: string
  title: string
  icon: ReactNode
  items: string[]
}) {
  return (
    <section aria-labelledby={id} className="card">
      <h3 id={id} className="flex items-center gap-2 text-xl font-semibold text-slate-900 dark:text-slate-50">
        {icon}
        {title}
      </h3>
      <ul
        className="mt-4 list-disc space-y-1.5 pl-5 text-slate-800 dark:text-slate-200"
        data-testid={`criteria-${id}`}
      >
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  )
}

export function HowItWorksPage({ seo, lighthouse, aio }: HowItWorksData) {
  const { t } = useTranslation('how-it-works')
  const path = useLocalizedPath()
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeading
        crumbs={[{ label: t('home'), to: path('home') }, { label: t('breadcrumb') }]}
        title={t('title')}
        lead={t('intro')}
      />

      <ContentSection id="steps-title" title={t('stepsTitle')} className="mt-12">
        <ol className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {steps.map((key, index) => (
            <li key={key} className="card">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-blue-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-slate-50">
                <span className="sr-only">{t('stepLabel', { number: index + 1 })}: </span>
                {t(`steps.${key}.title`)}
              </h3>
              <p className="mt-2 text-slate-700 dark:text-slate-300">{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </ContentSection>

      <ContentSection id="criteria-title" title={t('criteriaTitle')} className="mt-16">
        <p className="mt-4 text-3xl font-extrabold text-blue-800 dark:text-blue-300" data-testid="seo-claim">
          {t('claim')}
        </p>
        <p className="mt-2 max-w-3xl text-slate-700 dark:text-slate-300">
          {t('claimBody', { count: seo.length, lighthouse: lighthouse.length, aio: aio.length })}
        </p>
        <div className="mt-8 grid gap-6 lg:grid-cols-3">
          <CriteriaList
            id="criteria-seo"
            title={t('seoTitle')}
            icon={<Search aria-hidden="true" className="size-6 text-blue-700 dark:text-blue-400" />}
            items={seo}
          />
          <CriteriaList
            id="criteria-lighthouse"
            title={t('lighthouseTitle')}
            icon={<Gauge aria-hidden="true" className="size-6 text-blue-700 dark:text-blue-400" />}
            items={lighthouse}
          />
          <CriteriaList
            id="criteria-aio"
            title={t('aioTitle')}
            icon={<Bot aria-hidden="true" className="size-6 text-blue-700 dark:text-blue-400" />}
            items={aio}
          />
        </div>
        <p className="mt-6 max-w-3xl text-slate-700 dark:text-slate-300">{t('aioNote')}</p>
      </ContentSection>

      <ContentSection id="scores-title" title={t('scoresTitle')} className="mt-16 max-w-3xl">
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t('scoresBody')}</p>
      </ContentSection>

      <CtaPanel
        id="hiw-cta"
        tone="dark"
        title={t('ctaTitle')}
        body={t('ctaBody')}
        className="mt-16 text-center"
      >
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Link to={path('home')} className="btn-primary">
            {t('cta')}
          </Link>
          <Link to={path('faq')} className={onDarkLinkClass}>
            {t('faqLink')}
          </Link>
        </div>
      </CtaPanel>
    </div>
  )
}
