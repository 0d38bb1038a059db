import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'glossary' }

export default function GlossaryPage() {
  return <PlaceholderPage page="glossary" />
}
