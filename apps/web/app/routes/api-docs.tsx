import { useLoaderData } from 'react-router'
import { getJson } from '~/features/account/account-api.server.ts'
import { ApiDocsPage, operationsOf } from '~/features/api-docs/api-docs-page.tsx'
import { pageContext } from '~/features/guides/content-kit.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/api-docs'

export const handle: PageHandle = { page: 'apiDocs' }

// The reference is read from the live OpenAPI document, so it shows exactly what the server serves.
export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = pageContext(request, context)
  const document = await getJson<unknown>(context, '/api/v1/openapi.json')
  return { operations: document ? operationsOf(document, ctx.lang) : null, publicUrl: ctx.base }
}

export default function ApiDocsRoute() {
  const { operations, publicUrl } = useLoaderData<typeof loader>()
  return <ApiDocsPage operations={operations} publicUrl={publicUrl} />
}
