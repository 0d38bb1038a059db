import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { WriterPage } from '~/features/writer/writer-page.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-writer'

export const handle = {
  privatePage: 'suite',
  title: 'writer',
  suiteTitle: 'writer',
} satisfies PageHandle & SuiteHandle

export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteWriter({ loaderData }: Route.ComponentProps) {
  return <WriterPage initialUrl={loaderData.url} />
}
