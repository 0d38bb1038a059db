import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'privacy' }

export default function PrivacyPage() {
  return <PlaceholderPage page="privacy" />
}
