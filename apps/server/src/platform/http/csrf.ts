// CSRF defence for every state-changing API request, Better Auth's routes included (login CSRF): the
// request must carry an Origin that is one of Farol's trusted origins (http/origins.ts), or, when a
// browser left Origin out, `Sec-Fetch-Site: same-origin`. No Origin and no Sec-Fetch-Site at all is
// refused too: a browser always sends one of them on POST, so only a script without a browser's
// protections would omit both. The Host header is never the reference (a request chooses its own Host).
// Cookies are SameSite=Lax as a second layer.
import type { MiddlewareHandler } from 'hono'
import { AppError } from '../errors.ts'
import { trustedOrigins } from './origins.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Pure: whether a request with these headers may change state. */
export function sameOriginRequest(
  method: string,
  headers: { origin?: string | undefined; fetchSite?: string | undefined },
  allowed: readonly string[],
): boolean {
  if (safeMethods.has(method.toUpperCase())) return true
  if (headers.origin) return allowed.includes(headers.origin)
  return headers.fetchSite === 'same-origin'
}

export function originCheck(publicUrl: string): MiddlewareHandler {
  const allowed = trustedOrigins(publicUrl)
  return async (c, next) => {
    const origin = c.req.header('origin')
    const fetchSite = c.req.header('sec-fetch-site')
    if (!sameOriginRequest(c.req.method, { origin, fetchSite }, allowed)) {
      throw new AppError('FORBIDDEN', `cross-site request from ${origin ?? fetchSite ?? 'no origin'}`)
    }
    await next()
  }
}
