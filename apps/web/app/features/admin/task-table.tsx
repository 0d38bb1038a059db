import { Link } from 'react-router'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'

export interface TaskSummary {
  id: string
  kind: string
  url: string
  platform: string | null
  status: string
  errorCode: string | null
  createdAt: string
  finishedAt: string | null
  userEmail?: string | null
}

const statusTone: Record<string, string> = {
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  running: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200',
  success: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
}

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('account')
  const known = status in statusTone
  return (
    <span
      className={cx(
        'inline-flex rounded-full px-2 py-0.5 text-xs font-semibold',
        statusTone[status] ?? 'bg-slate-100 text-slate-800',
      )}
    >
      {known ? t(`tasks.status.${status}`) : status}
    </span>
  )
}

export function formatDate(iso: string | null, lang: string): string {
  if (!iso) return '—'
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return '—'
  return date.toLocaleString(lang === 'en' ? 'en-GB' : 'pt-PT', { dateStyle: 'short', timeStyle: 'short' })
}

/** Recent analyses: site (a link into the suite), kind, status, date; the owner for the admin. */
export function TaskTable({ tasks, showUser }: { tasks: TaskSummary[]; showUser?: boolean }) {
  const { t, lang } = useTranslation('account')
  if (!tasks.length) return <p className="text-slate-700 dark:text-slate-300">{t('tasks.empty')}</p>
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 text-slate-600 dark:border-slate-700 dark:text-slate-400">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t('tasks.site')}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t('tasks.kind')}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {t('tasks.statusLabel')}
            </th>
            {showUser ? (
              <th scope="col" className="py-2 pr-4 font-semibold">
                {t('tasks.user')}
              </th>
            ) : null}
            <th scope="col" className="py-2 font-semibold">
              {t('tasks.date')}
            </th>
          </tr>
        </thead>
        <tbody>
          {tasks.map((task) => (
            <tr key={task.id} className="border-b border-slate-100 dark:border-slate-800">
              <td className="max-w-64 truncate py-2 pr-4">
                <Link
                  to={`/suite?url=${encodeURIComponent(task.url)}`}
                  className="font-medium text-blue-800 hover:underline dark:text-blue-300"
                >
                  {task.url}
                </Link>
              </td>
              <td className="py-2 pr-4">
                {t(`tasks.kinds.${task.kind === 'ai_optimization' ? 'aio' : 'seo'}`)}
                {task.platform
                  ? ` · ${t(`tasks.platforms.${task.platform === 'mobile' ? 'mobile' : 'desktop'}`)}`
                  : ''}
              </td>
              <td className="py-2 pr-4">
                <StatusBadge status={task.status} />
              </td>
              {showUser ? <td className="py-2 pr-4">{task.userEmail ?? t('tasks.anonymous')}</td> : null}
              <td className="whitespace-nowrap py-2">{formatDate(task.createdAt, lang)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
