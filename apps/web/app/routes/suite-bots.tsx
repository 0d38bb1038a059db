import { BotsPage } from '~/features/bots/bots-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'

export const handle = {
  privatePage: 'suite',
  title: 'bots',
  suiteTitle: 'bots',
} satisfies PageHandle & SuiteHandle

export default function SuiteBots() {
  return <BotsPage />
}
