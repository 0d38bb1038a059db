import { data } from 'react-router'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import { NotFound } from '~/features/site-chrome/not-found.tsx'

export const handle: PageHandle = { privatePage: 'notFound' }

/** Catch-all: throwing makes the response a real HTTP 404. */
export function loader(): never {
  throw data(null, { status: 404 })
}

export function ErrorBoundary() {
  return <NotFound />
}

export default function NotFoundRoute() {
  return <NotFound />
}
