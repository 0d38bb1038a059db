import { OverviewsPage } from '~/features/ai-overviews/overviews-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'

export const handle = {
  privatePage: 'suite',
  title: 'googleAi',
  suiteTitle: 'googleAi',
} satisfies PageHandle & SuiteHandle

export default function SuiteGoogleAi() {
  return <OverviewsPage />
}
