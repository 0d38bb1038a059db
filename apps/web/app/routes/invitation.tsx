import type { PageHandle } from '~/features/seo/page-handle.ts'
import { InvitationPage } from '~/features/workspaces/invitation-page.tsx'
import type { Route } from './+types/invitation'

export const handle: PageHandle = { privatePage: 'signin', title: 'invitation' }

export default function Invitation({ params }: Route.ComponentProps) {
  return <InvitationPage id={params.id} />
}
