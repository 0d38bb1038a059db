import { Link } from 'react-router'
import { taskKindLabel } from '~/features/analysis/task-kinds.ts'
import { cx } from '~/lib/cx.ts'
import { useTranslation } from '~/lib/i18n.tsx'
import { formatDateTime } from '../ui/format.ts'
import { type Column, DataTable } from './dashboard-parts.tsx'

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
  return formatDateTime(date, lang === 'en' ? 'en' : 'pt')
}

/** Recent analyses: site (a link into the suite), kind, status, date; the owner for the admin. */
export function TaskTable({ tasks, showUser }: { tasks: TaskSummary[]; showUser?: boolean }) {
  const { t, lang } = useTranslation('account')
  if (!tasks.length) return <p className="text-slate-700 dark:text-slate-300">{t('tasks.empty')}</p>
  const columns: Column<TaskSummary>[] = [
    {
      header: t('tasks.site'),
      cell: (task) => (
        <Link
          to={`/suite?url=${encodeURIComponent(task.url)}`}
          className="font-medium text-blue-800 hover:underline dark:text-blue-300"
        >
          {task.url}
        </Link>
      ),
      className: 'max-w-64 truncate',
    },
    {
      header: t('tasks.kind'),
      cell: (task) => taskKindLabel(t, task.kind, task.platform),
    },
    { header: t('tasks.statusLabel'), cell: (task) => <StatusBadge status={task.status} /> },
    ...(showUser
      ? [{ header: t('tasks.user'), cell: (task: TaskSummary) => task.userEmail ?? t('tasks.anonymous') }]
      : []),
    {
      header: t('tasks.date'),
      cell: (task) => formatDate(task.createdAt, lang),
      className: 'whitespace-nowrap',
    },
  ]
  return <DataTable columns={columns} rows={tasks} rowKey={(task) => task.id} />
}
