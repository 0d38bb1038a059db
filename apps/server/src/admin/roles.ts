// Roles change only here, by an operator with access to the database: nobody becomes admin by signing
// up or by a hard-coded account.
import { eq } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { sessions, users } from '../db/schema.ts'

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
