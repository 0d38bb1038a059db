import { ChangePasswordPage } from '~/features/account/change-password-page.tsx'
import { requireUser } from '~/features/auth/guards.server.ts'
import type { PageHandle } from '~/features/seo/page-handle.ts'
import type { SuiteHandle } from '~/features/suite/layout/suite-layout.tsx'
import type { Route } from './+types/suite-change-password'

export const handle = {
  privatePage: 'suite',
  title: 'changePassword',
  suiteTitle: 'changePassword',
} satisfies PageHandle & SuiteHandle

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireUser(request, context)
  return null
}

export default function SuiteChangePassword() {
  return <ChangePasswordPage />
}
