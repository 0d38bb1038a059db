import { useLoaderData } from 'react-router'
import { pageContext } from '~/features/guides/content-kit.ts'
import { LandingPage } from '~/features/landing/landing-page.tsx'
import { readTestimonialsFile } from '~/features/landing/operator-content.server.ts'
import { landingProof } from '~/features/landing/proof.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/home'

export const handle: PageHandle = { page: 'home' }

export function loader({ request, context }: Route.LoaderArgs) {
  const { lang } = pageContext(request, context)
  return landingProof(readTestimonialsFile(), lang)
}

export default function Home() {
  return <LandingPage proof={useLoaderData<typeof loader>()} />
}
