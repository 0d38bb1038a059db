// A tracked site belongs to its workspace; its follower (tracked_sites.user_id) is only whom its monitoring
// runs for and mails. When the follower stops being a member who may change sites (removed, left, made a
// client, their account erased), the site is handed to the workspace's steward — its first owner — so it
// stays monitored for the workspace (same schedule; its AI-presence settings are the workspace's, they do
// not move) and its alerts go to someone who still belongs, never to the person who left (decision 034).
import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import type { Db } from '../platform/db/database.ts'
import {
  apiTokens,
  invitations,
  members,
  reportSchedules,
  siteWebhooks,
  trackedSites,
  users,
} from '../platform/db/schema.ts'
import { can, roleOf, type WorkspaceRole } from './roles.ts'

export interface Person {
  userId: string
  role: WorkspaceRole | null
}

/** Pure: who takes a site over: the first owner, else the first admin, else the first member (in order). */
export function stewardOf(people: readonly Person[]): string | null {
  for (const role of ['owner', 'admin', 'member'] as const) {
    const found = people.find((p) => p.role === role)
    if (found) return found.userId
  }
  return null
}

/** Pure: the sites whose follower may no longer change them, each with whom it goes to (none: no one to). */
export function handOvers<S extends { id: string; userId: string }>(
  sites: readonly S[],
  people: readonly Person[],
): { site: S; to: string }[] {
  const writers = new Set(people.filter((p) => p.role && can(p.role, 'write')).map((p) => p.userId))
  const to = stewardOf(people)
  if (!to) return []
  return sites.filter((s) => !writers.has(s.userId)).map((site) => ({ site, to }))
}

/**
 * Hands every site of the workspace whose follower may no longer change it to the steward; returns the
 * sites handed over. Idempotent and safe to call at any time (after a removal, a role change, a leave, an
 * erasure, and by the monitor before each run as the safety net).
 */
export async function handOverSites(
  db: Db,
  workspaceId: string,
): Promise<{ siteId: string; from: string; to: string }[]> {
  const people = (
    await db
      .select({ userId: members.userId, role: members.role })
      .from(members)
      .where(eq(members.organizationId, workspaceId))
      .orderBy(asc(members.createdAt))
  ).map((p) => ({ userId: p.userId, role: roleOf(p.role) }))
  const sites = await db
    .select({ id: trackedSites.id, userId: trackedSites.userId, url: trackedSites.url })
    .from(trackedSites)
    .where(eq(trackedSites.workspaceId, workspaceId))
  const done: { siteId: string; from: string; to: string }[] = []
  for (const { site, to } of handOvers(sites, people)) {
    const [moved] = await db
      .update(trackedSites)
      .set({ userId: to })
      .where(and(eq(trackedSites.id, site.id), eq(trackedSites.userId, site.userId)))
      .returning()
    if (!moved) continue // another request handed it over first
    done.push({ siteId: site.id, from: site.userId, to })
  }
  return done
}

/** Pure: a recipient list without `email`; an emptied list goes to `fallback` instead (when there is one). */
export function withoutRecipient(
  recipients: readonly string[],
  email: string,
  fallback: string | null,
): string[] {
  const kept = recipients.filter((r) => r !== email.toLowerCase())
  return kept.length === 0 && fallback ? [fallback] : kept
}

/**
 * Someone who left the workspace stops receiving its sites' scheduled reports: their address leaves every
 * schedule of the workspace's sites; a schedule left with no one goes to the steward's address.
 */
export async function dropRecipient(db: Db, workspaceId: string, email: string): Promise<number> {
  const schedules = await db
    .select({ id: reportSchedules.id, recipients: reportSchedules.recipients })
    .from(reportSchedules)
    .innerJoin(trackedSites, eq(trackedSites.id, reportSchedules.siteId))
    .where(eq(trackedSites.workspaceId, workspaceId))
  const affected = schedules.filter((s) => s.recipients.includes(email.toLowerCase()))
  if (affected.length === 0) return 0
  const people = await db
    .select({ userId: members.userId, role: members.role })
    .from(members)
    .where(eq(members.organizationId, workspaceId))
    .orderBy(asc(members.createdAt))
  const steward = stewardOf(people.map((p) => ({ userId: p.userId, role: roleOf(p.role) })))
  const [fallback] = steward
    ? await db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.id, [steward]))
    : []
  for (const s of affected)
    await db
      .update(reportSchedules)
      .set({ recipients: withoutRecipient(s.recipients, email, fallback?.email ?? null) })
      .where(eq(reportSchedules.id, s.id))
  return affected.length
}

