import { Link } from 'react-router'
import { RelevanceBadge } from '~/features/guides/badge.tsx'
import { useTranslation } from '~/lib/i18n.tsx'
import { useLocalizedPath } from '~/lib/root-data.ts'
import type { TermSummary } from './glossary.ts'

export function TermCard({ term, headingLevel = 3 }: { term: TermSummary; headingLevel?: 2 | 3 | 4 }) {
  const { t } = useTranslation('glossary')
  const path = useLocalizedPath()
  const Heading = `h${headingLevel}` as 'h2' | 'h3' | 'h4'
  return (
    <article className="card flex h-full flex-col" data-testid="term-card">
      <Heading className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        <Link to={path('glossaryTerm', { slug: term.slug })} className="underline-offset-2 hover:underline">
          {term.title}
        </Link>
      </Heading>
      <p className="mt-2 flex-1 text-slate-700 dark:text-slate-300">{term.shortDefinition}</p>
      <p className="mt-4 flex flex-wrap gap-2">
        <span className="sr-only">{t('relevance')}:</span>
        {term.relevance.map((kind) => (
          <RelevanceBadge key={kind} kind={kind} label={t(`relevanceLabel.${kind}`)} />
        ))}
      </p>
    </article>
  )
}
