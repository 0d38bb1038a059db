import type { PageHandle } from '~/features/seo/page-handle.ts'
import { AioPage } from '~/features/suite/aio/aio-page.tsx'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import { normalizeAnalysisUrl } from '~/lib/analysis-url.ts'
import type { Route } from './+types/suite-aio'

export const handle = { privatePage: 'suite', title: 'aio', suiteTitle: 'aio' } satisfies PageHandle &
  SuiteHandle

export function loader({ request }: Route.LoaderArgs) {
  return { url: normalizeAnalysisUrl(new URL(request.url).searchParams.get('url')) }
}

export default function SuiteAio({ loaderData }: Route.ComponentProps) {
  return <AioPage queryUrl={loaderData.url} />
}
