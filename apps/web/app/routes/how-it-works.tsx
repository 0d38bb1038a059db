import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'howItWorks' }

export default function HowItWorksPage() {
  return <PlaceholderPage page="howItWorks" />
}
