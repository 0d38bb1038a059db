// Roles change only here, by an operator with access to the database: nobody becomes admin by signing
// up or by a hard-coded account.
import { and, eq, inArray, notExists, sql } from 'drizzle-orm'
import { deleteCrawls } from '../../features/site-audit/store.ts'
import type { Db } from '../../platform/db/database.ts'
import { members, organizations, reports, sessions, tasks, users } from '../../platform/db/schema.ts'
import { dropRecipient, handOverSites } from '../../tenancy/followers.ts'

export type RoleChange =
  | { ok: true; email: string; role: 'admin' | 'user' }
  | { ok: false; reason: 'no-such-user' }

export async function setRole(db: Db, email: string, role: 'admin' | 'user'): Promise<RoleChange> {
  const normalized = email.trim().toLowerCase()
  const [user] = await db
    .update(users)
    .set({ role, updatedAt: new Date() })
    .where(eq(users.email, normalized))
    .returning()
  if (!user) return { ok: false, reason: 'no-such-user' }
  // Sessions carry the role they were created with: end them so the change applies at once.
  await db.delete(sessions).where(eq(sessions.userId, user.id))
  return { ok: true, email: user.email, role }
}

export async function listAdmins(db: Db): Promise<string[]> {
  const rows = await db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'))
  return rows.map((r) => r.email)
}

/**
 * Erases an account and everything it owns (a GDPR erasure request): analyses, reports and their PDFs'
 * rows, site crawls and their page stores, sessions, sign-in methods, workspaces no one else belongs to. Returns the stored PDF file names so the caller can remove the files.
 */
export async function deleteAccount(db: Db, email: string): Promise<{ ok: boolean; reportFiles: string[] }> {
  const [user] = await db.select().from(users).where(eq(users.email, email.trim().toLowerCase()))
  if (!user) return { ok: false, reportFiles: [] }
  const owned = await db
    .select({ fileName: reports.fileName })
    .from(reports)
    .where(eq(reports.userId, user.id))
  await db.delete(reports).where(eq(reports.userId, user.id))
  // Their crawls, with their page stores (pages, links, issues).
  await deleteCrawls(db, sql`user_id = ${user.id}`)
  await db.delete(tasks).where(eq(tasks.userId, user.id))
  // Workspaces left without any member (their personal one, a team they were alone in) go with the account,
  // and their tracked sites and brand with them; a team that still has members keeps its data.
  const theirs = await db
    .select({ id: members.organizationId })
    .from(members)
    .where(eq(members.userId, user.id))
  // The sites they followed in a team that keeps other members stay that team's: out of it first, the
  // sites go to its steward (workspaces/followers.ts) before the account, and what it follows, goes.
  await db.delete(members).where(eq(members.userId, user.id))
  for (const w of theirs) {
    await handOverSites(db, w.id)
    await dropRecipient(db, w.id, user.email)
  }
  await db.delete(users).where(eq(users.id, user.id))
  if (theirs.length)
    await db.delete(organizations).where(
      and(
        inArray(
          organizations.id,
          theirs.map((w) => w.id),
        ),
        notExists(db.select().from(members).where(eq(members.organizationId, organizations.id))),
      ),
    )
  return { ok: true, reportFiles: owned.map((r) => r.fileName).filter((f): f is string => Boolean(f)) }
}
