// The install's one `instance` row (its id in logs, the shared auth secret). Whichever process starts first
// on a fresh database creates it, the web process or a separate `npm run worker`.
import { hostname } from 'node:os'
import type { Db } from './database.ts'
import { instance } from './schema.ts'

export async function ensureInstance(db: Db): Promise<string> {
  const rows = await db.select().from(instance).limit(1)
  if (rows[0]) return rows[0].id
  const [created] = await db.insert(instance).values({ createdBy: hostname() }).returning()
  return created!.id
}
