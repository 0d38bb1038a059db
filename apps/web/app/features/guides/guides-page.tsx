import { PageHeading } from '~/features/ui/content-page.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { GuideCard } from './guide-card.tsx'
import type { GuideCard as GuideCardData } from './guides.ts'
import { GuidesCta } from './guides-cta.tsx'

export function GuidesPage({ guides }: { guides: GuideCardData[] }) {
  const { t } = useTranslation('guides')
  const path = useLocalizedPath()
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <PageHeading
        crumbs={[{ label: t('home'), to: path('home') }, { label: t('breadcrumb') }]}
        title={t('title')}
        lead={t('intro')}
      />
      <ul className="mt-10 grid gap-6 md:grid-cols-2">
        {guides.map((guide) => (
          <li key={guide.slug}>
            <GuideCard guide={guide} />
          </li>
        ))}
      </ul>
      <GuidesCta id="guides-cta" className="mt-16 text-center" bodyClassName="mx-auto max-w-2xl" />
    </div>
  )
}
