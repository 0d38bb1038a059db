import { redirect } from 'react-router'
import { sessionOf } from '~/features/auth/guards.server.ts'
import { SignupPage } from '~/features/auth/signup-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { Route } from './+types/signup'

export const handle: PageHandle = { privatePage: 'signin', title: 'signup' }

/** Someone already signed in has nothing to create: an admin goes to /dashboard, others to their home. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = await sessionOf(context)
  if (user) throw redirect(user.role === 'admin' ? '/dashboard' : '/dashboard/client')
  return null
}

export default function Signup() {
  return <SignupPage />
}
