import type { PageHandle } from '~/features/seo/page-handle.ts'
import { SitesPage } from '~/features/sites/sites-page.tsx'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-sites'

export const handle = {
  privatePage: 'suite',
  title: 'sites',
  suiteTitle: 'sites',
} satisfies PageHandle & SuiteHandle

export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteSites({ loaderData }: Route.ComponentProps) {
  return <SitesPage initialUrl={loaderData.url} />
}
