// A signed-in user's onboarding state (issue 12): the same checklist and tour in every browser. The
// identity comes from the session only. Steps are derived from real data (routes never accept "mark
// this step done"); a visit to a step's page is the one thing the browser reports.
import { and, eq, isNotNull } from 'drizzle-orm'
import { type Context, Hono } from 'hono'
import { z } from 'zod'
import type { Db } from '../../platform/db/database.ts'
import { onboardingStates, tasks, users } from '../../platform/db/schema.ts'
import { AppError } from '../../platform/errors.ts'
import { jsonOf } from '../../platform/http/body.ts'
import type { Auth } from '../../tenancy/auth.ts'
import { requireUser } from '../../tenancy/session.ts'
import { completedSteps, visitPages, withVisit } from './state.ts'

const flagsInput = z
  .object({ dismissed: z.boolean(), tourCompleted: z.boolean(), visitedDashboard: z.boolean() })
  .partial()
  .strict()
const visitInput = z.object({ page: z.enum(visitPages as [string, ...string[]]) }).strict()

const invalid = { pt: 'Dados de onboarding inválidos.', en: 'Invalid onboarding data.' }

function parse<T>(c: Context, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(jsonOf(c))
  if (!parsed.success) throw new AppError('VALIDATION', parsed.error.message, { onboarding: invalid })
  return parsed.data
}

interface OnboardingView {
  completedSteps: string[]
  dismissed: boolean
  tourCompleted: boolean
  visitedDashboard: boolean
}

async function stored(db: Db, userId: string) {
  const [row] = await db.select().from(onboardingStates).where(eq(onboardingStates.userId, userId))
  return row ?? { visited: [], dismissed: false, tourCompleted: false, visitedDashboard: false }
}

async function view(db: Db, userId: string): Promise<OnboardingView> {
  const state = await stored(db, userId)
  const [user] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId))
  const [task] = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.userId, userId), isNotNull(tasks.url)))
    .limit(1)
  return {
    completedSteps: completedSteps({
      name: user?.name ?? null,
      analysed: Boolean(task),
      visited: state.visited,
    }),
    dismissed: state.dismissed,
    tourCompleted: state.tourCompleted,
    visitedDashboard: state.visitedDashboard,
  }
}

export function onboardingRoutes(deps: { auth: Auth; db: Db }): Hono {
  const { auth, db } = deps
  const api = new Hono()

  api.get('/me/onboarding', async (c) => {
    const user = await requireUser(auth, c)
    return c.json(await view(db, user.id))
  })

  api.patch('/me/onboarding', async (c) => {
    const user = await requireUser(auth, c)
    const flags = parse(c, flagsInput)
    await db
      .insert(onboardingStates)
      .values({ userId: user.id, ...flags })
      .onConflictDoUpdate({ target: onboardingStates.userId, set: { ...flags, updatedAt: new Date() } })
    return c.json(await view(db, user.id))
  })

  api.post('/me/onboarding/visits', async (c) => {
    const user = await requireUser(auth, c)
    const { page } = parse(c, visitInput)
    const state = await stored(db, user.id)
    const visited = withVisit(state.visited, page as (typeof visitPages)[number])
    await db
      .insert(onboardingStates)
      .values({ userId: user.id, visited })
      .onConflictDoUpdate({ target: onboardingStates.userId, set: { visited, updatedAt: new Date() } })
    return c.json(await view(db, user.id))
  })

  return api
}
