// "Alterações no período" (issue 34): a scheduled report's first section — the period, the total score and
// AI-presence trends from the first to the last audit of the period, each audit's scores, and the issues
// that started or stopped failing between them.
import { CalendarRange } from 'lucide-react'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDateTime, formatUtcDay, lastDayOf, periodTrend } from '../format.ts'
import type { PeriodChanges } from '../types.ts'
import { Card, SectionHeading } from './parts.tsx'

function IssueList({ items, testId }: { items: PeriodChanges['newIssues']; testId: string }) {
  const { t, lang } = useTranslation('reports')
  if (items.length === 0) return <p className="text-sm text-slate-700">{t('pdf.period.noIssues')}</p>
  return (
    <ul className="list-disc pl-5 text-sm text-slate-800" data-testid={testId}>
      {items.map((issue) => (
        <li key={issue.id}>{issue.title[lang]}</li>
      ))}
    </ul>
  )
}

export function PeriodSection({ period }: { period: PeriodChanges }) {
  const { t, lang } = useTranslation('reports')
  const total = periodTrend(period.points, 'total')
  const llm = periodTrend(period.points, 'llm')
  return (
    <section
      className="report-section mb-8"
      data-testid="report-section-period"
      aria-labelledby="report-period"
    >
      <SectionHeading
        id="report-period"
        title={t('pdf.period.title')}
        subtitle={t('pdf.period.subtitle', {
          start: formatUtcDay(period.start, lang),
          end: formatUtcDay(lastDayOf(period.end), lang),
          key: period.key,
        })}
        icon={<CalendarRange className="size-6" aria-hidden="true" />}
      />
      {period.points.length === 0 ? (
        <p className="text-sm text-slate-700" data-testid="report-period-none">
          {t('pdf.period.none')}
        </p>
      ) : (
        <div className="flex flex-col gap-4">
          <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="report-card rounded-lg border border-slate-200 p-3">
              <dt className="text-sm text-slate-700">{t('pdf.period.total')}</dt>
              <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="report-period-total">
                {total ?? t('pdf.noData')}
              </dd>
            </div>
            <div className="report-card rounded-lg border border-slate-200 p-3">
              <dt className="text-sm text-slate-700">{t('pdf.period.llm')}</dt>
              <dd className="mt-1 text-xl font-bold text-slate-900" data-testid="report-period-llm">
                {llm ?? t('pdf.noData')}
              </dd>
            </div>
          </dl>
          <Card title={t('pdf.period.runs')}>
            <table className="w-full text-left text-sm" data-testid="report-period-runs">
              <thead>
                <tr className="text-slate-700">
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {t('pdf.period.date')}
                  </th>
                  <th scope="col" className="py-1 pr-3 font-semibold">
                    {t('pdf.period.total')}
                  </th>
                  <th scope="col" className="py-1 font-semibold">
                    {t('pdf.period.llm')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {period.points.map((p) => (
                  <tr key={p.at} className="border-t border-slate-200">
                    <td className="py-1 pr-3" suppressHydrationWarning>
                      {formatDateTime(p.at, lang)}
                    </td>
                    <td className="py-1 pr-3">{p.total ?? '—'}</td>
                    <td className="py-1">{p.llm ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <Card title={`${t('pdf.period.newIssues')}: ${period.newIssues.length}`}>
              <IssueList items={period.newIssues} testId="report-period-new" />
            </Card>
            <Card title={`${t('pdf.period.fixedIssues')}: ${period.fixedIssues.length}`}>
              <IssueList items={period.fixedIssues} testId="report-period-fixed" />
            </Card>
          </div>
        </div>
      )}
    </section>
  )
}
