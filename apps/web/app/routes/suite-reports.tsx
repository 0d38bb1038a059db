import { loadReportsPage } from '~/features/reports/reports-api.server.ts'
import { ReportsPage } from '~/features/reports/reports-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import type { Route } from './+types/suite-reports'

export const handle = { privatePage: 'suite', title: 'reports', suiteTitle: 'reports' } satisfies PageHandle &
  SuiteHandle

export function loader({ context }: Route.LoaderArgs) {
  return loadReportsPage(context)
}

export default function SuiteReports({ loaderData }: Route.ComponentProps) {
  return <ReportsPage data={loaderData} />
}
