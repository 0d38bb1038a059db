import type { PageHandle } from '~/features/seo/page-handle.ts'
import { SitePage } from '~/features/site-audit/site-page.tsx'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'

export const handle = {
  privatePage: 'suite',
  title: 'site',
  suiteTitle: 'site',
} satisfies PageHandle & SuiteHandle

export default function SuiteSite() {
  return <SitePage />
}
