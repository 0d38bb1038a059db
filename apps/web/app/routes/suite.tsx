import { redirect } from 'react-router'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { DashboardPage } from '~/features/suite/dashboard/dashboard-page.tsx'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { makeProjectId, normalizeAnalysisUrl, suiteHref } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite'

export const handle = {
  privatePage: 'suite',
  title: 'dashboard',
  suiteTitle: 'dashboard',
} satisfies PageHandle & SuiteHandle

/** A form submitted without JavaScript arrives with `url` only: normalise it and add the projectId. */
export function loader({ request }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  const raw = search.get('url')
  const projectId = search.get('projectId')
  const url = normalizeAnalysisUrl(raw)
  if (url && !projectId) {
    const lang = search.get('lang')
    const target = suiteHref(url, makeProjectId(url))
    throw redirect(lang ? `${target}&lang=${encodeURIComponent(lang)}` : target)
  }
  return { url, projectId }
}

export default function Suite({ loaderData }: Route.ComponentProps) {
  return <DashboardPage url={loaderData.url} projectId={loaderData.projectId} />
}
