import { SigninPlaceholder } from '~/features/auth/signin-placeholder.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { privatePage: 'signin' }

export default function Signin() {
  return <SigninPlaceholder />
}
