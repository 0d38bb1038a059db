// CSRF defence for Farol's own state-changing API routes (Better Auth checks its routes itself):
// a browser always sends Origin on POST/PUT/PATCH/DELETE, so a foreign or missing-but-cross-site
// origin is refused. Cookies are SameSite=Lax as a second layer.
import type { MiddlewareHandler } from 'hono'
import { AppError } from '../errors.ts'

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

export function originCheck(publicUrl: string): MiddlewareHandler {
  const allowed = new URL(publicUrl).origin
  return async (c, next) => {
    if (!safeMethods.has(c.req.method)) {
      const origin = c.req.header('origin')
      const fetchSite = c.req.header('sec-fetch-site')
      const sameHost = origin && new URL(c.req.url).origin === origin
      if (
        origin
          ? origin !== allowed && !sameHost
          : fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none'
      ) {
        throw new AppError('FORBIDDEN', `cross-site request from ${origin ?? fetchSite}`)
      }
    }
    await next()
  }
}
