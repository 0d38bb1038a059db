import { VerificationPage } from '~/features/auth/verification-page.tsx'
import type { PageHandle } from '~/features/seo/page-handle.ts'

export const handle: PageHandle = { privatePage: 'signin', title: 'verification' }

export default function Verification() {
  return <VerificationPage />
}
