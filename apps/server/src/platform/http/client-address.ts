// The client's address, for rate limits and quotas: the socket's, or the first X-Forwarded-For hop when
// Farol runs behind a proxy that sets it (FAROL_TRUST_PROXY=1). Never a header a client chose freely.
import type { IncomingMessage } from 'node:http'
import type { Context } from 'hono'

export function clientAddress(c: Context, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
    if (forwarded) return forwarded
  }
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming?.socket.remoteAddress ?? 'unknown'
}
