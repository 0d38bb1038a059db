// "Auditoria do site" (issue 18): the report owner's latest crawl of the site, one entry per issue type
// with its severity, how many URLs it affects and a few of them. Printed only when there is a crawl.
import type { SiteAuditSummary } from '@farol/engine/crawl/summary.ts'
import { Network } from 'lucide-react'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatLongDate } from '../format.ts'
import { SectionHeading } from './parts.tsx'

const severityClasses = {
  error: 'bg-red-50 text-red-800',
  warning: 'bg-amber-50 text-amber-800',
  notice: 'bg-slate-100 text-slate-700',
} as const

export function SiteAuditSection({ audit }: { audit: SiteAuditSummary }) {
  const { t, lang } = useTranslation('reports')
  return (
    <section className="report-section" data-testid="report-section-site" aria-labelledby="report-site">
      <SectionHeading
        id="report-site"
        title={t('pdf.siteAudit.title')}
        subtitle={t('pdf.siteAudit.subtitle', {
          date: formatLongDate(audit.crawledAt, lang),
          count: audit.pages,
          url: audit.url,
        })}
        icon={<Network className="size-6" aria-hidden="true" />}
      />
      {audit.comparison ? (
        <p className="mb-2 text-sm text-slate-800" data-testid="report-site-comparison">
          {t('pdf.siteAudit.comparison', {
            date: formatLongDate(audit.comparison.previousAt, lang),
            new: audit.comparison.newIssues,
            fixed: audit.comparison.fixedIssues,
          })}
        </p>
      ) : null}
      {audit.issues.length ? (
        <FindingList issues={audit.issues} testId="report-site" />
      ) : (
        // The site audit page's own words for a crawl without issues.
        <p className="text-sm text-slate-700">{t('site:results.noIssues')}</p>
      )}
    </section>
  )
}

/** Site-wide findings (a crawl's issues, the AI crawlers' findings): title, severity, count, advice, examples. */
export function FindingList({
  issues,
  testId,
  countKey = 'pdf.siteAudit.count',
}: {
  issues: SiteAuditSummary['issues']
  testId: string
  countKey?: string
}) {
  const { t, lang } = useTranslation('reports')
  return (
    <ul className="flex flex-col gap-2" data-testid={`${testId}-issues`}>
      {issues.map((issue) => (
        <li
          key={issue.type}
          className="report-card rounded-lg border border-slate-200 p-3"
          data-testid={`${testId}-issue`}
          data-type={issue.type}
          data-severity={issue.severity}
        >
          <div className="flex flex-wrap items-start justify-between gap-2">
            <h4 className="font-semibold text-slate-900">{issue.title[lang]}</h4>
            <div className="flex gap-1.5">
              <span
                className={cx(
                  'rounded-full px-2 py-0.5 text-xs font-medium',
                  severityClasses[issue.severity],
                )}
              >
                {t(`pdf.siteAudit.severity.${issue.severity}`)}
              </span>
              <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                {t(countKey, { count: issue.count })}
              </span>
            </div>
          </div>
          {issue.description[lang] ? (
            <p className="mt-1 text-sm text-slate-700">{issue.description[lang]}</p>
          ) : null}
          <p className="mt-2 text-sm font-medium text-slate-800">{t('pdf.siteAudit.examples')}</p>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {issue.examples.map((url) => (
              <li key={url} className="break-all">
                {url}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  )
}
