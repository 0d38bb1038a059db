import { data } from 'react-router'
import { getJson } from '~/features/account/account-api.server.ts'
import { AdminDashboard, type AdminOverview, Forbidden } from '~/features/admin/admin-dashboard.tsx'
import { requireUser } from '~/features/auth/guards.server.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/dashboard'

export const handle: PageHandle = { privatePage: 'suite', title: 'adminDashboard' }

/** Admin home. Anonymous visitors sign in first; signed-in non-admins get a 403 page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context)
  if (user.role !== 'admin') return data({ overview: null }, { status: 403 })
  const overview = await getJson<AdminOverview>(context, '/api/admin/overview')
  if (!overview) throw data(null, { status: 500 })
  return { overview }
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return loaderData.overview ? <AdminDashboard overview={loaderData.overview} /> : <Forbidden />
}
