// The secret that signs session cookies and report render tokens: FAROL_AUTH_SECRET, or one generated on
// first start and kept in the database so every process attached to it (web, workers) shares it.
import { randomBytes } from 'node:crypto'
import { eq, isNull } from 'drizzle-orm'
import type { Config } from '../platform/config.ts'
import type { Db } from '../platform/db/database.ts'
import { instance } from '../platform/db/schema.ts'

export async function sharedSecret(db: Db, config: Pick<Config, 'authSecret'>): Promise<string> {
  if (config.authSecret) return config.authSecret
  const [row] = await db.select().from(instance).limit(1)
  if (!row) throw new Error('instance row missing: start the server through startFarol')
  if (row.authSecret) return row.authSecret
  const secret = randomBytes(32).toString('base64url')
  // Only the first process to get here writes; the others read what it wrote.
  await db.update(instance).set({ authSecret: secret }).where(isNull(instance.authSecret))
  const [after] = await db.select().from(instance).where(eq(instance.id, row.id))
  return after!.authSecret!
}
