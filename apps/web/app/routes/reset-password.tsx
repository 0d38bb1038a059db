import { ResetPasswordPage } from '~/features/auth/reset-password-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { privatePage: 'signin', title: 'resetPassword' }

export default function ResetPassword() {
  return <ResetPasswordPage />
}