/**
 * Pure: who added each address of a schedule's new list: the ones already there keep their adder, the new
 * ones are `actor`'s, the removed ones are forgotten.
 */
export function recipientAdders(
  recipients: readonly string[],
  before: Readonly<Record<string, string>>,
  actor: string,
): Record<string, string> {
  return Object.fromEntries(recipients.map((r) => [r, before[r] ?? actor]))
}

/**
 * Pure: a schedule's recipients without those `leaver` added who are not members (`memberEmails`); an
 * emptied list goes to `fallback` (when there is one). Null when nothing changes.
 */
export function withoutAddedBy(
  schedule: { recipients: readonly string[]; addedBy: Readonly<Record<string, string>> },
  leaver: string,
  memberEmails: ReadonlySet<string>,
  fallback: string | null,
): { recipients: string[]; addedBy: Record<string, string> } | null {
  const gone = (r: string) => schedule.addedBy[r] === leaver && !memberEmails.has(r)
  if (!schedule.recipients.some(gone)) return null
  const kept = schedule.recipients.filter((r) => !gone(r))
  const recipients = kept.length === 0 && fallback ? [fallback] : kept
  return { recipients, addedBy: Object.fromEntries(recipients.map((r) => [r, schedule.addedBy[r] ?? ''])) }
}

/**
 * Everything a member's departure (removed, left) changes in the workspace, at once: their sites go to the
 * steward, their address and the addresses they added who are not members leave its report schedules,
 * their webhooks go, their pending invitations are cancelled and their tokens bound to it are revoked.
 * What they made there (analyses, crawls, reports) stays the workspace's. Idempotent.
 */
export async function memberDeparted(db: Db, workspaceId: string, userId: string): Promise<void> {
  await handOverSites(db, workspaceId)
  const [leaver] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
  if (leaver) await dropRecipient(db, workspaceId, leaver.email)
  await dropAddedRecipients(db, workspaceId, userId)
  const sites = db
    .select({ id: trackedSites.id })
    .from(trackedSites)
    .where(eq(trackedSites.workspaceId, workspaceId))
  await db
    .delete(siteWebhooks)
    .where(and(eq(siteWebhooks.createdBy, userId), inArray(siteWebhooks.siteId, sites)))
  await db
    .update(invitations)
    .set({ status: 'canceled' })
    .where(
      and(
        eq(invitations.organizationId, workspaceId),
        eq(invitations.inviterId, userId),
        eq(invitations.status, 'pending'),
      ),
    )
  await db
    .update(apiTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(eq(apiTokens.userId, userId), eq(apiTokens.workspaceId, workspaceId), isNull(apiTokens.revokedAt)),
    )
}

/** The recipients the leaver added to the workspace's schedules who are not members (withoutAddedBy). */
async function dropAddedRecipients(db: Db, workspaceId: string, leaverId: string): Promise<void> {
  const schedules = await db
    .select({
      id: reportSchedules.id,
      recipients: reportSchedules.recipients,
      addedBy: reportSchedules.addedBy,
    })
    .from(reportSchedules)
    .innerJoin(trackedSites, eq(trackedSites.id, reportSchedules.siteId))
    .where(eq(trackedSites.workspaceId, workspaceId))
  if (!schedules.some((s) => Object.values(s.addedBy ?? {}).includes(leaverId))) return
  const people = await db
    .select({ userId: members.userId, role: members.role, email: users.email })
    .from(members)
    .innerJoin(users, eq(users.id, members.userId))
    .where(eq(members.organizationId, workspaceId))
    .orderBy(asc(members.createdAt))
  const emails = new Set(people.map((p) => p.email.toLowerCase()))
  const steward = stewardOf(people.map((p) => ({ userId: p.userId, role: roleOf(p.role) })))
  const fallback = people.find((p) => p.userId === steward)?.email.toLowerCase() ?? null
  for (const s of schedules) {
    const next = withoutAddedBy(
      { recipients: s.recipients, addedBy: s.addedBy ?? {} },
      leaverId,
      emails,
      fallback,
    )
    if (next) await db.update(reportSchedules).set(next).where(eq(reportSchedules.id, s.id))
  }
}
