import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { SeoPage } from '~/features/suite/seo/seo-page.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-seo'

export const handle = { privatePage: 'suite', title: 'seo', suiteTitle: 'seo' } satisfies PageHandle &
  SuiteHandle

export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteSeo({ loaderData }: Route.ComponentProps) {
  return <SeoPage queryUrl={loaderData.url} />
}
