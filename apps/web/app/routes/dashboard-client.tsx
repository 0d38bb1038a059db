import { getJson } from '~/features/account/account-api.server.ts'
import { ClientDashboard } from '~/features/account/client-dashboard.tsx'
import type { TaskSummary } from '~/features/admin/task-table.tsx'
import { requireUser } from '~/features/auth/guards.server.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { WorkspaceList } from '~/features/workspaces/api.ts'
import type { Route } from './+types/dashboard-client'

export const handle: PageHandle = { privatePage: 'suite', title: 'clientDashboard' }

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  const [body, workspaces] = await Promise.all([
    getJson<{ tasks: TaskSummary[] }>(context, '/api/me/tasks'),
    getJson<WorkspaceList>(context, '/api/workspaces'),
  ])
  return { name: user.name, tasks: body?.tasks ?? [], workspace: workspaces?.active ?? null }
}

export default function DashboardClient({ loaderData }: Route.ComponentProps) {
  return <ClientDashboard name={loaderData.name} tasks={loaderData.tasks} workspace={loaderData.workspace} />
}
