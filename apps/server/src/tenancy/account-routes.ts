// The signed-in user's own profile and settings, and the admin's overview. Identity always comes from
// the session, never from the URL, so nobody can read or change another user's data here.

import { overallScore } from '@farol/engine/scores/index.ts'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import type { PgBoss } from 'pg-boss'
import { z } from 'zod'
import type { Db } from '../platform/db/database.ts'
import { tasks, users } from '../platform/db/schema.ts'
import { AppError } from '../platform/errors.ts'
import { jsonOf } from '../platform/http/body.ts'
import { queueHealth } from '../platform/jobs/queue.ts'
import type { Auth } from './auth.ts'
import { requireAdmin, requireUser } from './session.ts'

const profileInput = z.object({ name: z.string().trim().min(1).max(100) })
const settingsInput = z
  .object({
    emailNotifications: z.boolean(),
    darkMode: z.boolean(),
    lang: z.enum(['pt', 'en']),
  })
  .partial()
  .strict()

const fieldMessages = {
  name: { pt: 'O nome deve ter entre 1 e 100 caracteres.', en: 'The name must have 1 to 100 characters.' },
  settings: { pt: 'Definições inválidas.', en: 'Invalid settings.' },
}

function parseBody<T>(c: Context, schema: z.ZodType<T>, field: keyof typeof fieldMessages): T {
  const parsed = schema.safeParse(jsonOf(c))
  if (!parsed.success)
    throw new AppError('VALIDATION', parsed.error.message, { [field]: fieldMessages[field] })
  return parsed.data
}

const taskSummary = {
  id: tasks.id,
  kind: tasks.kind,
  url: tasks.url,
  platform: tasks.platform,
  status: tasks.status,
  errorCode: tasks.errorCode,
  createdAt: tasks.createdAt,
  finishedAt: tasks.finishedAt,
  // The scores of a finished analysis, for history charts, without shipping whole results.
  scores: sql<{
    seo: number | null
    aio: number | null
    overall: number | null
  } | null>`case when ${tasks.results} is null then null else jsonb_build_object('seo', ${tasks.results}->'scores'->'seo', 'aio', ${tasks.results}->'scores'->'aio', 'overall', ${tasks.results}->'scores'->'overall'->'score') end`,
}

type Summary = {
  id: string
  scores: { seo: number | null; aio: number | null; overall: number | null } | null
}

/** The rows with their overall counting the presence part (and `llm`, the part counted, when there is one). */
async function withPresenceScores<T extends Summary>(
  db: Db,
  rows: T[],
  presenceParts: ((db: Db, ids: readonly string[]) => Promise<Map<string, number>>) | undefined,
): Promise<T[]> {
  if (!presenceParts) return rows
  const parts = await presenceParts(
    db,
    rows.filter((r) => r.scores).map((r) => r.id),
  )
  return rows.map((row) => {
    const llm = parts.get(row.id)
    const { seo, aio } = row.scores ?? {}
    if (llm === undefined || typeof seo !== 'number' || typeof aio !== 'number') return row
    return { ...row, scores: { ...row.scores!, overall: overallScore({ seo, aio, llm }).score, llm } }
  })
}

export function accountRoutes(deps: {
  auth: Auth
  db: Db
  boss: PgBoss
  providers: { google: boolean; github: boolean }
  /**
   * The presence part of each analysis task's overall (features/analysis/presence-part.ts, decision 045),
   * handed in by the composition root: the history shows the overall every other door shows.
   */
  presenceParts?: (db: Db, ids: readonly string[]) => Promise<Map<string, number>>
}): Hono {
  const { auth, db } = deps
  const api = new Hono()

  // Which social sign-in buttons to show: only providers with credentials configured.
  api.get('/auth-providers', (c) => c.json({ google: deps.providers.google, github: deps.providers.github }))

  api.get('/me', async (c) => {
    const user = await requireUser(auth, c)
    return c.json({ name: user.name, email: user.email, role: user.role })
  })

  api.patch('/me', async (c) => {
    const user = await requireUser(auth, c)
    const { name } = parseBody(c, profileInput, 'name')
    await db.update(users).set({ name, updatedAt: new Date() }).where(eq(users.id, user.id))
    return c.json({ name, email: user.email, role: user.role })
  })

  api.get('/me/settings', async (c) => {
    const user = await requireUser(auth, c)
    return c.json({ emailNotifications: user.emailNotifications, darkMode: user.darkMode, lang: user.lang })
  })

  api.patch('/me/settings', async (c) => {
    const user = await requireUser(auth, c)
    const changes = parseBody(c, settingsInput, 'settings')
    const [saved] = await db
      .update(users)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning({ emailNotifications: users.emailNotifications, darkMode: users.darkMode, lang: users.lang })
    return c.json(saved)
  })

  // The user's own recent analyses (client home, dashboard history); `?host=` keeps one site's,
  // `?url=` one page's (a site's pages are not mixed in one score history).
  api.get('/me/tasks', async (c) => {
    const user = await requireUser(auth, c)
    const host = c.req.query('host')?.trim().toLowerCase()
    const url = c.req.query('url')?.trim()
    const sameHost = host
      ? sql`lower(split_part(split_part(${tasks.url}, '://', 2), '/', 1)) = ${host}`
      : undefined
    const samePage = url ? eq(tasks.url, url) : undefined
    const rows = await db
      .select(taskSummary)
      .from(tasks)
      .where(and(eq(tasks.userId, user.id), sameHost, samePage))
      .orderBy(desc(tasks.createdAt))
      .limit(50)
    return c.json({ tasks: await withPresenceScores(db, rows, deps.presenceParts) })
  })

  api.get('/admin/overview', async (c) => {
    await requireAdmin(auth, c)
    const [totals] = await db.select({ users: count() }).from(users)
    const recentTasks = await db
      .select({ ...taskSummary, userEmail: users.email })
      .from(tasks)
      .leftJoin(users, eq(tasks.userId, users.id))
      .orderBy(desc(tasks.createdAt))
      .limit(50)
    const recentUsers = await db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        emailVerified: users.emailVerified,
        createdAt: users.createdAt,
      })
      .from(users)
      .orderBy(desc(users.createdAt))
      .limit(50)
    return c.json({ totals, users: recentUsers, tasks: recentTasks, queue: await queueHealth(deps.boss) })
  })

  return api
}
