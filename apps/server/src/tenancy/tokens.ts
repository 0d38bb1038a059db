// Personal API tokens: created by the signed-in user with a name, scopes and an optional expiry, shown
// once, kept only as a SHA-256 hash (a token is 256 random bits, so a fast hash is enough: there is
// nothing to guess), listed with their last use, revoked by the user.
import { createHash, randomBytes } from 'node:crypto'
import { and, count, desc, eq, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../platform/db/database.ts'
import { withQuotaLock } from '../platform/db/quota.ts'
import { apiTokens, members, users } from '../platform/db/schema.ts'
import { AppError } from '../platform/errors.ts'
import { type Scope, scopes, type TokenIdentity } from './session.ts'

/** The prefix makes a leaked token recognisable to secret scanners and to the user. */
const tokenPrefix = 'farol_'
const maxTokensPerUser = 20
/** Last use is written at most once a minute per token: a busy script must not write on every call. */
const lastUseEveryMs = 60_000

export const createTokenInput = z
  .object({
    name: z.string().trim().min(1).max(80),
    scopes: z.array(z.enum(scopes)).min(1).max(scopes.length),
    /** Whole days from now; absent: the token never expires. */
    expiresInDays: z.number().int().min(1).max(3650).optional(),
  })
  .strict()
export type CreateTokenInput = z.infer<typeof createTokenInput>

const tokenView = z.object({
  id: z.uuid(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(scopes)),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
})
export type TokenView = z.infer<typeof tokenView>

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

function view(row: typeof apiTokens.$inferSelect): TokenView {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: row.scopes as Scope[],
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  }
}

export async function createToken(
  db: Db,
  userId: string,
  input: CreateTokenInput,
  now = new Date(),
  /** The workspace the token acts in (workspaces/access.ts still checks the membership on every call). */
  workspaceId: string | null = null,
): Promise<{ token: string; view: TokenView }> {
  const token = `${tokenPrefix}${randomBytes(32).toString('base64url')}`
  // Counted and inserted under the user's lock: concurrent creations must not all see room for one more.
  const row = await withQuotaLock(db, `tokens:${userId}`, async (tx) => {
    const [active] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    if ((active?.n ?? 0) >= maxTokensPerUser) throw new AppError('TOKEN_LIMIT')
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId,
        workspaceId,
        name: input.name,
        tokenHash: hashToken(token),
        prefix: token.slice(0, tokenPrefix.length + 6),
        // Stored in the catalogue's order, without repeats.
        scopes: scopes.filter((s) => input.scopes.includes(s)),
        expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null,
      })
      .returning()
    return inserted!
  })
  return { token, view: view(row) }
}

export async function listTokens(db: Db, userId: string): Promise<TokenView[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt))
  return rows.map(view)
}

/** Revokes one of the user's tokens; another user's token (or an unknown id) is a 404. */
export async function revokeToken(db: Db, userId: string, id: string): Promise<void> {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
  const [row] = await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id })
  if (!row) {
    const [existing] = await db
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    if (!existing) throw new AppError('NOT_FOUND')
  }
}

/** The `Authorization: Bearer …` token of a request, or null when it has none. */
export function bearerToken(authorization: string | undefined | null): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  return match ? match[1]! : null
}

/**
 * The identity a token grants; TOKEN_INVALID for an unknown, revoked or expired token, or one whose user
 * is banned. Updates the last use (at most once a minute).
 */
export async function authenticateToken(db: Db, token: string, now = new Date()): Promise<TokenIdentity> {
  if (!token.startsWith(tokenPrefix) || token.length > 200) throw new AppError('TOKEN_INVALID')
  const [row] = await db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, hashToken(token)))
  if (!row) throw new AppError('TOKEN_INVALID', 'unknown token')
  const { token: t, user: u } = row
  if (t.revokedAt) throw new AppError('TOKEN_INVALID', 'revoked token')
  if (t.expiresAt && t.expiresAt.getTime() <= now.getTime()) throw new AppError('TOKEN_INVALID', 'expired')
  if (u.banned && (!u.banExpires || u.banExpires.getTime() > now.getTime()))
    throw new AppError('TOKEN_INVALID', 'banned user')
  // A token bound to a workspace its user no longer belongs to reaches nothing (not even, in its place,
  // their personal workspace): their departure revokes it too (followers.ts's memberDeparted).
  if (t.workspaceId) {
    const [member] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.organizationId, t.workspaceId), eq(members.userId, u.id)))
    if (!member) throw new AppError('TOKEN_INVALID', 'not a member of its workspace')
  }
  if (!t.lastUsedAt || now.getTime() - t.lastUsedAt.getTime() >= lastUseEveryMs) {
    await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, t.id))
  }
  return {
    tokenId: t.id,
    scopes: t.scopes as Scope[],
    user: {
      id: u.id,
      email: u.email,
      name: u.name,
      role: u.role === 'admin' ? 'admin' : 'user',
      emailVerified: u.emailVerified,
      lang: u.lang === 'en' ? 'en' : 'pt',
      emailNotifications: u.emailNotifications,
      darkMode: u.darkMode,
      activeWorkspaceId: t.workspaceId,
    },
  }
}
