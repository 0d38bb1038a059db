import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { ComingSoon } from '~/features/suite/shared/coming-soon.tsx'

export const handle = {
  privatePage: 'suite',
  title: 'directories',
  suiteTitle: 'directories',
} satisfies PageHandle & SuiteHandle

export default function SuiteDirectories() {
  return <ComingSoon />
}
