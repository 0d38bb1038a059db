import { LandingPage } from '~/features/landing/landing-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'home' }

export default function Home() {
  return <LandingPage />
}
