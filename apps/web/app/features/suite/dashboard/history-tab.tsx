import { useEffect, useState } from 'react'
import type { MyTask } from '~/features/analysis/types.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { domainOf, formatDateTime } from '../shared/format.ts'
import { ScoreHistoryChart } from './history-chart.tsx'
import { historyPoints } from './history-chart-data.ts'

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

/**
 * The signed-in user's past analyses (GET /api/me/tasks): this domain's scores over time as a chart,
 * then the list of recent analyses, this domain's first.
 */
export function HistoryTab({ url }: { url: string | null }) {
  const { t, lang } = useTranslation('suite')
  const domain = url ? domainOf(url) : null
  const host = url ? hostOf(url) : null
  const [tasks, setTasks] = useState<MyTask[] | null>(null)
  const [hostTasks, setHostTasks] = useState<MyTask[] | null>(null)
  const [failed, setFailed] = useState(false)

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

  if (failed) return <p className="text-red-800 dark:text-red-300">{t('dashboard.historyError')}</p>
  if (!tasks || !hostTasks) return <p className="text-slate-700 dark:text-slate-300">{t('header.loading')}</p>
  const sorted = domain
    ? [
        ...tasks.filter((task) => domainOf(task.url) === domain),
        ...tasks.filter((task) => domainOf(task.url) !== domain),
      ]
    : tasks
  return (
    <div className="flex flex-col gap-6">
      {host ? (
        <section className="card" data-testid="history-chart-card">
          <ScoreHistoryChart points={historyPoints(hostTasks)} domain={host} />
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
                <th className="py-2 font-medium">{t('dashboard.historyColumns.status')}</th>
              </tr>
            </thead>
            <tbody>
              {sorted.map((task) => (
                <tr key={task.id} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="py-2 pr-4 whitespace-nowrap">{formatDateTime(task.createdAt, lang)}</td>
                  <td className="py-2 pr-4 break-all">{task.url}</td>
                  <td className="py-2 pr-4">
                    {t(`dashboard.kinds.${task.kind}`, { platform: task.platform ?? '' })}
                  </td>
                  <td className="py-2">{t(`dashboard.statuses.${task.status}`)}</td>
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
