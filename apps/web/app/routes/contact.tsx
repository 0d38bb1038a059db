import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'contact' }

export default function ContactPage() {
  return <PlaceholderPage page="contact" />
}
