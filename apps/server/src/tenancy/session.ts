// Who is asking: the signed-in user from the session cookie, or null for an anonymous visitor.
import { randomBytes } from 'node:crypto'
import type { Context } from 'hono'
import { AppError } from '../platform/errors.ts'
import type { Auth } from './auth.ts'

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
  // A request /api/v1 forwarded after checking its bearer token (bindIdentity below): it carries no cookie.
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

// Who a bearer request acts as. /api/v1 authenticates the token, then hands the request to the same
// routes the web app uses; those ask `currentUser(headers)`. The forwarded request carries a one-time
// random handle (128 bits, alive only while that request is answered) naming the identity kept here in
// memory: a client cannot guess a live one, and the handle survives middleware that copies the request.
export const scopes = ['read', 'audit', 'sites'] as const
export type Scope = (typeof scopes)[number]

export interface TokenIdentity {
  user: SessionUser
  tokenId: string
  scopes: readonly Scope[]
}

const handleHeader = 'x-farol-identity'
const bound = new Map<string, TokenIdentity>()

/** Binds `identity` to a request about to be forwarded; call the returned function once it is answered. */
export function bindIdentity(headers: Headers, identity: TokenIdentity): () => void {
  const handle = randomBytes(16).toString('hex')
  bound.set(handle, identity)
  headers.set(handleHeader, handle)
  return () => bound.delete(handle)
}

export function boundIdentity(headers: Headers): TokenIdentity | undefined {
  const handle = headers.get(handleHeader)
  return handle ? bound.get(handle) : undefined
}
