// The site's pages a run's answers cite, or were expected to cite (another answer for the same keyword
// cites them), beside what Farol knows of each (issue 43 item 4): its facts in the workspace's latest crawl
// of the site and when Googlebot last fetched it (the site's logs). Where there is no crawl or no logs, the
// page says so and where to get them, instead of empty cells.
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { DataTable, HEADER_WRAP, TRUNCATED } from '../ui/data-table.tsx'
import { formatCount, formatDate, formatDateTime } from '../ui/format.ts'
import { type RunPages, runPages } from './overviews-api.ts'

const th = `py-1 pr-3 font-medium text-slate-700 dark:text-slate-300 ${HEADER_WRAP}`
const td = 'py-1 pr-3 text-slate-800 dark:text-slate-200'

export function OverviewsPages({ runId }: { runId: string }) {
  const { t, lang } = useTranslation('overviews')
  const [data, setData] = useState<RunPages | null | 'error'>(null)
  useEffect(() => {
    setData(null)
    runPages(runId, lang).then(setData, () => setData('error'))
  }, [runId, lang])
  if (data === null || data === 'error' || data.pages.length === 0) return null
  const dash = '—'
  return (
    <section className="card flex flex-col gap-3" aria-labelledby="ov-pages" data-testid="overviews-pages">
      <h3 id="ov-pages" className="text-lg font-semibold text-slate-900 dark:text-slate-50">
        {t('pages.title')}
      </h3>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {data.crawl ? (
          t('pages.crawl', { date: formatDate(data.crawl.finishedAt ?? '', lang) })
        ) : (
          <>
            {t('pages.noCrawl')}{' '}
            <Link to="/suite/site" className="underline">
              {t('pages.crawlLink')}
            </Link>
          </>
        )}
      </p>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {data.logs ? (
          t('pages.logs', { date: formatDate(data.logs.analysedAt, lang) })
        ) : (
          <>
            {t('pages.noLogs')}{' '}
            <Link to="/suite/bots" className="underline">
              {t('pages.logsLink')}
            </Link>
          </>
        )}
      </p>
      <DataTable label={t('pages.title')} bordered={false} testId="overviews-pages-table">
        <thead>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className={th}>
              {t('pages.url')}
            </th>
            <th scope="col" className={th}>
              {t('pages.cited')}
            </th>
            <th scope="col" className={th}>
              {t('pages.expected')}
            </th>
            <th scope="col" className={th}>
              {t('pages.status')}
            </th>
            <th scope="col" className={th}>
              {t('pages.indexable')}
            </th>
            <th scope="col" className={th}>
              {t('pages.canonical')}
            </th>
            <th scope="col" className={th}>
              {t('pages.words')}
            </th>
            <th scope="col" className={th}>
              {t('pages.googlebot')}
            </th>
          </tr>
        </thead>
        <tbody>
          {data.pages.map((p) => {
            const canonicalElsewhere =
              p.crawl?.canonical && p.crawl.canonical.replace(/\/$/, '') !== p.url.replace(/\/$/, '')
            return (
              <tr
                key={p.url}
                className="border-b border-slate-100 dark:border-slate-800"
                data-testid="overviews-page-row"
              >
                <th scope="row" className="py-1 pr-3 font-normal">
                  <a
                    href={p.url}
                    className={`${TRUNCATED} underline`}
                    dir="rtl"
                    title={p.url}
                    rel="noreferrer"
                    target="_blank"
                  >
                    <bdi dir="ltr">{p.url}</bdi>
                  </a>
                </th>
                <td className={td}>{formatCount(p.cited, lang)}</td>
                <td className={td}>{formatCount(p.expected, lang)}</td>
                <td className={td}>{p.crawl ? (p.crawl.status ?? dash) : t('pages.notCrawled')}</td>
                <td className={td}>
                  {p.crawl ? (p.crawl.indexable ? t('pages.yes') : t('pages.no')) : dash}
                </td>
                <td className={td}>
                  {!p.crawl?.canonical ? (
                    dash
                  ) : canonicalElsewhere ? (
                    <span className={TRUNCATED} title={p.crawl.canonical}>
                      {p.crawl.canonical}
                    </span>
                  ) : (
                    t('pages.self')
                  )}
                </td>
                <td className={td}>{p.crawl ? formatCount(p.crawl.words, lang) : dash}</td>
                <td className={td}>
                  {p.googlebot
                    ? formatDateTime(p.googlebot.last, lang)
                    : data.logs
                      ? t('pages.notFetched')
                      : dash}
                </td>
              </tr>
            )
          })}
        </tbody>
      </DataTable>
    </section>
  )
}
