// The PDF renderer opens the printable report page like a browser would. It is not the report's owner,
// so it carries a short-lived token, signed with the shared secret, that lets it read exactly the tasks
// of one report — nothing else, and only for a few minutes.
import { createHmac, timingSafeEqual } from 'node:crypto'

export const renderCookie = 'farol_render'
const lifetimeMs = 10 * 60 * 1000

export interface RenderGrant {
  reportId: string
  taskIds: string[]
}

function sign(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url')
}

export function createRenderToken(grant: RenderGrant, secret: string, now = Date.now()): string {
  const payload = Buffer.from(JSON.stringify({ ...grant, exp: now + lifetimeMs })).toString('base64url')
  return `${payload}.${sign(payload, secret)}`
}

export function verifyRenderToken(
  token: string | undefined,
  secret: string,
  now = Date.now(),
): RenderGrant | null {
  if (!token) return null
  const [payload, signature] = token.split('.')
  if (!payload || !signature) return null
  const expected = Buffer.from(sign(payload, secret))
  const given = Buffer.from(signature)
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  try {
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as RenderGrant & { exp: number }
    if (typeof data.exp !== 'number' || data.exp < now) return null
    return { reportId: data.reportId, taskIds: data.taskIds }
  } catch {
    return null
  }
}
