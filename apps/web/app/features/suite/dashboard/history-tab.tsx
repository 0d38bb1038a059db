import { useEffect, useState } from 'react'
import type { MyTask } from '~/features/analysis/types.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { domainOf, formatDateTime } from '../shared/format.ts'

/** The signed-in user's past analyses (GET /api/me/tasks), this domain's first. */
export function HistoryTab({ domain }: { domain: string | null }) {
  const { t, lang } = useTranslation('suite')
  const [tasks, setTasks] = useState<MyTask[] | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    let cancelled = false
    fetch('/api/me/tasks', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
      .then(async (response) => {
        if (!response.ok) throw new Error(String(response.status))
        const body = (await response.json()) as { tasks: MyTask[] }
        if (!cancelled) setTasks(body.tasks)
      })
      .catch(() => {
        if (!cancelled) setFailed(true)
      })
    return () => {
      cancelled = true
    }
  }, [])

  if (failed) return <p className="text-red-800">{t('dashboard.historyError')}</p>
  if (!tasks) return <p className="text-slate-700">{t('header.loading')}</p>
  const sorted = domain
    ? [
        ...tasks.filter((task) => domainOf(task.url) === domain),
        ...tasks.filter((task) => domainOf(task.url) !== domain),
      ]
    : tasks
  if (!sorted.length) return <p className="text-slate-700">{t('dashboard.historyEmpty')}</p>
  return (
    <section className="card overflow-x-auto" data-testid="history">
      <h2 className="mb-4 text-lg font-semibold text-slate-900">{t('dashboard.historyTitle')}</h2>
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className="py-2 pr-4 font-medium">{t('dashboard.historyColumns.date')}</th>
            <th className="py-2 pr-4 font-medium">{t('dashboard.historyColumns.url')}</th>
            <th className="py-2 pr-4 font-medium">{t('dashboard.historyColumns.kind')}</th>
            <th className="py-2 font-medium">{t('dashboard.historyColumns.status')}</th>
          </tr>
        </thead>
        <tbody>
          {sorted.map((task) => (
            <tr key={task.id} className="border-t border-slate-200">
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
  )
}
