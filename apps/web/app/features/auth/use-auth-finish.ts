import { useNavigate, useRevalidator } from 'react-router'
import type { SessionUser } from '~/lib/session.ts'
import { readPendingUrl, successTarget, writePendingUrl } from './routing.ts'

export interface AuthDestination {
  /** Called instead of navigating (the modal's caller decides what happens next). */
  onSuccess?: ((user: SessionUser) => void) | undefined
  redirect?: string | null | undefined
  url?: string | null | undefined
  returnTo?: string | null | undefined
  /** Called once the session is in place, before onSuccess or the navigation (the modal closes). */
  onFinished?: (() => void) | undefined
}

/** After a session starts: reload the root data (header, theme) and go where spec §4 says. */
export function useAuthFinish() {
  const navigate = useNavigate()
  const revalidator = useRevalidator()

  return async function finish(user: SessionUser, destination: AuthDestination): Promise<void> {
    await revalidator.revalidate()
    destination.onFinished?.()
    if (destination.onSuccess) {
      destination.onSuccess(user)
      return
    }
    const target = successTarget({
      role: user.role,
      redirect: destination.redirect ?? null,
      url: destination.url ?? null,
      pendingUrl: readPendingUrl(),
      returnTo: destination.returnTo ?? null,
    })
    if (target.clearPending) writePendingUrl(null)
    await navigate(target.to, { replace: true })
  }
}
