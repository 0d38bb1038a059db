// How many invitations may leave, and what the invitation email says. An invitation is an email Farol
// sends to any address with text a stranger chose (the workspace's name): without limits and care it
// relays spam. Pending invitations are capped per workspace; invitations sent are rate limited per
// workspace and per inviter (across all their workspaces) over the last hour; the name is shown as quoted
// plain text that no mail client turns into a link (platform/email/templates.ts).
import { AsyncLocalStorage } from 'node:async_hooks'
import { and, count, eq, gt } from 'drizzle-orm'
import type { Db } from '../platform/db/database.ts'
import { withQuotaLock } from '../platform/db/quota.ts'
import { invitations } from '../platform/db/schema.ts'
import type { Lang } from '../platform/errors.ts'

/** Pending invitations a workspace holds at most (Better Auth's default, counted atomically). */
export const maxPendingInvitations = 100

export interface InvitationLimits {
  pending: number
  perWorkspaceHour: number
  perInviterHour: number
}

export type InvitationRefusal = 'INVITATION_LIMIT' | 'INVITATION_RATE_WORKSPACE' | 'INVITATION_RATE_INVITER'

/**
 * Pure: is an invitation just stored over a limit? The counts include it. Invitations sent in the last hour
 * count whatever became of them (cancelled, accepted), so cancelling and sending again gains nothing.
 */
function invitationRefusal(
  counts: { pending: number; workspaceHour: number; inviterHour: number },
  limits: InvitationLimits,
): InvitationRefusal | null {
  if (counts.pending > limits.pending) return 'INVITATION_LIMIT'
  // The workspace's limit is named first: concurrent invitations all count while they wait for the lock,
  // so a burst can pass both limits at once, and the answer must not depend on which one won the race.
  if (counts.workspaceHour > limits.perWorkspaceHour) return 'INVITATION_RATE_WORKSPACE'
  if (counts.inviterHour > limits.perInviterHour) return 'INVITATION_RATE_INVITER'
  return null
}

/**
 * Better Auth counts and then inserts, so concurrent invitations all see room. Once an invitation is stored
 * and before its email leaves, the counts are taken again holding the inviter's and then the workspace's
 * lock (always in that order: no deadlock): over a limit, the invitation is deleted and the refusal
 * returned. The counts take turns, so the invitations kept never pass a limit.
 */
export async function keptWithinInvitationLimits(
  db: Db,
  invitation: { id: string; workspaceId: string; inviterId: string },
  limits: InvitationLimits,
): Promise<InvitationRefusal | null> {
  return withQuotaLock(db, `invitations-by:${invitation.inviterId}`, (outer) =>
    withQuotaLock(outer, `invitations:${invitation.workspaceId}`, async (tx) => {
      const hourAgo = new Date(Date.now() - 60 * 60 * 1000)
      const counted = async (where: ReturnType<typeof and>) =>
        (await tx.select({ n: count() }).from(invitations).where(where))[0]?.n ?? 0
      const inWorkspace = eq(invitations.organizationId, invitation.workspaceId)
      const refusal = invitationRefusal(
        {
          pending: await counted(
            and(inWorkspace, eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())),
          ),
          workspaceHour: await counted(and(inWorkspace, gt(invitations.createdAt, hourAgo))),
          inviterHour: await counted(
            and(eq(invitations.inviterId, invitation.inviterId), gt(invitations.createdAt, hourAgo)),
          ),
        },
        limits,
      )
      if (refusal) await tx.delete(invitations).where(eq(invitations.id, invitation.id))
      return refusal
    }),
  )
}

/**
 * The language the inviter chose for the invitation email (issue 40: an invitee without an account got
 * the inviter's). Better Auth's createInvitation sends the email inside the call, so Farol's route runs the
 * call with the choice here and auth.ts's sendInvitationEmail reads it. An invitee with an account reads
 * their own language; with no choice (none given), the inviter's.
 */
export const invitationLanguage = new AsyncLocalStorage<Lang>()

/** Pure: the invitation email's language. */
export function invitationEmailLang(
  invitee: { lang?: string | null } | undefined,
  chosen: Lang | undefined,
  inviter: { lang?: string | null },
): Lang {
  const lang = invitee?.lang ?? chosen ?? inviter.lang
  return lang === 'en' ? 'en' : 'pt'
}
