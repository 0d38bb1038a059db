// A run's report: per surface how often Google showed an answer and how often it cited the site (count
// and 95% interval, written as AI presence writes them), who is cited, the gaps, and every answer with the
// site's and competitors' mentions marked and its sources listed.
import { useId, useState } from 'react'
import { useTranslation } from '~/lib/i18n.tsx'
import { intervalText } from '../llm/llm-view.ts'
import { DataTable } from '../ui/data-table.tsx'
import type { AnswerRow, RunView, SurfaceSummary } from './overviews-api.ts'
import { OverviewsPages } from './overviews-pages.tsx'
import { type AnswerFilter, filterAnswers, placeNames, usd } from './overviews-view.ts'

const markClass = {
  site: 'rounded bg-emerald-200 px-0.5 font-medium text-slate-900 dark:bg-emerald-700 dark:text-white',
  competitor: 'rounded bg-amber-200 px-0.5 text-slate-900 dark:bg-amber-700 dark:text-white',
} as const

export function OverviewsReport({ view }: { view: RunView }) {
  const { t, lang } = useTranslation('overviews')
  const { report, run } = view
  return (
    <section className="flex flex-col gap-4" aria-labelledby="ov-report" data-testid="overviews-report">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ov-report" className="text-xl font-semibold text-slate-900 dark:text-slate-50">
          {t('report.title')} · {report.site}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="overviews-spent">
          {t('report.spent', { cost: usd(run.spent, lang), calls: run.calls })}
        </p>
      </div>
      {report.missing > 0 ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          {t('report.missing', { count: report.missing })}
        </p>
      ) : null}
      <div className="grid gap-4 lg:grid-cols-2">
        {report.summaries.map((s) => (
          <SurfaceCard key={s.surface} summary={s} />
        ))}
      </div>
      <OverviewsPages runId={run.id} />
      <Answers rows={report.rows} />
    </section>
  )
}

