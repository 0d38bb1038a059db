import { useEffect, useState } from 'react'
import { historyRows } from '~/features/analysis/analysis-history.ts'
import { taskKindLabel } from '~/features/analysis/task-kinds.ts'
import type { MyTask } from '~/features/analysis/types.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { domainOf, formatDateTime } from '../shared/format.ts'
import { ScoreHistoryChart } from './history-chart.tsx'
import { analysedPages, historyPoints } from './history-chart-data.ts'

/** `host[:port]` of an address, as GET /api/me/tasks?host= compares it. */
function hostOf(url: string): string | null {
  try {
    return new URL(url).host.toLowerCase()
  } catch {
    return null
  }
}

async function loadTasks(query: string): Promise<MyTask[]> {
  const response = await fetch(`/api/me/tasks${query}`, {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
  if (!response.ok) throw new Error(String(response.status))
  return ((await response.json()) as { tasks: MyTask[] }).tasks
}

/** An address without its scheme, as the page chooser and the chart title show it. */
function pageLabel(url: string): string {
  return url.replace(/^https?:\/\//, '')
}

/**
 * The signed-in user's past analyses (GET /api/me/tasks): one page's scores over time as a chart (the
 * analysed page by default; a chooser lists the site's other analysed pages, never mixed in one line),
 * then the list of recent analyses, this domain's first.
 */
export function HistoryTab({ url }: { url: string | null }) {
  const { t, lang } = useTranslation('suite')
  const domain = url ? domainOf(url) : null
  const host = url ? hostOf(url) : null
  const [tasks, setTasks] = useState<MyTask[] | null>(null)
  const [hostTasks, setHostTasks] = useState<MyTask[] | null>(null)
  const [page, setPage] = useState<string | null>(url)
  const [pageTasks, setPageTasks] = useState<MyTask[] | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => setPage(url), [url])

  useEffect(() => {
    let cancelled = false
    Promise.all([loadTasks(''), host ? loadTasks(`?${new URLSearchParams({ host })}`) : Promise.resolve([])])
      .then(([all, ofHost]) => {
        if (cancelled) return
        setTasks(all)
        setHostTasks(ofHost)
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
    }
  }, [host])

  useEffect(() => {
    if (!page) return
    let cancelled = false
    setPageTasks(null)
    loadTasks(`?${new URLSearchParams({ url: page })}`)
      .then((list) => {
        if (!cancelled) setPageTasks(list)
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
    }
  }, [page])

  if (failed) return <p className="text-red-800 dark:text-red-300">{t('dashboard.historyError')}</p>
  if (!tasks || !hostTasks) return <p className="text-slate-700 dark:text-slate-300">{t('header.loading')}</p>
  const pages = host ? analysedPages(hostTasks, host) : []
  if (url && !pages.includes(url)) pages.unshift(url)
  // One row per analysis (its three tasks), this domain's first.
  const rows = historyRows(tasks)
  const sorted = domain
    ? [
        ...rows.filter((row) => domainOf(row.url) === domain),
        ...rows.filter((row) => domainOf(row.url) !== domain),
      ]
    : rows
  return (
    <div className="flex flex-col gap-6">
      {host && page ? (
        <section className="card flex flex-col gap-4" data-testid="history-chart-card">
          {pages.length > 1 ? (
            <div className="flex flex-col gap-1">
              <label
                htmlFor="history-page"
                className="text-sm font-medium text-slate-800 dark:text-slate-200"
              >
                {t('history:page')}
              </label>
              <select
                id="history-page"
                className="min-h-11 w-full max-w-xl rounded-md border border-slate-300 bg-white px-3 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100"
                value={page}
                onChange={(event) => setPage(event.target.value)}
                aria-describedby="history-page-hint"
                data-testid="history-page"
              >
                {pages.map((p) => (
                  <option key={p} value={p}>
                    {pageLabel(p)}
                  </option>
                ))}
              </select>
              <p id="history-page-hint" className="text-xs text-slate-600 dark:text-slate-400">
                {t('history:pageHint')}
              </p>
            </div>
          ) : null}
          {pageTasks ? (
            <ScoreHistoryChart points={historyPoints(historyRows(pageTasks))} domain={pageLabel(page)} />
          ) : (
            <p className="text-slate-700 dark:text-slate-300">{t('header.loading')}</p>
          )}
        </section>
      ) : null}
      {sorted.length ? (
        <section className="card overflow-x-auto" data-testid="history">
          <h2 className="mb-4 text-lg font-semibold text-slate-900 dark:text-slate-50">
            {t('dashboard.historyTitle')}
          </h2>
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th className="py-2 pr-4 font-medium">{t('dashboard.historyColumns.date')}</th>
                <th className="py-2 pr-4 font-medium">{t('dashboard.historyColumns.url')}</th>
                <th className="py-2 pr-4 font-medium">{t('dashboard.historyColumns.kind')}</th>
                <th className="py-2 pr-4 font-medium">{t('dashboard.historyColumns.status')}</th>
                <th className="py-2 font-medium">{t('dashboard.historyColumns.overall')}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((task) => (
                <tr
                  key={task.id}
                  className="border-t border-slate-200 dark:border-slate-700"
                  data-testid="history-row"
                >
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(task.createdAt, lang)}</td>
                  <td className="py-2 pr-4 break-all">{task.url}</td>
                  <td className="py-2 pr-4">{taskKindLabel(t, task.kind, task.platform)}</td>
                  <td className="py-2 pr-4">{t(`dashboard.statuses.${task.status}`)}</td>
                  <td className="py-2" data-testid="history-overall">
                    {typeof task.scores?.overall === 'number' ? task.scores.overall : '—'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t('dashboard.historyEmpty')}</p>
      )}
    </div>
  )
}
