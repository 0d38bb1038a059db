import { PlaceholderPage } from '~/features/pages/placeholder-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'blog' }

export default function BlogPage() {
  return <PlaceholderPage page="blog" />
}
