import { data } from 'react-router'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { page: 'glossaryTerm' }

export function loader(): never {
  throw data(null, { status: 404 })
}

export default function Page() {
  return null
}
