import { KeywordsPage } from '~/features/keywords/keywords-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'

export const handle = {
  privatePage: 'suite',
  title: 'keywords',
  suiteTitle: 'keywords',
} satisfies PageHandle & SuiteHandle

export default function SuiteKeywords() {
  return <KeywordsPage />
}
