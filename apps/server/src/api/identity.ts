// Who a bearer request acts as. /api/v1 authenticates the token, then hands the request to the same
// routes the web app uses; those ask `currentUser(headers)`. The forwarded request carries a one-time
// random handle (128 bits, alive only while that request is answered) naming the identity kept here in
// memory: a client cannot guess a live one, and the handle survives middleware that copies the request.
import { randomBytes } from 'node:crypto'
import type { SessionUser } from '../http/session.ts'

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
