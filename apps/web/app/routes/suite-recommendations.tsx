import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { RecommendationsPage } from '~/features/suite/recommendations/recommendations-page.tsx'

export const handle = {
  privatePage: 'suite',
  title: 'recommendations',
  suiteTitle: 'recommendations',
} satisfies PageHandle & SuiteHandle

export default function SuiteRecommendations() {
  return <RecommendationsPage />
}
