import { Link } from 'react-router'
import { MarkdownText } from '~/features/analysis/markdown-text.tsx'
import type { Recommendation } from '~/features/analysis/recommendations.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { EvidenceList } from './evidence-list.tsx'

const impactClasses = {
  high: 'bg-red-50 text-red-800 border-red-200 dark:bg-red-950/40 dark:text-red-300 dark:border-red-900',
  medium:
    'bg-amber-50 text-amber-800 border-amber-200 dark:bg-amber-950/40 dark:text-amber-300 dark:border-amber-900',
  low: 'bg-slate-50 text-slate-700 border-slate-200 dark:bg-slate-800/60 dark:text-slate-300 dark:border-slate-700',
} as const

export function ImpactBadge({ impact }: { impact: Recommendation['impact'] }) {
  const { t } = useTranslation('suite')
  return (
    <span
      className={cx(
        'inline-flex shrink-0 rounded-full border px-2 py-0.5 text-xs font-medium',
        impactClasses[impact],
      )}
    >
      {t(`impact.${impact}`)}
    </span>
  )
}

/** One recommendation: title, impact, type, what to do and, optionally, its evidence. */
export function RecommendationItem({
  item,
  withEvidence = false,
}: {
  item: Recommendation
  withEvidence?: boolean
}) {
  const { t } = useTranslation('suite')
  return (
    <li
      className="rounded-lg border border-slate-200 p-4 dark:border-slate-700"
      data-testid="recommendation"
      data-impact={item.impact}
      data-verdict={item.verdict}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="font-semibold text-slate-900 dark:text-slate-50">{item.title}</h3>
        <div className="flex gap-2">
          <span className="inline-flex rounded-full bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800 dark:bg-blue-950/60 dark:text-blue-300">
            {t(`types.${item.type}`)}
          </span>
          {item.verdict === 'info' ? (
            <span className="inline-flex shrink-0 rounded-full border border-blue-200 bg-blue-50 px-2 py-0.5 text-xs font-medium text-blue-800 dark:border-blue-900 dark:bg-blue-950/40 dark:text-blue-300">
              {t('core:findings.info')}
            </span>
          ) : (
            <ImpactBadge impact={item.impact} />
          )}
        </div>
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        <MarkdownText text={item.description} />
      </p>
      {item.displayValue ? (
        <p className="mt-1 text-sm font-medium text-slate-800 dark:text-slate-200">{item.displayValue}</p>
      ) : null}
      {item.site ? (
        // A site-wide issue of the crawl: how many URLs, a few of them, and the crawl with all of them.
        <div className="mt-2 text-sm" data-testid="recommendation-site">
          <p className="font-medium text-slate-800 dark:text-slate-200">
            {t(item.site.source === 'bots' ? 'botFindings.count' : 'siteAudit.count', {
              count: item.site.count,
            })}
          </p>
          <ul className="mt-1 list-disc pl-5 text-slate-700 dark:text-slate-300">
            {item.site.examples.map((url) => (
              <li key={url} className="break-all">
                {url}
              </li>
            ))}
          </ul>
          <Link
            to={item.site.href}
            className="btn-outline btn-small mt-2"
            data-testid="recommendation-site-link"
          >
            {t(item.site.source === 'bots' ? 'botFindings.open' : 'siteAudit.open')}
          </Link>
        </div>
      ) : null}
      {withEvidence ? <EvidenceList evidence={item.evidence} strength={item.strength} /> : null}
    </li>
  )
}
