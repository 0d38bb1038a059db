import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { Breadcrumbs } from './breadcrumbs.tsx'
import { GuideCard } from './guide-card.tsx'
import type { GuideCard as GuideCardData } from './guides.ts'

export function GuidesPage({ guides }: { guides: GuideCardData[] }) {
  const { t } = useTranslation('guides')
  const path = useLocalizedPath()
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <Breadcrumbs items={[{ label: t('home'), to: path('home') }, { label: t('breadcrumb') }]} />
      <h1 className="mt-6 text-4xl font-bold text-slate-900">{t('title')}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700">{t('intro')}</p>
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <GuideCard guide={guide} />
          </li>
        ))}
      </ul>
      <section aria-labelledby="guides-cta" className="mt-16 rounded-xl bg-slate-50 p-8 text-center">
        <h2 id="guides-cta" className="text-2xl font-bold text-slate-900">
          {t('listCtaTitle')}
        </h2>
        <p className="mx-auto mt-2 max-w-2xl text-slate-700">{t('listCtaBody')}</p>
        <Link to={path('home')} className="btn-primary mt-6">
          {t('analyze')}
        </Link>
      </section>
    </div>
  )
}
