import { RecommenderPage } from '~/features/recommender/recommender-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-recommender'

export const handle = {
  privatePage: 'suite',
  title: 'recommender',
  suiteTitle: 'recommender',
} satisfies PageHandle & SuiteHandle

export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteRecommender({ loaderData }: Route.ComponentProps) {
  return <RecommenderPage initialUrl={loaderData.url} />
}
