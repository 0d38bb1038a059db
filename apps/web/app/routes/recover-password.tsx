import { RecoverPasswordPage } from '~/features/auth/recover-password-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { privatePage: 'signin', title: 'recoverPassword' }

export default function RecoverPassword() {
  return <RecoverPasswordPage />
}
