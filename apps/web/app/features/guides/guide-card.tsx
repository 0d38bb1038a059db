import { BookOpen, Clock, ListChecks } from 'lucide-react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import { RelevanceBadge } from './badge.tsx'
import type { GuideCard as GuideCardData } from './guides.ts'
import { CHECKLIST_SLUG } from './guides-data.ts'

export function GuideCard({ guide, headingLevel = 2 }: { guide: GuideCardData; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('guides')
  const path = useLocalizedPath()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const to = guide.slug === CHECKLIST_SLUG ? path('checklist') : path('guide', { slug: guide.slug })
  const Icon = guide.slug === CHECKLIST_SLUG ? ListChecks : BookOpen
  return (
    <article className="card flex h-full flex-col" data-testid="guide-card">
      <div className="flex items-center justify-between gap-2">
        <Icon aria-hidden="true" className="size-8 text-blue-700 dark:text-blue-400" />
        <p className="flex gap-2">
          <span className="sr-only">{t('relevance')}:</span>
          {guide.relevance.map((kind) => (
            <RelevanceBadge key={kind} kind={kind} />
          ))}
        </p>
      </div>
      <Heading className="mt-4 text-xl font-semibold text-slate-900 dark:text-slate-50">
        <Link to={to} className="underline-offset-2 hover:underline">
          {guide.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{guide.description}</p>
      <p className="mt-4 flex flex-wrap gap-4 text-sm text-slate-700 dark:text-slate-300">
        <span className="inline-flex items-center gap-1" data-testid="guide-items">
          <ListChecks aria-hidden="true" className="size-4" />
          {t('items', { count: guide.items })}
        </span>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4" />
          {t('readTime', { count: guide.readMinutes })}
        </span>
      </p>
    </article>
  )
}
