import type { Lang } from '~/lib/route-table.ts'
import type { SessionUser } from '~/lib/session.ts'
import { callApi } from './api.ts'

/** The signed-in user as the server sees it now (role included), or null. */
export async function fetchSessionUser(lang: Lang): Promise<SessionUser | null> {
  const result = await callApi<{ user: SessionUser | null }>('/api/session', { method: 'GET', lang })
  return result.ok ? result.data.user : null
}

/** Where the verification link should land after confirming the email. */
export function verificationNext({
  redirect,
  url,
  returnTo,
}: {
  redirect?: string | null | undefined
  url?: string | null | undefined
  returnTo?: string | null | undefined
}): string {
  if (redirect === 'suite' && url) return `/suite?url=${encodeURIComponent(url)}`
  if (returnTo?.startsWith('/') && !returnTo.startsWith('//')) return returnTo
  return '/dashboard/client'
}

/** The link's landing: `verifiedEmail` for the confirmation email, so the next page says it worked. */
export function callbackUrl(
  next: string,
  { verifiedEmail = false }: { verifiedEmail?: boolean } = {},
): string {
  return `/auth/callback?next=${encodeURIComponent(next)}${verifiedEmail ? '&verified=email' : ''}`
}
