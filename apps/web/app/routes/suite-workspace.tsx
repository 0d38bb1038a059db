import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { WorkspacePage } from '~/features/workspaces/workspace-page.tsx'

export const handle = {
  privatePage: 'suite',
  title: 'workspace',
  suiteTitle: 'workspace',
} satisfies PageHandle & SuiteHandle

export default function SuiteWorkspace() {
  return <WorkspacePage />
}
