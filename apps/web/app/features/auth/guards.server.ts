import { type RouterContextProvider, redirect } from 'react-router'
import { apiContext } from '~/lib/api-context.ts'
import { readSession, type SessionUser } from '~/lib/session.ts'

/** The signed-in user of this request (read through the in-process API), or null. */
export function sessionOf(context: Readonly<RouterContextProvider>): Promise<SessionUser | null> {
  return readSession(context.get(apiContext))
}

/** `/signin?redirect=<this page>` for anonymous visitors, so they come back after signing in. */
function signinRedirect(request: Request): Response {
  const url = new URL(request.url)
  return redirect(`/signin?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`)
}

/** Loader guard: the signed-in user, or a redirect to /signin that comes back here. */
export async function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser> {
  const user = await sessionOf(context)
  if (!user) throw signinRedirect(request)
  return user
}
