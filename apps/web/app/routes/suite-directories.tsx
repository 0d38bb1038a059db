import { DirectoriesPage } from '~/features/directories/directories-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-directories'

export const handle = {
  privatePage: 'suite',
  title: 'directories',
  suiteTitle: 'directories',
} satisfies PageHandle & SuiteHandle

/** ?url= names the site whose NAP fills the form (else the last analysed address). */
export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteDirectories({ loaderData }: Route.ComponentProps) {
  return <DirectoriesPage queryUrl={loaderData.url} />
}
