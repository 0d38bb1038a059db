import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'checklist' }

export default function ChecklistPage() {
  return <PlaceholderPage page="checklist" />
}
