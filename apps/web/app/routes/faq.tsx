import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'faq' }

export default function FaqPage() {
  return <PlaceholderPage page="faq" />
}
