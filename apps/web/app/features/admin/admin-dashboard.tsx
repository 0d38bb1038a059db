import { CircleAlert, CircleCheck, ShieldCheck } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { useTranslation } from '~/lib/i18n.tsx'
import { DashboardSection, DataTable } from './dashboard-parts.tsx'
import { formatDate, type TaskSummary, TaskTable } from './task-table.tsx'

export interface AdminOverview {
  totals: { users: number }
  users: {
    id: string
    email: string
    name: string
    role: string | null
    emailVerified: boolean
    createdAt: string
  }[]
  tasks: TaskSummary[]
  queue: { ok: boolean; queues: number; error?: string }
}

/** /dashboard: the administrator's home (users, recent analyses, queue health). */
export function AdminDashboard({ overview }: { overview: AdminOverview }) {
  const { t, lang } = useTranslation('account')
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="flex items-center gap-2 text-3xl font-bold text-slate-900 dark:text-slate-100">
          <ShieldCheck className="size-7 text-blue-700" aria-hidden="true" />
          {t('admin.title')}
        </h1>
        <Link to="/suite" className="btn-outline">
          {t('admin.openSuite')}
        </Link>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Stat label={t('admin.totalUsers')} value={String(overview.totals.users)} />
        <Stat label={t('admin.recentTasks')} value={String(overview.tasks.length)} />
        <Stat
          label={t('admin.queue')}
          value={
            overview.queue.ok ? t('admin.queueOk', { count: overview.queue.queues }) : t('admin.queueDown')
          }
          icon={
            overview.queue.ok ? (
              <CircleCheck className="size-5 text-green-700" aria-hidden="true" />
            ) : (
              <CircleAlert className="size-5 text-red-700" aria-hidden="true" />
            )
          }
          testId="queue-health"
        />
      </div>
      <DashboardSection title={t('admin.users')} testId="admin-users">
        <DataTable
          rows={overview.users}
          rowKey={(user) => user.id}
          columns={[
            { header: t('admin.email'), cell: (user) => user.email, className: 'font-medium' },
            { header: t('admin.name'), cell: (user) => user.name || '—' },
            {
              header: t('admin.role'),
              cell: (user) => t(`roles.${user.role === 'admin' ? 'admin' : 'user'}`),
            },
            {
              header: t('admin.verified'),
              cell: (user) => (user.emailVerified ? t('admin.yes') : t('admin.no')),
            },
            {
              header: t('admin.created'),
              cell: (user) => formatDate(user.createdAt, lang),
              className: 'whitespace-nowrap',
            },
          ]}
        />
      </DashboardSection>
      <DashboardSection title={t('admin.tasks')}>
        <TaskTable tasks={overview.tasks} showUser />
      </DashboardSection>
    </div>
  )
}

function Stat({
  label,
  value,
  icon,
  testId,
}: {
  label: string
  value: string
  icon?: ReactNode
  testId?: string
}) {
  return (
    <div className="card dark:border-slate-700 dark:bg-slate-900" data-testid={testId}>
      <p className="text-sm text-slate-600 dark:text-slate-400">{label}</p>
      <p className="mt-1 flex items-center gap-2 text-2xl font-bold text-slate-900 dark:text-slate-100">
        {icon}
        {value}
      </p>
    </div>
  )
}

/** Signed in, but not an administrator. */
export function Forbidden() {
  const { t } = useTranslation('account')
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center" data-testid="forbidden">
      <p className="text-5xl font-bold text-slate-300">403</p>
      <h1 className="mt-2 text-3xl font-bold text-slate-900 dark:text-slate-100">
        {t('admin.forbiddenTitle')}
      </h1>
      <p className="mt-3 text-slate-700 dark:text-slate-300">{t('admin.forbiddenBody')}</p>
      <Link to="/dashboard/client" className="btn-primary mt-6">
        {t('admin.forbiddenBack')}
      </Link>
    </div>
  )
}
