import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'guides' }

export default function GuidesPage() {
  return <PlaceholderPage page="guides" />
}
