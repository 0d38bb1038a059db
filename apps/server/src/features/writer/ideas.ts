// The writer's saved ideas for signed-in users: list, add, delete — each user sees only their own.
import { and, desc, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { writerIdeas } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import { inWorkspace, resolveAccess, type WorkspaceAccess } from '../../tenancy/access.ts'
import type { Auth } from '../../tenancy/auth.ts'

/** Saved ideas kept per user; the oldest go first past this. */
const MAX_IDEAS = 50

const ideaInput = z.object({
  title: z.string().trim().min(2).max(200),
  keywords: z.array(z.string().trim().min(1).max(80)).max(12).default([]),
  reason: z.string().trim().max(500).nullable().default(null),
})

const ideaMessages = {
  idea: {
    pt: 'A ideia precisa de um título com 2 a 200 caracteres.',
    en: 'The idea needs a title of 2 to 200 characters.',
  },
}

/** The user's own ideas in the workspace they act in (a notepad of theirs, never shown to its other people). */
const mine = (access: WorkspaceAccess) =>
  and(inWorkspace(access, writerIdeas), eq(writerIdeas.userId, access.user.id))

export function writerIdeaRoutes(deps: { db: Db; auth: Auth }): Hono {
  const api = new Hono()

  api.get('/writer/ideas', async (c) => {
    const access = await resolveAccess(deps, c)
    const rows = await deps.db
      .select()
      .from(writerIdeas)
      .where(mine(access))
      .orderBy(desc(writerIdeas.createdAt))
      .limit(MAX_IDEAS)
    c.header('Cache-Control', 'no-store')
    return c.json({ ideas: rows.map(view) })
  })

  api.post('/writer/ideas', async (c) => {
    const access = await resolveAccess(deps, c)
    const parsed = ideaInput.safeParse(jsonOf(c))
    if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message, { idea: ideaMessages.idea })
    const [row] = await deps.db
      .insert(writerIdeas)
      .values({ userId: access.user.id, workspaceId: access.workspace.id, ...parsed.data })
      .returning()
    // Keep the newest MAX_IDEAS: the list is a notepad, not an archive.
    const old = await deps.db
      .select({ id: writerIdeas.id })
      .from(writerIdeas)
      .where(mine(access))
      .orderBy(desc(writerIdeas.createdAt))
      .offset(MAX_IDEAS)
    for (const o of old) await deps.db.delete(writerIdeas).where(eq(writerIdeas.id, o.id))
    return c.json(view(row!), 201)
  })

  api.delete('/writer/ideas/:id', async (c) => {
    const access = await resolveAccess(deps, c)
    const id = c.req.param('id')
    if (!z.uuid().safeParse(id).success) throw new AppError('NOT_FOUND')
    const deleted = await deps.db
      .delete(writerIdeas)
      .where(and(eq(writerIdeas.id, id), mine(access)))
      .returning({ id: writerIdeas.id })
    if (deleted.length === 0) throw new AppError('NOT_FOUND')
    return c.body(null, 204)
  })

  return api
}

function view(row: typeof writerIdeas.$inferSelect) {
  return {
    id: row.id,
    title: row.title,
    keywords: row.keywords,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  }
}
