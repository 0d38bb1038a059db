// A tracked site its creator manages through the per-site settings that are still the user's (webhooks,
// IndexNow): another user's site, or an id that is not one, is a 404, as for the site itself.
import { and, eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../db/database.ts'
import { trackedSites } from '../db/schema.ts'
import { AppError } from '../errors.ts'

export async function ownedSite(db: Db, userId: string, id: string) {
  if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
  const [site] = await db
    .select()
    .from(trackedSites)
    .where(and(eq(trackedSites.id, id), eq(trackedSites.userId, userId)))
  if (!site) throw new AppError('NOT_FOUND')
  return site
}
