import { LlmPage } from '~/features/llm/llm-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-llm'

export const handle = { privatePage: 'suite', title: 'llm', suiteTitle: 'llm' } satisfies PageHandle &
  SuiteHandle

export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteLlm({ loaderData }: Route.ComponentProps) {
  return <LlmPage queryUrl={loaderData.url} />
}
