import { FileText } from 'lucide-react'
import { Link } from 'react-router'
import { DashboardSection } from '~/features/admin/dashboard-parts.tsx'
import { formatDate, StatusBadge, type TaskSummary, TaskTable } from '~/features/admin/task-table.tsx'
import { taskKindLabel } from '~/features/analysis/task-kinds.ts'
import { VerifiedNotice } from '~/features/auth/verified-notice.tsx'
import type { Workspace } from '~/features/workspaces/api.ts'
import { ClientSites } from '~/features/workspaces/client-sites.tsx'
import { useTranslation } from '~/lib/i18n.tsx'

/**
 * /dashboard/client: the person's recent analyses (links into the suite) and their reports; in a team's
 * workspace, its sites first (for a client, only those shared with them, and none of the tools).
 */
export function ClientDashboard({
  name,
  tasks,
  workspace = null,
}: {
  name: string
  tasks: TaskSummary[]
  workspace?: Workspace | null
}) {
  const { t } = useTranslation('account')
  const client = workspace?.role === 'client'
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10">
      <VerifiedNotice />
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-bold text-slate-900 dark:text-slate-100">
          {name ? t('client.titleNamed', { name }) : t('client.title')}
        </h1>
        {client ? null : (
          <Link to="/suite" className="btn-primary btn-small">
            {t('client.newAnalysis')}
          </Link>
        )}
      </div>
      {workspace && !workspace.personal ? <ClientSites workspace={workspace} /> : null}
      {client ? null : (
        <DashboardSection title={t('client.recent')} testId="client-tasks">
          {/* A phone gets one card per analysis: the table's five columns squeezed the address to a
            letter per line. */}
          <div className="hidden sm:block">
            <TaskTable tasks={tasks} />
          </div>
          <TaskCards tasks={tasks} />
        </DashboardSection>
      )}
      {client ? null : (
        <section className="card dark:border-slate-700 dark:bg-slate-900" data-testid="client-reports">
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-slate-100">
            <FileText className="size-5" aria-hidden="true" />
            {t('client.reports')}
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t('client.reportsBody')}</p>
          <Link to="/suite/reports" className="btn-outline mt-3">
            {t('client.openReports')}
          </Link>
        </section>
      )}
      <nav aria-label={t('nav.label')} className="flex flex-wrap gap-3 text-sm">
        <Link to="/suite/profile" className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          {t('nav.profile')}
        </Link>
        <Link to="/suite/settings" className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          {t('nav.settings')}
        </Link>
        <Link
          to="/suite/change-password"
          className="font-medium text-blue-800 hover:underline dark:text-blue-300"
        >
          {t('nav.changePassword')}
        </Link>
        <Link to="/suite/workspace" className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          {t('nav.workspace')}
        </Link>
      </nav>
    </div>
  )
}

/** The recent analyses as stacked cards, below the table's breakpoint. */
function TaskCards({ tasks }: { tasks: TaskSummary[] }) {
  const { t, lang } = useTranslation('account')
  if (!tasks.length) return <p className="text-slate-700 sm:hidden dark:text-slate-300">{t('tasks.empty')}</p>
  return (
    <ul className="flex flex-col gap-3 sm:hidden" data-testid="client-task-cards">
      {tasks.map((task) => (
        <li key={task.id} className="rounded-lg border border-slate-200 p-3 dark:border-slate-700">
          <Link
            to={`/suite?url=${encodeURIComponent(task.url)}`}
            className="font-medium break-all text-blue-800 hover:underline dark:text-blue-300"
          >
            {task.url}
          </Link>
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700 dark:text-slate-300">
            <span>{taskKindLabel(t, task.kind, task.platform)}</span>
            <StatusBadge status={task.status} />
            <span className="whitespace-nowrap">{formatDate(task.createdAt, lang)}</span>
          </div>
        </li>
      ))}
    </ul>
  )
}
