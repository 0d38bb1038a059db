import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { RecommendationsPage } from '~/features/suite/recommendations/recommendations-page.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-recommendations'

export const handle = {
  privatePage: 'suite',
  title: 'recommendations',
  suiteTitle: 'recommendations',
} satisfies PageHandle & SuiteHandle

export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteRecommendations({ loaderData }: Route.ComponentProps) {
  return <RecommendationsPage queryUrl={loaderData.url} />
}
