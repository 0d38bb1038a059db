import { redirect } from 'react-router'
import { AuthCallbackPage } from '~/features/auth/auth-callback-page.tsx'
import { sessionOf } from '~/features/auth/guards.server.ts'
import { emailVerifiedNotice, noticeCookieHeader } from '~/features/auth/notice.ts'
import { callbackTarget } from '~/features/auth/routing.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/auth-callback'

export const handle: PageHandle = { privatePage: 'signin', title: 'authCallback' }

/** The server already set the session cookie (email confirmed, OAuth done): go straight to `next`. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams
  if (search.get('error')) return null
  const user = await sessionOf(context)
  if (user) {
    // From the confirmation email: the landing page confirms it (features/auth/verified-notice.tsx).
    const headers: HeadersInit =
      search.get('verified') === 'email' ? { 'Set-Cookie': noticeCookieHeader(emailVerifiedNotice) } : {}
    throw redirect(callbackTarget(search.get('next')), { headers })
  }
  return null
}

export default function AuthCallback() {
  return <AuthCallbackPage />
}
