import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'terms' }

export default function TermsPage() {
  return <PlaceholderPage page="terms" />
}
