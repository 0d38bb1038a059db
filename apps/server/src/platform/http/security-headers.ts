// Security headers on every response (pages, API, static files). The Content-Security-Policy allows
// scripts only from Farol's own origin or carrying this response's nonce: React Router's inline
// hydration scripts get the nonce through the web handler (http/web.ts → entry.server.tsx), so no
// 'unsafe-inline' script is needed. Styles keep 'unsafe-inline': React writes style attributes and the
// toaster injects a <style>; a style cannot run code. Nothing of Farol is meant to be framed.
// Session and account answers are personal: never stored by a browser or a shared cache (noStore).
import type { MiddlewareHandler } from 'hono'
import { NONCE, secureHeaders } from 'hono/secure-headers'

export function securityHeaders(publicUrl: string): MiddlewareHandler {
  const https = publicUrl.startsWith('https://')
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'", NONCE],
      scriptSrcAttr: ["'none'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
      ...(https ? { upgradeInsecureRequests: [] } : {}),
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    xContentTypeOptions: 'nosniff',
    // Farol never needs these powerful features: a page (or anything injected into one) cannot ask for them.
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
    // HSTS only means something (and only may be sent) over https.
    strictTransportSecurity: https ? 'max-age=31536000; includeSubDomains' : false,
    // A handler that sets its own policy (the favicon proxy's sandbox) keeps it.
    overwrite: false,
  })
}

/** This response's script nonce (set by securityHeaders before the handler runs). */
export function scriptNonce(c: { get(key: 'secureHeadersNonce'): unknown }): string {
  const nonce = c.get('secureHeadersNonce')
  return typeof nonce === 'string' ? nonce : ''
}

/** Paths whose answers describe the signed-in person (session, profile, settings, sessions, tokens). */
const personalPaths = [/^\/api\/session$/, /^\/api\/me(\/|$)/, /^\/api\/auth\//]

/** `Cache-Control: no-store` on session and account answers, whatever the handler set. */
export function noStore(): MiddlewareHandler {
  return async (c, next) => {
    await next()
    if (personalPaths.some((p) => p.test(c.req.path))) c.res.headers.set('Cache-Control', 'no-store')
  }
}
