import { SigninPage } from '~/features/auth/signin-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { privatePage: 'signin', title: 'signin' }

export default function Signin() {
  return <SigninPage />
}