function SurfaceCard({ summary }: { summary: SurfaceSummary }) {
  const { t } = useTranslation('overviews')
  const { t: tLlm } = useTranslation('llm')
  return (
    <article className="card flex flex-col gap-3" data-testid={`overviews-summary-${summary.surface}`}>
      <h3 className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t(`surface.${summary.surface}`)}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600 dark:text-slate-400">{t('report.shown')}</dt>
        <dd className="font-medium text-slate-900 dark:text-slate-100">
          {intervalText(summary.shown, tLlm)}
        </dd>
        <dt className="text-slate-600 dark:text-slate-400">{t('report.cites')}</dt>
        <dd className="font-medium text-slate-900 dark:text-slate-100" data-testid="overviews-site-share">
          {intervalText(summary.site, tLlm)}
        </dd>
      </dl>
      <h4 className="font-semibold text-slate-900 dark:text-slate-50">{t('report.domains')}</h4>
      {summary.domains.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('report.noDomains')}</p>
      ) : (
        <DataTable label={t('report.domains')} bordered={false}>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-700">
              <th scope="col" className="py-1 pr-3 font-medium text-slate-700 dark:text-slate-300">
                {t('report.domain')}
              </th>
              <th scope="col" className="py-1 font-medium text-slate-700 dark:text-slate-300">
                {t('report.share')}
              </th>
            </tr>
          </thead>
          <tbody>
            {summary.domains.map((d) => (
              <tr key={d.domain} className="border-b border-slate-100 dark:border-slate-800">
                <th scope="row" className="py-1 pr-3 font-normal text-slate-900 dark:text-slate-100">
                  {d.domain}
                  {d.competitor ? (
                    <span className="ml-2 rounded bg-amber-100 px-1.5 text-xs text-amber-900 dark:bg-amber-900 dark:text-amber-100">
                      {t('report.competitor')}
                    </span>
                  ) : null}
                </th>
                <td className="py-1 text-slate-800 dark:text-slate-200">{intervalText(d.share, tLlm)}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <h4 className="font-semibold text-slate-900 dark:text-slate-50">{t('report.gaps')}</h4>
      {summary.gaps.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">{t('report.noGaps')}</p>
      ) : (
        <ul
          className="list-disc pl-5 text-sm text-slate-800 dark:text-slate-200"
          data-testid="overviews-gaps"
        >
          {summary.gaps.map((g) => (
            <li key={g.keyword}>
              <strong>{g.keyword}</strong> — {g.competitors.join(', ')}
            </li>
          ))}
        </ul>
      )}
    </article>
  )
}

function Answers({ rows }: { rows: AnswerRow[] }) {
  const { t } = useTranslation('overviews')
  const [filter, setFilter] = useState<AnswerFilter>('all')
  const filterId = useId()
  const shown = filterAnswers(rows, filter)
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="ov-answers">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="ov-answers" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
          {t('report.answers')}
        </h3>
        <label
          htmlFor={filterId}
          className="flex items-center gap-2 text-sm text-slate-800 dark:text-slate-200"
        >
          {t('report.filter')}
          <select
            id={filterId}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-2 dark:border-slate-500 dark:bg-slate-950"
            value={filter}
            onChange={(e) => setFilter(e.target.value as AnswerFilter)}
            data-testid="overviews-filter"
          >
            {(['all', 'cited', 'notCited', 'none'] as const).map((f) => (
              <option key={f} value={f}>
                {t(`report.filters.${f}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t('report.legend')} <mark className={markClass.site}>{t('report.legendSite')}</mark>{' '}
        <mark className={markClass.competitor}>{t('report.legendCompetitor')}</mark>
      </p>
      <ul className="flex flex-col gap-3">
        {shown.map((r) => (
          <AnswerItem
            key={`${r.surface}|${r.keyword}|${r.locationCode}|${r.languageCode}|${r.device}`}
            row={r}
          />
        ))}
      </ul>
    </section>
  )
}

function AnswerItem({ row }: { row: AnswerRow }) {
  const { t } = useTranslation('overviews')
  const place = placeNames[row.locationCode]
  return (
    <li
      className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
      data-testid="overviews-answer"
      data-keyword={row.keyword}
      data-surface={row.surface}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <strong className="text-base text-slate-900 dark:text-slate-50">{row.keyword}</strong>
        <span className="text-slate-700 dark:text-slate-300">
          {t(`surface.${row.surface}`)} ·{' '}
          {place ? t(`form.place.${place}`) : t('place', { code: row.locationCode, lang: row.languageCode })}{' '}
          · {t(`form.device.${row.device}`)}
          {row.asynchronous ? ` · ${t('report.asynchronous')}` : ''}
        </span>
        <span
          className={
            row.cited
              ? 'rounded bg-emerald-100 px-1.5 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100'
              : 'rounded bg-slate-100 px-1.5 text-slate-800 dark:bg-slate-800 dark:text-slate-200'
          }
          data-testid="overviews-answer-verdict"
        >
          {!row.shown
            ? t('report.notShown')
            : row.cited
              ? t('report.citedAt', { positions: row.site.map((s) => s.position).join(', ') })
              : t('report.notCited')}
        </span>
      </div>
      {row.shown ? (
        <>
          <p
            className="mt-2 whitespace-pre-line text-slate-800 dark:text-slate-200"
            data-testid="overviews-answer-text"
          >
            {row.text.map((run, i) =>
              run.mark ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: runs are the text in order and never reorder
                <mark key={i} className={markClass[run.mark]} data-mark={run.mark}>
                  {run.text}
                </mark>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <span key={i}>{run.text}</span>
              ),
            )}
          </p>
          <details className="mt-2 text-sm">
            <summary className="min-h-11 cursor-pointer py-2 text-slate-800 dark:text-slate-200">
              {t('report.references')} ({row.references.length})
            </summary>
            <ol className="list-decimal pl-6">
              {row.references.map((ref) => (
                <li key={ref.position} className="break-all">
                  <a
                    href={ref.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    className={ref.mark ? markClass[ref.mark] : 'text-blue-800 underline dark:text-blue-300'}
                    data-mark={ref.mark ?? undefined}
                  >
                    {ref.title ?? ref.url}
                  </a>
                </li>
              ))}
            </ol>
          </details>
        </>
      ) : null}
    </li>
  )
}
