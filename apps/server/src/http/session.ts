// Who is asking: the signed-in user from the session cookie, or null for an anonymous visitor.
import type { Context } from 'hono'
import { boundIdentity } from '../api/identity.ts'
import type { Auth } from '../auth/auth.ts'
import { AppError } from '../errors.ts'

export interface SessionUser {
  id: string
  email: string
  name: string
  role: 'user' | 'admin'
  emailVerified: boolean
  lang: 'pt' | 'en'
  emailNotifications: boolean
  darkMode: boolean
  /** The workspace chosen in the suite header (organization plugin); checked in workspaces/access.ts. */
  activeWorkspaceId?: string | null
}

export async function currentUser(auth: Auth, headers: Headers): Promise<SessionUser | null> {
  // A request /api/v1 forwarded after checking its bearer token (api/identity.ts): it carries no cookie.
  const bearer = boundIdentity(headers)
  if (bearer) return bearer.user
  // No cookie, no session: skip the lookup (anonymous polling is the hot path).
  if (!headers.get('cookie')) return null
  const session = await auth.api.getSession({ headers })
  if (!session) return null
  const u = session.user as typeof session.user & Partial<SessionUser>
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role === 'admin' ? 'admin' : 'user',
    emailVerified: u.emailVerified,
    lang: u.lang === 'en' ? 'en' : 'pt',
    emailNotifications: u.emailNotifications ?? true,
    darkMode: u.darkMode ?? false,
    activeWorkspaceId:
      (session.session as typeof session.session & { activeOrganizationId?: string | null })
        .activeOrganizationId ?? null,
  }
}

export async function requireUser(auth: Auth, c: Context): Promise<SessionUser> {
  const user = await currentUser(auth, c.req.raw.headers)
  if (!user) throw new AppError('UNAUTHENTICATED')
  return user
}

export async function requireAdmin(auth: Auth, c: Context): Promise<SessionUser> {
  const user = await requireUser(auth, c)
  if (user.role !== 'admin') throw new AppError('FORBIDDEN')
  return user
}
