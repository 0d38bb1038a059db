// A workspace's white label: the name, colour, logo and contact printed on its PDF reports and shown on
// its client view instead of Farol's. The input rules are a pure zod schema; reading and writing are I/O.
import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../platform/db/database.ts'
import { workspaceBrands } from '../platform/db/schema.ts'

/** A logo is an image carried in the row: PNG, JPEG or WebP (no SVG: it can carry scripts), ≤ 150 kB. */
const maxLogoChars = 200_000
const logo = z
  .string()
  .max(maxLogoChars)
  .regex(/^data:image\/(png|jpeg|webp);base64,[A-Za-z0-9+/]+={0,2}$/)

export const brandInput = z.object({
  name: z.string().trim().min(1).max(80),
  color: z.string().regex(/^#[0-9a-fA-F]{6}$/),
  logo: logo.nullable().optional(),
  contact: z.string().trim().max(200).nullable().optional(),
})

export interface Brand {
  name: string
  color: string
  logo: string | null
  contact: string | null
}

export async function brandOf(db: Db, workspaceId: string): Promise<Brand | null> {
  const [row] = await db.select().from(workspaceBrands).where(eq(workspaceBrands.workspaceId, workspaceId))
  if (!row) return null
  return { name: row.name, color: row.color, logo: row.logo, contact: row.contact }
}

export async function saveBrand(
  db: Db,
  workspaceId: string,
  input: z.infer<typeof brandInput>,
): Promise<Brand> {
  const values = {
    name: input.name,
    color: input.color.toLowerCase(),
    logo: input.logo ?? null,
    contact: input.contact?.trim() || null,
  }
  await db
    .insert(workspaceBrands)
    .values({ workspaceId, ...values })
    .onConflictDoUpdate({ target: workspaceBrands.workspaceId, set: { ...values, updatedAt: new Date() } })
  return values
}
